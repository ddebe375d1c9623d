/**
 * The batch planner of every send (docs/decisions/080, 303): freezes the recipients into batches
 * of ids (through the send's mailing), hands out the next open batch, marks what is in flight and
 * what the provider accepted, and finishes the send. Every state change is one guarded statement or
 * transaction, so a process killed at any point leaves a state the next one can resume from.
 */
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { newsletterSendBatches as batches, jobs, newsletterSends } from "~/db/schema";
import type { Mailing, OpenBatch, Recipient, SendRow } from "./mailing";
import { recordStats } from "./sends.server";

export type { OpenBatch, Recipient } from "./mailing";

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

/**
 * Starts a queued send: its recipients are frozen into batches by its mailing (in SQL: nothing is
 * held in memory), in the transaction that moves it to "sending".
 */
export async function prepareBatches(
  db: DbOrTx,
  send: SendRow,
  batchSize: number,
  provider: string,
  mailing: Pick<Mailing, "freeze">,
) {
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
    await mailing.freeze(tx, send, batchSize);
    const [totals] = await tx
      .select({
        batches: sql<number>`count(*)::int`,
        recipients: sql<number>`coalesce(sum(jsonb_array_length(${batches.recipientIds})), 0)::int`,
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

export async function nextOpenBatch(db: DbOrTx, sendId: number): Promise<OpenBatch | null> {
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

/** Makes this execution the only one that starts batches of the send (see `claimBatch`). */
export async function takeOverSend(db: DbOrTx, sendId: number, executor: string): Promise<void> {
  await db.update(newsletterSends).set({ executor }).where(eq(newsletterSends.id, sendId));
}

/**
 * Marks a pending batch in flight (attempt, since when, to whom) — only while `executor` still
 * owns the send. False: another process took the send over (our lease ran out).
 */
export async function claimBatch(
  db: DbOrTx,
  batch: OpenBatch,
  recipients: readonly Recipient[],
  executor: string,
): Promise<boolean> {
  const started = await db
    .update(batches)
    .set({
      status: "sending",
      attempts: batch.attempts + 1,
      attemptStartedAt: new Date(),
      probeEmail: recipients[0].email,
      recipientsSent: recipients.length,
    })
    .where(
      and(
        eq(batches.id, batch.id),
        eq(batches.status, "pending"),
        sql`exists (select 1 from newsletter_sends s where s.id = ${batch.sendId} and s.executor = ${executor})`,
      ),
    )
    .returning({ id: batches.id });
  return started.length > 0;
}

/** The provider accepted the batch: it is sent and counted on the send, in one transaction. */
export async function markSent(db: DbOrTx, batch: OpenBatch, providerMessageId: string, recipients: number) {
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

export async function backToPending(db: DbOrTx, batch: OpenBatch, error: string | null) {
  await db
    .update(batches)
    .set({ status: "pending", recipientsSent: 0, lastError: error })
    .where(eq(batches.id, batch.id));
}

/** The send's last error, shown on the screen while a refused batch waits for its retry. */
export async function noteSendError(db: DbOrTx, sendId: number, lastError: string): Promise<void> {
  await db.update(newsletterSends).set({ lastError }).where(eq(newsletterSends.id, sendId));
}

export async function progressOf(db: DbOrTx, sendId: number): Promise<SendProgress> {
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

/** Done: status and the email_stats row in one transaction (a repeat changes nothing). */
export async function finishSend(db: DbOrTx, sendId: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSends)
      .set({ status: "done", lastError: null, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(newsletterSends.id, sendId), eq(newsletterSends.status, "sending")))
      .returning({ id: newsletterSends.id });
    if (row) await recordStats(tx, sendId);
  });
}

export async function cancelWasRequested(db: DbOrTx, jobId: number): Promise<boolean> {
  const [row] = await db.select({ c: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, jobId));
  return row?.c ?? false;
}

/**
 * Batches whose request to the provider started more than `olderThanMs` ago and is still
 * `sending`: their answer was lost and they are not settled yet (the send job settles one within
 * a minute; the metric `bv_newsletter_batches_unsettled` and its alert say when it did not).
 */
export async function unsettledBatchCount(
  db: DbOrTx,
  olderThanMs: number,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(batches)
    .where(
      and(eq(batches.status, "sending"), lt(batches.attemptStartedAt, new Date(now.getTime() - olderThanMs))),
    );
  return Number(row?.n ?? 0);
}
