/**
 * Periodic jobs (listing expiry, the nightly backup, audit pruning): a kind of job of which one
 * run is always queued, under its unique key. The runner (runner.server.ts) queues the next run
 * itself when a run ends — done, failed after its retries, or cancelled — in the same transaction
 * that records how it ended, so that no outcome and no crash between the two leaves the kind with
 * nothing queued (issue 24: a nightly backup that failed on a full disk was never scheduled
 * again). At boot the app queues a first run of each when none is waiting; the metric
 * `bv_jobs_periodic_scheduled{kind}` counts what is queued or running of each, and an alert fires
 * when one has none (deploy/prometheus-rules.yml).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { ACTIVE_STATUSES, enqueueJob, type JobRow } from "./queue.server";

export type PeriodicJob = {
  kind: string;
  uniqueKey: string;
  maxAttempts: number;
  /** When the run after one that ended at `now` is due (whatever that one did). */
  nextRun(now: Date): Date;
  /** When the first run is due at boot (default: at once). */
  firstRun?(now: Date): Date;
  /** False: the kind is switched off (backups without a destination) and is not scheduled again. */
  enabled?(): boolean;
};

export const isEnabled = (job: PeriodicJob) => job.enabled?.() ?? true;

/** At boot: a first run unless one is already queued or running (then that one stays). */
export async function ensurePeriodicScheduled(
  db: DbOrTx,
  job: PeriodicJob,
  now = new Date(),
): Promise<{ job: JobRow; created: boolean }> {
  return enqueueJob(db, {
    kind: job.kind,
    uniqueKey: job.uniqueKey,
    runAfter: job.firstRun?.(now) ?? now,
    maxAttempts: job.maxAttempts,
  });
}

/**
 * The next run after `current` ended: the ended row gives its unique key up (a run that ended in
 * another way may still hold it) and the next run takes it — unless one is queued already, which
 * stays. Safe inside a transaction (no unique-violation is raised: `on conflict do nothing`).
 */
export async function queueNextRun(
  db: DbOrTx,
  job: PeriodicJob,
  current: Pick<JobRow, "id" | "payload">,
  now = new Date(),
): Promise<void> {
  await db
    .update(jobs)
    .set({ uniqueKey: null, updatedAt: now })
    .where(and(eq(jobs.id, current.id), eq(jobs.uniqueKey, job.uniqueKey)));
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: current.payload ?? {},
      uniqueKey: job.uniqueKey,
      runAfter: job.nextRun(now),
      maxAttempts: job.maxAttempts,
      progress: {},
    })
    .onConflictDoNothing();
}

/** How many runs of each kind are queued or running (0 for a kind with none). */
export async function scheduledRuns(db: DbOrTx, kinds: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = Object.fromEntries(kinds.map((k) => [k, 0]));
  if (kinds.length === 0) return counts;
  const rows = await db
    .select({ kind: jobs.kind, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(inArray(jobs.kind, [...kinds]), inArray(jobs.status, ACTIVE_STATUSES)))
    .groupBy(jobs.kind);
  for (const row of rows) counts[row.kind] = Number(row.n);
  return counts;
}
