/**
 * The newsletter send: a durable job (domain/jobs) that submits a send's batches to the mail
 * provider one at a time, with a 1-second pause between them (spec §7/§9), so that every active
 * recipient gets exactly one message whatever happens to the process (docs/decisions/080):
 *
 * 1. *Prepare* (once, in one transaction): the recipient list is frozen into batches of 1,000
 *    subscriber ids (`newsletter_send_batches`), in SQL, before anything is sent.
 * 2. *Send* the lowest open batch: mark it `sending` (what is in flight, since when, to whom),
 *    submit it, and mark it `sent` in the same transaction that counts it on the send — only after
 *    the provider accepted it. A refusal puts it back to `pending`; it is retried after 2, 4, 8 and
 *    16 s, and past that the send fails with 'Greška prilikom slanja newsletter-a: {reason}'.
 * 3. *Resume* after a crash or restart: the job runner gives the job to another process; a batch
 *    left `sending` (its answer was lost) is settled by asking the provider whether it accepted it
 *    (Mailgun's events by our reference; the outbox's file), never by guessing; then the next
 *    batch follows. No recipient twice, none skipped.
 * 4. *Finish*: the send is done and its email_stats row is written, in one transaction.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { newsletterSendBatches as batches, jobs, newsletterSends, newsletterSubscribers } from "~/db/schema";
import type { JobContext, JobHandler } from "~/domain/jobs/runner.server";
import { PermanentJobError } from "~/domain/jobs/runner.server";
import { getSettings } from "~/domain/settings/settings.server";
import { MailError, type MailProvider, type OutgoingMessage } from "~/integrations/mailgun/provider";
import { logger } from "~/lib/logger.server";
import { emitTelemetry } from "~/lib/telemetry.server";
import { NEWSLETTER_MESSAGES } from "./messages";
import { newsletterFrom, replyToAddress } from "./senders";
import { getSend, markSendEnded, recordStats, type SendRow } from "./sends.server";
import { UNSUBSCRIBE_PLACEHOLDER, unsubscribeSecret, unsubscribeUrl } from "./unsubscribe-link.server";

export type SendJobOptions = {
  mail: MailProvider;
  /** Pause between two batches (spec: 1 s). */
  pauseMs?: number;
  /** Waits before the 2nd, 3rd … attempt of a refused batch; its length + 1 is the attempts a batch gets. */
  retryDelaysMs?: readonly number[];
  /**
   * A batch whose answer was lost is settled with the provider only this long after it was sent:
   * longer than the provider's request timeout, so no request of an older process can still be in
   * flight when we ask.
   */
  settleAfterMs?: number;
  /** Recipients per batch (default: the provider's maximum, 1,000). */
  batchSize?: number;
};

export const DEFAULT_PAUSE_MS = 1000;
export const DEFAULT_RETRY_DELAYS_MS = [2000, 4000, 8000, 16000] as const;
/** Mailgun's request timeout is 30 s (mailgun.server.ts); 15 s more for its events to list the message. */
const DEFAULT_SETTLE_AFTER_MS = 45_000;

type Batch = typeof batches.$inferSelect;
export type SendProgress = {
  sendId: number;
  batchesDone: number;
  totalBatches: number;
  recipientsSent: number;
  totalRecipients: number;
  message?: string;
};

/** `nl-{send}-{batch}`: our reference of a batch at the provider. */
export function batchReference(sendId: number, batchNo: number): string {
  return `nl-${sendId}-${batchNo}`;
}

/** Freezes the recipients into batches (in SQL: nothing is held in memory) and starts sending. */
export async function prepareBatches(db: DbOrTx, send: SendRow, batchSize: number, provider: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSends)
      .set({ status: "sending", provider, updatedAt: new Date() })
      .where(and(eq(newsletterSends.id, send.id), eq(newsletterSends.status, "queued")))
      .returning({ id: newsletterSends.id });
    if (!row) return;
    // Frozen once: a send that already has its batches keeps them (never sent twice).
    const [existing] = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(eq(batches.sendId, send.id))
      .limit(1);
    if (existing) return;
    const picked =
      send.audience === "selected"
        ? sql`and id in (select (jsonb_array_elements_text(${JSON.stringify(send.selectedIds ?? [])}::jsonb))::int)`
        : sql``;
    await tx.execute(sql`
      insert into newsletter_send_batches (send_id, batch_no, subscriber_ids)
      select ${send.id}, b + 1, jsonb_agg(id order by id)
      from (
        select id, (row_number() over (order by id) - 1) / ${batchSize} as b
        from newsletter_subscribers
        where is_active ${picked}
      ) s
      group by b`);
    const [totals] = await tx
      .select({
        batches: sql<number>`count(*)::int`,
        recipients: sql<number>`coalesce(sum(jsonb_array_length(${batches.subscriberIds})), 0)::int`,
      })
      .from(batches)
      .where(eq(batches.sendId, send.id));
    await tx
      .update(newsletterSends)
      .set({
        totalBatches: totals.batches,
        totalRecipients: totals.recipients,
        batchesDone: 0,
        recipientsSent: 0,
      })
      .where(eq(newsletterSends.id, send.id));
  });
}

type OpenBatch = Omit<Batch, "subscriberIds">;

async function nextOpenBatch(db: DbOrTx, sendId: number): Promise<OpenBatch | null> {
  const [row] = await db
    .select({
      id: batches.id,
      sendId: batches.sendId,
      batchNo: batches.batchNo,
      status: batches.status,
      attempts: batches.attempts,
      attemptStartedAt: batches.attemptStartedAt,
      probeEmail: batches.probeEmail,
      providerMessageId: batches.providerMessageId,
      recipientsSent: batches.recipientsSent,
      lastError: batches.lastError,
      sentAt: batches.sentAt,
    })
    .from(batches)
    .where(and(eq(batches.sendId, sendId), inArray(batches.status, ["pending", "sending"])))
    .orderBy(asc(batches.batchNo))
    .limit(1);
  return row ?? null;
}

async function markSent(db: DbOrTx, batch: OpenBatch, providerMessageId: string, recipients: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(batches)
      .set({
        status: "sent",
        providerMessageId,
        recipientsSent: recipients,
        sentAt: new Date(),
        lastError: null,
      })
      .where(and(eq(batches.id, batch.id), inArray(batches.status, ["pending", "sending"])))
      .returning({ id: batches.id });
    if (!row) return;
    await tx
      .update(newsletterSends)
      .set({
        batchesDone: sql`${newsletterSends.batchesDone} + 1`,
        recipientsSent: sql`${newsletterSends.recipientsSent} + ${recipients}`,
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(newsletterSends.id, batch.sendId));
  });
}

async function backToPending(db: DbOrTx, batch: OpenBatch, error: string | null) {
  await db
    .update(batches)
    .set({ status: "pending", recipientsSent: 0, lastError: error })
    .where(eq(batches.id, batch.id));
}

async function progressOf(db: DbOrTx, sendId: number): Promise<SendProgress> {
  const [send] = await db
    .select({
      batchesDone: newsletterSends.batchesDone,
      totalBatches: newsletterSends.totalBatches,
      recipientsSent: newsletterSends.recipientsSent,
      totalRecipients: newsletterSends.totalRecipients,
    })
    .from(newsletterSends)
    .where(eq(newsletterSends.id, sendId));
  return {
    sendId,
    batchesDone: send?.batchesDone ?? 0,
    totalBatches: send?.totalBatches ?? 0,
    recipientsSent: send?.recipientsSent ?? 0,
    totalRecipients: send?.totalRecipients ?? 0,
  };
}

/** A batch's subscribers that are still active, read through the frozen id list in SQL. */
async function activeRecipients(db: DbOrTx, batchId: number) {
  return db
    .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(
      and(
        sql`${newsletterSubscribers.id} in (select (jsonb_array_elements_text(b.subscriber_ids))::int from newsletter_send_batches b where b.id = ${batchId})`,
        eq(newsletterSubscribers.isActive, true),
      ),
    )
    .orderBy(asc(newsletterSubscribers.id));
}

/** Done: status and the email_stats row in one transaction (a repeat changes nothing). */
async function finishSend(db: DbOrTx, sendId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSends)
      .set({ status: "done", lastError: null, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.status, "sending")))
      .returning({ id: newsletterSends.id });
    if (row) await recordStats(tx, sendId);
  });
}

async function cancelWasRequested(db: DbOrTx, jobId: number): Promise<boolean> {
  const [row] = await db.select({ c: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, jobId));
  return row?.c ?? false;
}

export function createSendHandler(options: SendJobOptions): JobHandler {
  const { mail } = options;
  const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxAttempts = retryDelays.length + 1;
  const settleAfterMs = options.settleAfterMs ?? DEFAULT_SETTLE_AFTER_MS;
  const batchSize = Math.min(options.batchSize ?? mail.maximumRecipients, mail.maximumRecipients);

  return async (ctx: JobContext) => {
    const { db } = ctx;
    const sendId = Number(ctx.job.payload.sendId);
    const log = logger.child({ sendId, jobId: ctx.job.id });
    let send = await getSend(db, sendId);
    if (!send || (send.status !== "queued" && send.status !== "sending")) {
      return { sendId, message: "Nema šta da se pošalje." };
    }
    if (send.status === "queued") {
      await prepareBatches(db, send, batchSize, mail.name);
      send = (await getSend(db, sendId)) as SendRow;
      log.info(
        { batches: send.totalBatches, recipients: send.totalRecipients, provider: mail.name },
        "newsletter send prepared",
      );
      if (send.totalRecipients === 0) {
        const message = NEWSLETTER_MESSAGES.sendFailed(NEWSLETTER_MESSAGES.noRecipients);
        await markSendEnded(db, sendId, "failed", message);
        throw new PermanentJobError(message);
      }
    }

    // From now on only this execution starts batches of this send (see `executor`).
    const executor = randomUUID();
    await db.update(newsletterSends).set({ executor }).where(eq(newsletterSends.id, sendId));

    const settings = await getSettings(db);
    const secret = await unsubscribeSecret(db);
    const from = newsletterFrom(settings.siteName, mail.domain);
    const replyTo = replyToAddress(settings.contactEmail, mail.domain);

    /** Stopped from outside: a person (cancel) or the process (shutdown, lost lease). */
    const stopped = async () => {
      if (await cancelWasRequested(db, ctx.job.id)) {
        await markSendEnded(db, sendId, "cancelled", null);
        log.info("newsletter send cancelled");
      }
      return progressOf(db, sendId);
    };

    type Next =
      | { kind: "none" }
      | { kind: "settle"; batch: OpenBatch }
      | { kind: "empty"; batch: OpenBatch }
      | {
          kind: "send";
          batch: OpenBatch;
          recipients: { id: number; email: string }[];
          message: OutgoingMessage;
        };

    /** The next open batch, its recipients still active and its message, built ahead of time. */
    const prepare = async (): Promise<Next> => {
      const batch = await nextOpenBatch(db, sendId);
      if (!batch) return { kind: "none" };
      // A batch left "sending": its answer was lost (the process died with it in flight).
      if (batch.status === "sending") return { kind: "settle", batch };
      const recipients = await activeRecipients(db, batch.id);
      // Everyone in this batch left after the list was frozen.
      if (recipients.length === 0) return { kind: "empty", batch };
      const message: OutgoingMessage = {
        kind: "newsletter",
        from,
        replyTo,
        to: recipients.map((r) => r.email),
        subject: send.subject,
        html: send.html,
        text: send.text,
        recipientVariables: Object.fromEntries(
          recipients.map((r) => [
            r.email,
            { unsubscribe_url: unsubscribeUrl(send.origin, secret, r.id, r.email) },
          ]),
        ),
        headers: {
          "List-Unsubscribe": `<${UNSUBSCRIBE_PLACEHOLDER}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        tracking: true,
        tags: ["newsletter"],
        reference: batchReference(sendId, batch.batchNo),
      };
      return { kind: "send", batch, recipients, message };
    };

    let next = prepare();
    for (;;) {
      if (ctx.signal.aborted) return stopped();
      const step = await next;
      if (step.kind === "none") break;

      if (step.kind === "settle") {
        const { batch } = step;
        const startedAt = batch.attemptStartedAt ?? new Date(0);
        const wait = startedAt.getTime() + settleAfterMs - Date.now();
        if (wait > 0 && !(await ctx.sleep(wait))) return stopped();
        const accepted = await mail.wasAccepted({
          reference: batchReference(sendId, batch.batchNo),
          recipient: batch.probeEmail ?? "",
          since: startedAt,
        });
        log.warn({ batch: batch.batchNo, accepted }, "settled a batch whose answer was lost");
        emitTelemetry({ type: "newsletter-batch", result: accepted ? "settled-sent" : "settled-unsent" });
        if (accepted) await markSent(db, batch, "", batch.recipientsSent);
        else await backToPending(db, batch, "Odgovor na slanje je izgubljen; provajder ga nije primio.");
        next = prepare();
        continue;
      }
      if (step.kind === "empty") {
        await markSent(db, step.batch, "", 0);
        next = prepare();
        continue;
      }

      const { batch, recipients, message } = step;
      const attempt = batch.attempts + 1;
      const started = await db
        .update(batches)
        .set({
          status: "sending",
          attempts: attempt,
          attemptStartedAt: new Date(),
          probeEmail: recipients[0].email,
          recipientsSent: recipients.length,
        })
        .where(
          and(
            eq(batches.id, batch.id),
            eq(batches.status, "pending"),
            sql`exists (select 1 from newsletter_sends s where s.id = ${sendId} and s.executor = ${executor})`,
          ),
        )
        .returning({ id: batches.id });
      if (started.length === 0) {
        // Another process took this send over (our lease ran out): it goes on, we stop here.
        log.warn({ batch: batch.batchNo }, "newsletter send taken over by another process; stopping here");
        return progressOf(db, sendId);
      }
      try {
        // Not aborted by a shutdown: the request in flight finishes and is recorded first.
        const receipt = await mail.send(message);
        // The pause starts when the provider accepted the batch; our bookkeeping and the next
        // batch's preparation happen inside it.
        const pause = ctx.sleep(pauseMs);
        emitTelemetry({ type: "newsletter-batch", result: "sent" });
        await markSent(db, batch, receipt.id, recipients.length);
        const progress = await progressOf(db, sendId);
        await ctx.report(progress);
        if (progress.batchesDone >= progress.totalBatches) {
          next = Promise.resolve({ kind: "none" });
          continue;
        }
        next = prepare();
        next.catch(() => {}); // Awaited below; a failure surfaces there.
        if (!(await pause)) return stopped();
      } catch (error) {
        if (!(error instanceof MailError)) throw error;
        emitTelemetry({ type: "newsletter-batch", result: error.uncertain ? "uncertain" : "refused" });
        if (error.uncertain) {
          log.warn(
            { err: error, batch: batch.batchNo },
            "batch answer lost; it will be settled with the provider",
          );
          next = prepare();
          continue;
        }
        await backToPending(db, batch, error.message);
        if (attempt >= maxAttempts) {
          const failure = NEWSLETTER_MESSAGES.sendFailed(error.message);
          log.error(
            { err: error, batch: batch.batchNo, attempts: attempt },
            "newsletter batch refused; send failed",
          );
          await markSendEnded(db, sendId, "failed", failure);
          throw new PermanentJobError(failure);
        }
        log.warn({ err: error, batch: batch.batchNo, attempt }, "newsletter batch refused; retrying");
        await db
          .update(newsletterSends)
          .set({
            lastError: `Grupa ${batch.batchNo}, pokušaj ${attempt} od ${maxAttempts}: ${error.message}`,
          })
          .where(eq(newsletterSends.id, sendId));
        if (!(await ctx.sleep(retryDelays[attempt - 1]))) return stopped();
        next = prepare();
      }
    }

    await finishSend(db, sendId);
    const done = await progressOf(db, sendId);
    log.info({ recipients: done.recipientsSent, batches: done.batchesDone }, "newsletter send done");
    return { ...done, message: "Poslato" };
  };
}
