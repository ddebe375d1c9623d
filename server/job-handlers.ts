/**
 * The composition root of the durable jobs: every kind of background job the app runs, with its
 * handler wired to the providers chosen at boot. An area adds its kind here ("newsletter:send",
 * "headings:convert-all", "listings:expire" …); the runner started by server/app.ts runs exactly
 * these.
 */

import { ALERT_RUN_KINDS, alertRunSchedule, createAlertRunHandler } from "~/domain/alerts/run-job.server";
import { PUBLISH_JOB_KIND, publishScheduledHandler } from "~/domain/articles/scheduling.server";
import { AUDIT_PRUNE_SCHEDULE, createAuditPruneHandler, PRUNE_JOB_KIND } from "~/domain/audit/audit.server";
import {
  createNightlyBackupHandler,
  NIGHTLY_BACKUP_KIND,
  nightlyBackupSchedule,
} from "~/domain/backups/nightly.server";
import { createHeadingsJobHandlers } from "~/domain/headings/jobs.server";
import type { PeriodicJob } from "~/domain/jobs/periodic.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import {
  EXPIRE_JOB_KIND,
  expireListingsHandler,
  LISTING_EXPIRY_SCHEDULE,
} from "~/domain/listings/expiry.server";
import {
  createExpiryReminderHandler,
  EXPIRY_REMINDER_SCHEDULE,
  REMIND_JOB_KIND,
} from "~/domain/listings/reminder-job.server";
import { createSendHandler } from "~/domain/newsletter/send-job.server";
import { SEND_JOB_KIND } from "~/domain/newsletter/sends.server";
import { createSyncHandler, SYNC_JOB_KIND } from "~/domain/newsletter/sync-job.server";
import { getEnv } from "~/env.server";
import { publicOrigin } from "~/http/public-origin.server";
import { appVersion } from "~/lib/app-version.server";
import { getContacts, getMail, getServices, getStorage } from "~/services.server";

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [EXPIRE_JOB_KIND]: expireListingsHandler,
  [PUBLISH_JOB_KIND]: publishScheduledHandler,
  [PRUNE_JOB_KIND]: createAuditPruneHandler(() => getEnv().AUDIT_RETENTION_DAYS),
  // The providers are the ones chosen at boot (services.server.ts).
  [SEND_JOB_KIND]: (ctx) => createSendHandler({ mail: getMail() })(ctx),
  [SYNC_JOB_KIND]: (ctx) => createSyncHandler({ contacts: getContacts() })(ctx),
  // The listing alerts' runs go through the newsletter's send machinery with the alerts' mailing.
  [ALERT_RUN_KINDS.daily]: createAlertRunHandler("daily", () => ({
    options: { mail: getMail() },
    origin: publicOrigin(),
  })),
  [ALERT_RUN_KINDS.instant]: createAlertRunHandler("instant", () => ({
    options: { mail: getMail() },
    origin: publicOrigin(),
  })),
  [REMIND_JOB_KIND]: createExpiryReminderHandler(() => ({ mail: getMail(), origin: publicOrigin() })),
  // "headings:analyze-all", "headings:convert-all"
  ...createHeadingsJobHandlers(),
  [NIGHTLY_BACKUP_KIND]: createNightlyBackupHandler(() => {
    const { handle, backups } = getServices();
    return {
      handle,
      databaseUrl: backups?.databaseUrl,
      storage: getStorage(),
      destination: backups?.destination ?? null,
      appVersion: appVersion(),
    };
  }),
};

/**
 * The periodic kinds among them (domain/jobs/periodic.server.ts): the runner queues each one's next
 * run whatever the last did; the metrics count what is queued of each. The nightly backup is one
 * while a destination is configured.
 */
export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  LISTING_EXPIRY_SCHEDULE,
  AUDIT_PRUNE_SCHEDULE,
  EXPIRY_REMINDER_SCHEDULE,
  alertRunSchedule("daily"),
  alertRunSchedule("instant"),
  nightlyBackupSchedule(() => Boolean(getServices().backups?.destination)),
];
