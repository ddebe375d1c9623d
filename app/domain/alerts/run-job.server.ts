/**
 * The alert runs as periodic durable jobs (docs/decisions/303): `alerts:daily` at 7:00 New York
 * time, `alerts:instant` every 15 minutes and half a minute after an approval (`nudgeInstantAlerts`).
 * A run schedules its successor first (a failing run never ends the schedule), takes over the sends
 * of its frequency that an earlier run left unfinished (a provider that refused past its retries),
 * then makes its own send — frozen and walked by the newsletter's machinery with the alerts'
 * mailing (mailing.server.ts) — and resumes it after a crash or restart (its id is the job's
 * checkpoint).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { type AlertFrequency, newsletterSendBatches, newsletterSends } from "~/db/schema";
import { ensurePeriodicScheduled, type PeriodicJob } from "~/domain/jobs/periodic.server";
import { enqueueNextRun, latestJobs, nudgeJob, pruneFinishedRuns } from "~/domain/jobs/queue.server";
import type { JobContext, JobHandler } from "~/domain/jobs/runner.server";
import { runMailingSend, type SendJobOptions } from "~/domain/newsletter/send-job.server";
import { nextNewYorkHour } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { alertMailing, UNFINISHED_STATUSES } from "./mailing.server";
import { DAILY_RUN_HOUR, INSTANT_DELAY_MS, INSTANT_INTERVAL_MS } from "./options";

export const ALERT_RUN_KINDS: Record<AlertFrequency, string> = {
  daily: "alerts:daily",
  instant: "alerts:instant",
};
/** Finished runs kept (the admin screen shows the latest). */
const KEEP_FINISHED_MS = 7 * 86_400_000;

/** When the run after one at `now` is due. */
export function nextRunAt(frequency: AlertFrequency, now: Date): Date {
  return frequency === "daily"
    ? nextNewYorkHour(now, DAILY_RUN_HOUR)
    : new Date(now.getTime() + INSTANT_INTERVAL_MS);
}

/**
 * The runs as periodic kinds for the runner and the metrics: a run queues its successor itself when
 * it starts (so an approval can nudge it); the runner's queueing at the end keeps the one already
 * queued, and only acts when that first step was never reached.
 */
export function alertRunSchedule(frequency: AlertFrequency): PeriodicJob {
  return {
    kind: ALERT_RUN_KINDS[frequency],
    uniqueKey: ALERT_RUN_KINDS[frequency],
    maxAttempts: 10,
    nextRun: (now) => nextRunAt(frequency, now),
    firstRun: (now) => (frequency === "daily" ? nextRunAt("daily", now) : now),
  };
}

export type AlertRunResult = { emails: number; sends: number; message: string };

/** Sends of this frequency left unfinished by a run that ended: this run takes them over. */
async function adoptUnfinishedSends(db: DbOrTx, frequency: AlertFrequency, jobId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const adopted = await tx
      .update(newsletterSends)
      .set({
        jobId,
        status: sql`case when ${newsletterSends.totalBatches} > 0 then 'sending' else 'queued' end`,
        lastError: null,
        finishedAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(newsletterSends.kind, "alerts"),
          eq(newsletterSends.audience, frequency),
          inArray(newsletterSends.status, [...UNFINISHED_STATUSES]),
          sql`${newsletterSends.jobId} is distinct from ${jobId}`,
          sql`not exists (select 1 from jobs j where j.id = ${newsletterSends.jobId} and j.status in ('queued', 'running'))`,
        ),
      )
      .returning({ id: newsletterSends.id });
    if (adopted.length === 0) return;
    logger.warn({ sends: adopted.map((s) => s.id), frequency }, "alert run takes over unfinished sends");
    await tx
      .update(newsletterSendBatches)
      .set({ attempts: 0 })
      .where(
        and(
          inArray(
            newsletterSendBatches.sendId,
            adopted.map((s) => s.id),
          ),
          eq(newsletterSendBatches.status, "pending"),
        ),
      );
  });
}

/** This run's own send, made once (its id is the job's checkpoint, so a resumed run finds it). */
async function ownSend(ctx: JobContext, frequency: AlertFrequency, origin: string): Promise<number | null> {
  const made = ctx.progress.ownSendId;
  if (typeof made === "number") return null; // made on an earlier attempt: it is one of this job's sends
  const [row] = await ctx.db
    .insert(newsletterSends)
    .values({
      kind: "alerts",
      status: "queued",
      audience: frequency,
      subject: frequency === "daily" ? "Dnevna obaveštenja o oglasima" : "Obaveštenja o oglasima (odmah)",
      html: "",
      text: "",
      origin,
      jobId: ctx.job.id,
      queuedAt: new Date(),
    })
    .returning({ id: newsletterSends.id });
  await ctx.report({ ...ctx.progress, ownSendId: row.id });
  return row.id;
}

/** Every unfinished send this job holds, oldest first. */
async function sendsOfJob(db: DbOrTx, jobId: number): Promise<number[]> {
  const rows = await db
    .select({ id: newsletterSends.id })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.jobId, jobId), inArray(newsletterSends.status, ["queued", "sending"])))
    .orderBy(asc(newsletterSends.id));
  return rows.map((r) => r.id);
}

export function createAlertRunHandler(
  frequency: AlertFrequency,
  deps: () => { options: SendJobOptions; origin: string },
): JobHandler {
  const kind = ALERT_RUN_KINDS[frequency];
  return async (ctx) => {
    const now = new Date();
    await enqueueNextRun(ctx.db, ctx.job, { uniqueKey: kind, runAfter: nextRunAt(frequency, now) });
    const { options, origin } = deps();
    await adoptUnfinishedSends(ctx.db, frequency, ctx.job.id);
    await ownSend(ctx, frequency, origin);
    let emails = 0;
    const sends = await sendsOfJob(ctx.db, ctx.job.id);
    for (const sendId of sends) {
      if (ctx.signal.aborted) break;
      const progress = await runMailingSend(ctx, options, sendId, alertMailing);
      emails += progress.recipientsSent;
    }
    await pruneFinishedRuns(ctx.db, kind, KEEP_FINISHED_MS, now);
    const result: AlertRunResult = {
      emails,
      sends: sends.length,
      message: emails > 0 ? `Poslato e-mailova: ${emails}.` : "Nema novih oglasa za slanje.",
    };
    return { ...ctx.progress, ...result, ranAt: now.toISOString() };
  };
}

/** At boot: both runs scheduled (the daily one at its hour, the instant one now). */
export async function ensureAlertRunsScheduled(db: Database, now = new Date()): Promise<void> {
  for (const frequency of ["daily", "instant"] as const) {
    await ensurePeriodicScheduled(db, alertRunSchedule(frequency), now);
  }
}

/** An approval: the instant run goes in half a minute (more approvals meanwhile join it). */
export function nudgeInstantAlerts(db: DbOrTx, now = new Date()): Promise<boolean> {
  return nudgeJob(db, ALERT_RUN_KINDS.instant, new Date(now.getTime() + INSTANT_DELAY_MS));
}

/**
 * The admin's "run the daily alerts now": the queued daily run (queued first if the schedule had
 * none) becomes due now; false when a run is under way (nothing is waiting).
 */
export async function runDailyAlertsNow(db: DbOrTx, now = new Date()): Promise<boolean> {
  await ensurePeriodicScheduled(db, alertRunSchedule("daily"), now);
  return nudgeJob(db, ALERT_RUN_KINDS.daily, now);
}

export type AlertRunView = {
  frequency: AlertFrequency;
  status: string;
  runAfter: Date;
  finishedAt: Date | null;
  message: string | null;
  emails: number | null;
  lastError: string | null;
};

/** The latest runs of each frequency (the scheduled one first), for the admin screen. */
export async function latestAlertRuns(db: DbOrTx, limit = 3): Promise<AlertRunView[]> {
  const out: AlertRunView[] = [];
  for (const frequency of ["daily", "instant"] as const) {
    for (const job of await latestJobs(db, ALERT_RUN_KINDS[frequency], limit)) {
      const progress = job.progress as Partial<AlertRunResult>;
      out.push({
        frequency,
        status: job.status,
        runAfter: job.runAfter,
        finishedAt: job.finishedAt,
        message: typeof progress.message === "string" ? progress.message : null,
        emails: typeof progress.emails === "number" ? progress.emails : null,
        lastError: job.lastError,
      });
    }
  }
  return out;
}
