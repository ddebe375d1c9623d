/**
 * What a newsletter job records when it fails (decision 271): a code, with the reason as its detail
 * (`withDetail(SEND_FAILED, reason)` is `"newsletter.send_failed:Mailgun 500: …"`). The screens say
 * the words of `app/messages/newsletter.ts` through the error table (`storedErrorText`).
 */
import { codes } from "~/domain/result";

export const NEWSLETTER_JOB_ERROR = codes("newsletter", [
  "send_failed",
  "sync_failed",
  "sync_not_configured",
]);
export const SEND_FAILED = NEWSLETTER_JOB_ERROR.send_failed;
export const SYNC_FAILED = NEWSLETTER_JOB_ERROR.sync_failed;
export const SYNC_NOT_CONFIGURED = NEWSLETTER_JOB_ERROR.sync_not_configured;
export type NewsletterJobErrorCode = (typeof NEWSLETTER_JOB_ERROR)[keyof typeof NEWSLETTER_JOB_ERROR];

/** The reason of a send that froze nobody (as the mail providers word it, spec §8). */
export const NO_RECIPIENTS = "No recipients provided";
