/**
 * Every kind of background job the app runs, with its handler. An area adds its kind here
 * ("newsletter:send", "headings:convert-all", "listings:expire" …); the runner started at boot
 * (server/app.ts) runs exactly these.
 */
import { createHeadingsJobHandlers } from "~/domain/headings/jobs.server";
import { EXPIRE_JOB_KIND, expireListingsHandler } from "~/domain/listings/expiry.server";
import type { JobHandler } from "./runner.server";

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [EXPIRE_JOB_KIND]: expireListingsHandler,
  // "headings:analyze-all", "headings:convert-all"
  ...createHeadingsJobHandlers(),
};
