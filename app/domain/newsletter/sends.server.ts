/**
 * A newsletter's life outside the job: generated as a *draft* (what the admin previews is exactly
 * what is sent), *queued* with its subject and recipients together with its durable job, followed
 * on the manager's screen, stopped, or resumed after a failure. The sending itself is the job
 * (send-job.server.ts). One send runs at a time (one unique job key), so a double click or a second
 * admin cannot mail the list twice.
 */
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx, Transaction } from "~/db/client.server";
import {
  emailStats,
  jobs,
  NEWSLETTER_KINDS,
  type NewsletterKind,
  newsletterSendBatches,
  newsletterSends,
  newsletterSubscribers,
  SEND_EMAIL_TYPES,
} from "~/db/schema";
import { activeJobByKey, enqueueJob, getJob, requestCancel } from "~/domain/jobs/queue.server";
import { type Failure, fail } from "~/domain/result";
import { pgErrorCode } from "~/lib/db-errors";
import type { SendRow } from "./mailing";

export const SEND_JOB_KIND = "newsletter:send";
/** At most one queued or running send. */
export const SEND_JOB_KEY = "newsletter:send";
/** Drafts nobody sent are removed after a day. */
const DRAFT_TTL_HOURS = 24;

export type { SendRow } from "./mailing";

export async function createDraft(
  db: DbOrTx,
  input: {
    kind: NewsletterKind;
    subject: string;
    html: string;
    text: string;
    articleIds: number[];
    origin: string;
    createdBy: string | null;
  },
): Promise<SendRow> {
  await db
    .delete(newsletterSends)
    .where(
      and(
        eq(newsletterSends.status, "draft"),
        lt(newsletterSends.createdAt, sql`now() - interval '${sql.raw(String(DRAFT_TTL_HOURS))} hours'`),
      ),
    );
  const [row] = await db
    .insert(newsletterSends)
    .values({ ...input, status: "draft" })
    .returning();
  return row;
}

export async function getSend(db: DbOrTx, id: number): Promise<SendRow | null> {
  const [row] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, id)).limit(1);
  return row ?? null;
}

/** The newsletter's own sends (not the listing alerts' runs, which share the table). */
const isNewsletter = inArray(newsletterSends.kind, [...NEWSLETTER_KINDS]);

/** Removes a send that reached nobody (an alert run with nothing new); its batches go with it. */
export async function deleteSend(db: DbOrTx, id: number): Promise<void> {
  await db.delete(newsletterSends).where(eq(newsletterSends.id, id));
}

/**
 * Why a send is not queued (the words are in app/messages/newsletter.ts, the statuses in
 * app/http/errors.ts): another send is running, no recipient, the draft is gone (sent or removed
 * meanwhile).
 */
export type SendErrorCode = "newsletter.send_busy" | "newsletter.send_incomplete" | "newsletter.draft_gone";
export type QueueResult = { ok: true; send: SendRow } | Failure<SendErrorCode>;

class Refused extends Error {
  constructor(readonly result: Extract<QueueResult, { ok: false }>) {
    super(result.code);
  }
}

/** How many active subscribers a send would reach now (picked ones: those still active). */
export async function countRecipients(db: DbOrTx, audience: "all" | "selected", ids: readonly number[]) {
  const where =
    audience === "all"
      ? eq(newsletterSubscribers.isActive, true)
      : and(eq(newsletterSubscribers.isActive, true), inArray(newsletterSubscribers.id, [...ids]));
  if (audience === "selected" && ids.length === 0) return 0;
  const [{ n }] = await db.select({ n: count() }).from(newsletterSubscribers).where(where);
  return n;
}

/**
 * The send's job, inside the caller's transaction; refused while another send is queued or running.
 * The insert runs in a savepoint, so losing a race for the unique key does not abort the caller.
 */
async function enqueueSendJob(tx: Transaction, sendId: number, createdBy: string | null) {
  if (await activeJobByKey(tx, SEND_JOB_KEY)) {
    throw new Refused(fail("newsletter.send_busy"));
  }
  try {
    const { job } = await tx.transaction((sp) =>
      enqueueJob(sp, {
        kind: SEND_JOB_KIND,
        payload: { sendId },
        uniqueKey: SEND_JOB_KEY,
        maxAttempts: 10,
        createdBy: createdBy ?? undefined,
      }),
    );
    return job;
  } catch (error) {
    if (pgErrorCode(error) === "23505") {
      throw new Refused(fail("newsletter.send_busy"));
    }
    throw error;
  }
}

/** Enqueues the send's job and links it to the send, in the caller's transaction. */
async function linkSendJob(tx: Transaction, sendId: number, createdBy: string | null): Promise<SendRow> {
  const job = await enqueueSendJob(tx, sendId, createdBy);
  const [withJob] = await tx
    .update(newsletterSends)
    .set({ jobId: job.id })
    .where(eq(newsletterSends.id, sendId))
    .returning();
  return withJob;
}

/** Runs a queueing transaction; a refusal thrown inside it (rolling it back) is the answer. */
async function queueing(db: DbOrTx, work: (tx: Transaction) => Promise<SendRow>): Promise<QueueResult> {
  try {
    return { ok: true, send: await db.transaction(work) };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** Turns a draft into a queued send and enqueues its job, in one transaction. */
export async function queueSend(
  db: DbOrTx,
  input: {
    draftId: number;
    subject: string;
    audience: "all" | "selected";
    subscriberIds: number[];
    createdBy: string | null;
  },
): Promise<QueueResult> {
  const recipients = await countRecipients(db, input.audience, input.subscriberIds);
  if (recipients === 0) {
    return fail("newsletter.send_incomplete");
  }
  return queueing(db, async (tx) => {
    const [queued] = await tx
      .update(newsletterSends)
      .set({
        status: "queued",
        subject: input.subject,
        audience: input.audience,
        selectedIds: input.audience === "selected" ? input.subscriberIds : null,
        totalRecipients: recipients,
        queuedAt: new Date(),
        updatedAt: new Date(),
        createdBy: input.createdBy,
      })
      .where(and(eq(newsletterSends.id, input.draftId), eq(newsletterSends.status, "draft")))
      .returning();
    if (!queued) throw new Refused(fail("newsletter.draft_gone"));
    return linkSendJob(tx, queued.id, input.createdBy);
  });
}

/** Stops a send: at once when its job has not started, else at the job's next checkpoint. */
export async function cancelSend(db: DbOrTx, sendId: number): Promise<boolean> {
  const send = await getSend(db, sendId);
  if (!send?.jobId || (send.status !== "queued" && send.status !== "sending")) return false;
  if (!(NEWSLETTER_KINDS as readonly string[]).includes(send.kind)) return false;
  const asked = await requestCancel(db, send.jobId);
  const job = await getJob(db, send.jobId);
  if (job?.status === "cancelled" || !asked) {
    await markSendEnded(db, sendId, "cancelled", null);
  }
  return true;
}

/**
 * Continues a failed or stopped send with its next unsent batch (the recipients already sent to
 * are never sent to again).
 */
export async function resumeSend(db: DbOrTx, sendId: number, createdBy: string | null): Promise<QueueResult> {
  return queueing(db, async (tx) => {
    const [row] = await tx
      .update(newsletterSends)
      .set({
        // With its batches already frozen it goes on sending; without them it is prepared first.
        status: sql`case when ${newsletterSends.totalBatches} > 0 then 'sending' else 'queued' end`,
        lastError: null,
        finishedAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(newsletterSends.id, sendId),
          inArray(newsletterSends.status, ["failed", "cancelled"]),
          isNewsletter,
        ),
      )
      .returning();
    if (!row) throw new Refused(fail("newsletter.draft_gone"));
    await tx
      .update(newsletterSendBatches)
      .set({ attempts: 0 })
      .where(and(eq(newsletterSendBatches.sendId, sendId), eq(newsletterSendBatches.status, "pending")));
    return linkSendJob(tx, sendId, createdBy);
  });
}

/**
 * Ends a send that is not done (failed or cancelled). Recipients already sent to are counted in
 * the e-mail stats all the same: those messages went out.
 */
export async function markSendEnded(
  db: DbOrTx,
  sendId: number,
  status: "failed" | "cancelled",
  error: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsletterSends)
      .set({ status, lastError: error, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(newsletterSends.id, sendId), inArray(newsletterSends.status, ["queued", "sending"])))
      .returning({ id: newsletterSends.id });
    if (row) await recordStats(tx, sendId);
  });
}

/**
 * The e-mail stats row of a send (spec §7: recipient count, its type, time, provider) for the
 * recipients not counted yet: a send resumed after a failure adds only what it sent afterwards.
 * Call inside the transaction that changed the send's status.
 */
export async function recordStats(tx: DbOrTx, sendId: number): Promise<void> {
  const [row] = await tx
    .select({
      kind: newsletterSends.kind,
      recipientsSent: newsletterSends.recipientsSent,
      statsRecorded: newsletterSends.statsRecorded,
      provider: newsletterSends.provider,
    })
    .from(newsletterSends)
    .where(eq(newsletterSends.id, sendId))
    .for("update");
  const added = row ? row.recipientsSent - row.statsRecorded : 0;
  if (!row || added <= 0) return;
  await tx
    .update(newsletterSends)
    .set({ statsRecorded: row.recipientsSent })
    .where(eq(newsletterSends.id, sendId));
  await tx.insert(emailStats).values({
    recipientCount: added,
    emailType: SEND_EMAIL_TYPES[row.kind],
    sentAt: new Date(),
    provider: row.provider ?? "unknown",
  });
}

export type SendSummary = Pick<
  SendRow,
  | "id"
  | "kind"
  | "status"
  | "subject"
  | "provider"
  | "totalRecipients"
  | "totalBatches"
  | "batchesDone"
  | "recipientsSent"
  | "lastError"
  | "createdBy"
  | "createdAt"
  | "queuedAt"
  | "finishedAt"
> & { jobStatus: string | null; jobRunAfter: Date | null };

const summaryColumns = {
  id: newsletterSends.id,
  kind: newsletterSends.kind,
  status: newsletterSends.status,
  subject: newsletterSends.subject,
  provider: newsletterSends.provider,
  totalRecipients: newsletterSends.totalRecipients,
  totalBatches: newsletterSends.totalBatches,
  batchesDone: newsletterSends.batchesDone,
  recipientsSent: newsletterSends.recipientsSent,
  lastError: newsletterSends.lastError,
  createdBy: newsletterSends.createdBy,
  createdAt: newsletterSends.createdAt,
  queuedAt: newsletterSends.queuedAt,
  finishedAt: newsletterSends.finishedAt,
  jobStatus: jobs.status,
  jobRunAfter: jobs.runAfter,
};

/** The newest sends (not drafts), for the manager's progress and history. */
export async function recentSends(db: DbOrTx, limit = 5): Promise<SendSummary[]> {
  return db
    .select(summaryColumns)
    .from(newsletterSends)
    .leftJoin(jobs, eq(jobs.id, newsletterSends.jobId))
    .where(and(sql`${newsletterSends.status} <> 'draft'`, isNewsletter))
    .orderBy(desc(newsletterSends.queuedAt), desc(newsletterSends.id))
    .limit(limit);
}
