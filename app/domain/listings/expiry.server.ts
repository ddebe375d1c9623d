/**
 * Expiry of listings as a periodic durable job (decision 094): `listings:expire` marks approved
 * listings past their date as expired, tells the caches (`contentChanged("listings")`), clears its
 * own old finished runs. It is periodic (jobs/periodic.server.ts): the runner queues the next run
 * whatever this one did, there is only ever one scheduled (its unique key), and the app enqueues
 * one at boot when none is waiting, so a stopped server catches up at its next start.
 */
import type { Database, DbOrTx } from "~/db/client.server";
import { ensurePeriodicScheduled, type PeriodicJob } from "~/domain/jobs/periodic.server";
import { pruneFinishedRuns } from "~/domain/jobs/queue.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import { contentChanged } from "~/lib/content-change.server";
import { logger } from "~/lib/logger.server";
import { expireDueListings } from "./listings.server";

export const EXPIRE_JOB_KIND = "listings:expire";
export const EXPIRE_JOB_KEY = "listings:expire";
/** How often the job runs. The public pages check the date themselves; this moves the status. */
export const EXPIRE_INTERVAL_MS = 15 * 60_000;
/** Finished runs of this job older than this are deleted by the job itself. */
export const KEEP_FINISHED_MS = 24 * 3_600_000;

/** One pass: expire what is due and tidy up; returns the ids expired. */
export async function runListingExpiry(db: DbOrTx, now = new Date()): Promise<number[]> {
  const expired = await expireDueListings(db, now);
  if (expired.length > 0) {
    contentChanged("listings");
    logger.info({ count: expired.length }, "listings expired");
  }
  await pruneFinishedRuns(db, EXPIRE_JOB_KIND, KEEP_FINISHED_MS, now);
  return expired;
}

/** The job handler: one pass (the runner queues the next in EXPIRE_INTERVAL_MS). */
export const expireListingsHandler: JobHandler = async (ctx) => {
  const now = new Date();
  const expired = await runListingExpiry(ctx.db, now);
  return { expired: expired.length, ranAt: now.toISOString() };
};

export const LISTING_EXPIRY_SCHEDULE: PeriodicJob = {
  kind: EXPIRE_JOB_KIND,
  uniqueKey: EXPIRE_JOB_KEY,
  maxAttempts: 10,
  nextRun: (now) => new Date(now.getTime() + EXPIRE_INTERVAL_MS),
};

/** At boot: a run now unless one is already queued or running (then that one stays). */
export async function ensureListingExpiryScheduled(db: Database): Promise<void> {
  await ensurePeriodicScheduled(db, LISTING_EXPIRY_SCHEDULE);
}
