/**
 * The expiry reminder as a periodic durable job (`listings:remind`, hourly, like the expiry job of
 * decision 094): each run e-mails the posters whose listing expires within three days, with a fresh
 * management link to renew it (owner.server.ts `sendExpiryReminders`). It is periodic
 * (jobs/periodic.server.ts): the runner queues the next run whatever this one did, and the app
 * enqueues one at boot when none is waiting.
 */
import type { Database } from "~/db/client.server";
import { ensurePeriodicScheduled, type PeriodicJob } from "~/domain/jobs/periodic.server";
import { pruneFinishedRuns } from "~/domain/jobs/queue.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import type { MailProvider } from "~/integrations/mailgun/provider";
import { KEEP_FINISHED_MS } from "./expiry.server";
import { sendExpiryReminders } from "./owner.server";

export const REMIND_JOB_KIND = "listings:remind";
const REMIND_JOB_KEY = "listings:remind";
export const REMIND_INTERVAL_MS = 60 * 60_000;

export function createExpiryReminderHandler(deps: () => { mail: MailProvider; origin: string }): JobHandler {
  return async (ctx) => {
    const now = new Date();
    const { mail, origin } = deps();
    const sent = await sendExpiryReminders(ctx.db, mail, origin, now);
    await pruneFinishedRuns(ctx.db, REMIND_JOB_KIND, KEEP_FINISHED_MS, now);
    return { sent, ranAt: now.toISOString() };
  };
}

export const EXPIRY_REMINDER_SCHEDULE: PeriodicJob = {
  kind: REMIND_JOB_KIND,
  uniqueKey: REMIND_JOB_KEY,
  maxAttempts: 3,
  nextRun: (now) => new Date(now.getTime() + REMIND_INTERVAL_MS),
};

export async function ensureExpiryRemindersScheduled(db: Database): Promise<void> {
  await ensurePeriodicScheduled(db, EXPIRY_REMINDER_SCHEDULE);
}
