/**
 * The composition root of the durable jobs: every kind of background job the app runs, with its
 * handler wired to the providers chosen at boot. An area adds its kind here ("newsletter:send",
 * "headings:convert-all", "listings:expire" …); the runner started by server/app.ts runs exactly
 * these.
 */
import { createHeadingsJobHandlers } from "~/domain/headings/jobs.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import { EXPIRE_JOB_KIND, expireListingsHandler } from "~/domain/listings/expiry.server";
import { createSendHandler } from "~/domain/newsletter/send-job.server";
import { SEND_JOB_KIND } from "~/domain/newsletter/sends.server";
import { createSyncHandler, SYNC_JOB_KIND } from "~/domain/newsletter/sync-job.server";
import { getContacts, getMail } from "~/services.server";

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [EXPIRE_JOB_KIND]: expireListingsHandler,
  // The providers are the ones chosen at boot (services.server.ts).
  [SEND_JOB_KIND]: (ctx) => createSendHandler({ mail: getMail() })(ctx),
  [SYNC_JOB_KIND]: (ctx) => createSyncHandler({ contacts: getContacts() })(ctx),
  // "headings:analyze-all", "headings:convert-all"
  ...createHeadingsJobHandlers(),
};
