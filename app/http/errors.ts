/**
 * The one table from a domain failure code to what the screen says and the HTTP status it answers
 * with (decision 170). Domain modules name their codes (`UserErrorCode`, …) and never a message;
 * routes call `failure(code)` and never write a message for a failure themselves. The table is
 * typed as total over every code, so a new code without its Serbian text does not compile.
 */
import { data } from "react-router";
import type { AlertErrorCode } from "~/domain/alerts/alerts.server";
import type { BannerErrorCode } from "~/domain/banners/banners.server";
import type { CacheErrorCode } from "~/domain/cache/clear.server";
import type { CompanyErrorCode } from "~/domain/companies/constants";
import type { SubmissionErrorCode } from "~/domain/companies/submissions.server";
import type { LatinWordsErrorCode } from "~/domain/cyrillic/latin-words-form";
import type { ForumErrorCode } from "~/domain/forum/moderation.server";
import type { VoteErrorCode } from "~/domain/forum/votes.server";
import type { HeadingErrorCode } from "~/domain/headings/rules";
import type { ListingErrorCode } from "~/domain/listings/admin.server";
import type { OwnerErrorCode } from "~/domain/listings/owner.server";
import type { SubmitErrorCode } from "~/domain/listings/submit.server";
import type { MediaErrorCode } from "~/domain/media/rules";
import type { NewsletterJobErrorCode } from "~/domain/newsletter/job-errors";
import type { SendErrorCode } from "~/domain/newsletter/sends.server";
import type { SignupErrorCode } from "~/domain/newsletter/signup.server";
import type { TestEmailErrorCode } from "~/domain/newsletter/test-email.server";
import type { UnsubscribeErrorCode } from "~/domain/newsletter/unsubscribe.server";
import type { CheckoutErrorCode } from "~/domain/orders/checkout.server";
import type { ProductErrorCode } from "~/domain/orders/products";
import type { PopupErrorCode } from "~/domain/popup/rules";
import { tooManyRequestsMessage } from "~/domain/rate-limit/public-form.server";
import type { SettingsErrorCode } from "~/domain/settings/settings-form";
import type { LoginErrorCode } from "~/domain/users/auth.server";
import type { UserErrorCode } from "~/domain/users/manage.server";
import type { SignInLinkErrorCode } from "~/domain/users/sign-in-link.server";
import type { FieldErrors, FormValues } from "~/lib/form";
import { ALERT_MESSAGES } from "~/messages/alerts";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import { BANNER_MESSAGES } from "~/messages/banners";
import { CACHE_MESSAGES } from "~/messages/cache";
import { COMPANY_MESSAGES, SUBMISSION_MESSAGES } from "~/messages/companies";
import { LATIN_WORDS_MESSAGES } from "~/messages/cyrillic";
import { fieldErrorsText } from "~/messages/fields";
import { FORUM_MESSAGES } from "~/messages/forum";
import { HEADINGS_MESSAGES } from "~/messages/headings";
import { LISTING_MESSAGES, OWNER_MESSAGES } from "~/messages/listings";
import { MEDIA_MESSAGES } from "~/messages/media";
import { NEWSLETTER_MESSAGES, SIGNUP_MESSAGES, UNSUBSCRIBE_MESSAGES } from "~/messages/newsletter";
import { CHECKOUT_MESSAGES, PRODUCT_MESSAGES } from "~/messages/orders";
import { POPUP_MESSAGES } from "~/messages/popup";
import { SETTINGS_MESSAGES } from "~/messages/settings";
import {
  deleteErrorMessage,
  LOGIN_MESSAGES,
  loginRateLimitMessage,
  SIGN_IN_LINK_MESSAGES,
  USER_MESSAGES,
} from "~/messages/users";

/** Codes every area may answer with. */
export type CommonErrorCode = "unknown_intent" | "bad_request" | "rate_limited" | "forbidden";

/** The listing forms' own refusals at the edge: fields to fix, a body too large, photo work busy. */
export type ListingFormErrorCode = "listing.invalid" | "listing.too_large" | "listing.busy";

export type ArticleErrorCode =
  | "article.not_found"
  | "article.save_failed"
  | "article.delete_failed"
  | "article.popular_failed"
  | "article.preview_link_not_found"
  | "article.invalid"
  | "article.stale"
  | "article.not_scheduled"
  | "article.restore_failed";

export type ErrorCode =
  | CommonErrorCode
  | ArticleErrorCode
  | ForumErrorCode
  | VoteErrorCode
  | BannerErrorCode
  | PopupErrorCode
  | SettingsErrorCode
  | CacheErrorCode
  | TestEmailErrorCode
  | NewsletterJobErrorCode
  | UnsubscribeErrorCode
  | ListingErrorCode
  | OwnerErrorCode
  | AlertErrorCode
  | SubmitErrorCode
  | SubmissionErrorCode
  | CompanyErrorCode
  | MediaErrorCode
  | CheckoutErrorCode
  | UserErrorCode
  | LoginErrorCode
  | SignInLinkErrorCode
  | SignupErrorCode
  | SendErrorCode
  | HeadingErrorCode
  | LatinWordsErrorCode
  | ProductErrorCode
  | ListingFormErrorCode;

type Entry = { status: number; message: string | ((detail: string) => string) };

export const ERRORS = {
  unknown_intent: { status: 400, message: "Nepoznata akcija." },
  bad_request: { status: 400, message: "Neispravan zahtev." },
  rate_limited: { status: 429, message: (minutes) => tooManyRequestsMessage(Number(minutes)) },
  forbidden: { status: 403, message: "Nemate dozvolu za pristup ovoj stranici." },
  "login.missing": { status: 400, message: LOGIN_MESSAGES.missing },
  // The failure's detail is the wait in seconds.
  "login.rate_limited": { status: 429, message: (seconds) => loginRateLimitMessage(Number(seconds)) },
  "login.invalid": { status: 401, message: LOGIN_MESSAGES.invalid },
  "login.session_failed": { status: 500, message: LOGIN_MESSAGES.sessionFailed },
  "login.unexpected": { status: 500, message: LOGIN_MESSAGES.unexpected },
  "article.not_found": { status: 404, message: ARTICLE_MESSAGES.notFound },
  "article.save_failed": { status: 500, message: ARTICLE_MESSAGES.saveFailed },
  "article.delete_failed": { status: 500, message: ARTICLE_MESSAGES.deleteFailed },
  "article.popular_failed": { status: 500, message: ARTICLE_MESSAGES.popularFailed },
  "article.preview_link_not_found": {
    status: 404,
    message: "Link za pregled nije pronađen ili je već opozvan.",
  },
  "media.in_use": {
    status: 409,
    message: "Slika se koristi. Izaberite drugu sliku koja će je svuda zameniti, ili otkažite brisanje.",
  },
  "media.replacement_invalid": {
    status: 400,
    message: "Za zamenu izaberite drugu sliku iz biblioteke.",
  },
  "forum.topic_not_found": { status: 404, message: FORUM_MESSAGES.topicNotFound },
  "forum.comment_not_found": { status: 404, message: FORUM_MESSAGES.commentNotFound },
  "forum.topic_unchanged": { status: 409, message: FORUM_MESSAGES.topicNotFound },
  "forum.comment_unchanged": { status: 409, message: FORUM_MESSAGES.commentNotFound },
  "forum.topic_gone": { status: 404, message: FORUM_MESSAGES.topicGone },
  "forum.nothing_changed": { status: 409, message: FORUM_MESSAGES.nothingChanged },
  "forum.update_failed": { status: 500, message: FORUM_MESSAGES.updateFailed },
  "forum.delete_failed": { status: 500, message: FORUM_MESSAGES.deleteFailed },
  // A bad vote post answers 400, a failed one 500 (the route gives the status).
  "forum.vote_failed": { status: 500, message: FORUM_MESSAGES.voteFailed },
  "forum.vote_gone": { status: 404, message: FORUM_MESSAGES.voteGone },
  // The detail is the wait in minutes.
  "forum.too_many_votes": { status: 429, message: (minutes) => FORUM_MESSAGES.tooManyVotes(Number(minutes)) },
  "banner.not_found": { status: 404, message: BANNER_MESSAGES.notFound },
  "banner.save_failed": { status: 500, message: BANNER_MESSAGES.saveFailed },
  "banner.create_disabled": { status: 400, message: BANNER_MESSAGES.createDisabled },
  "banner.invalid": { status: 400, message: BANNER_MESSAGES.invalid },
  "banner.campaign_not_found": { status: 404, message: BANNER_MESSAGES.campaignNotFound },
  "banner.report_not_found": { status: 404, message: BANNER_MESSAGES.reportNotFound },
  // A refused form answers 400 (the route gives the status), a failed save 500.
  "popup.save_failed": { status: 500, message: POPUP_MESSAGES.saveFailed },
  // A refused form answers 400 (the route gives the status); a failed database 503, the browser
  // then keeps the values (spec §4).
  "settings.save_failed": { status: 503, message: SETTINGS_MESSAGES.saveFailed },
  // A post that is not the screen's answers 400 (the route gives the status).
  "cache.server_failed": { status: 500, message: CACHE_MESSAGES.serverFailed },
  // The detail is the provider's one-line reason.
  "newsletter.test_failed": { status: 502, message: (reason) => NEWSLETTER_MESSAGES.testFailed(reason) },
  // A link that is not valid answers 400 (the route gives the status), a failed write 500.
  "newsletter.unsubscribe_failed": { status: 500, message: UNSUBSCRIBE_MESSAGES.failed },
  // What a failed send or sync records; the detail is the reason (the provider's answer).
  "newsletter.send_failed": { status: 500, message: (reason) => NEWSLETTER_MESSAGES.sendFailed(reason) },
  "newsletter.sync_failed": {
    status: 500,
    message: (reason) => `${NEWSLETTER_MESSAGES.syncFailed}: ${reason}`,
  },
  "newsletter.sync_not_configured": { status: 400, message: NEWSLETTER_MESSAGES.syncNotConfigured },
  "listing.not_found": { status: 404, message: LISTING_MESSAGES.notFound },
  "listing.not_allowed": { status: 409, message: LISTING_MESSAGES.notAllowed },
  "listing.reject_note_required": { status: 400, message: LISTING_MESSAGES.rejectNoteRequired },
  "listing.action_failed": { status: 500, message: LISTING_MESSAGES.actionFailed },
  "listing.link_invalid": { status: 404, message: OWNER_MESSAGES.linkInvalid },
  "listing.link_revoked": { status: 410, message: OWNER_MESSAGES.linkRevoked },
  "listing.owner_not_allowed": { status: 409, message: OWNER_MESSAGES.notAllowed },
  "listing.owner_failed": { status: 500, message: OWNER_MESSAGES.failed },
  "alert.too_many": { status: 409, message: ALERT_MESSAGES.tooMany },
  "alert.address_limited": { status: 429, message: ALERT_MESSAGES.addressLimited },
  "alert.mail_failed": { status: 502, message: ALERT_MESSAGES.mailFailed },
  "alert.link_invalid": { status: 404, message: ALERT_MESSAGES.linkInvalid },
  "alert.failed": { status: 500, message: ALERT_MESSAGES.failed },
  "company.not_found": { status: 404, message: COMPANY_MESSAGES.notFound },
  "company.invalid": { status: 400, message: COMPANY_MESSAGES.fixErrors },
  "company.save_failed": { status: 500, message: COMPANY_MESSAGES.saveFailed },
  "company.toggle_failed": { status: 500, message: COMPANY_MESSAGES.toggleFailed },
  "company.delete_failed": { status: 500, message: COMPANY_MESSAGES.deleteFailed },
  "media.not_image": { status: 400, message: MEDIA_MESSAGES.notImage },
  "media.too_large": { status: 413, message: MEDIA_MESSAGES.tooLarge },
  "media.manager_too_large": { status: 413, message: MEDIA_MESSAGES.managerTooLarge },
  "media.too_many_pixels": { status: 413, message: MEDIA_MESSAGES.tooManyPixels },
  "media.svg_too_complex": { status: 413, message: MEDIA_MESSAGES.svgTooComplex },
  "media.unsafe_svg": { status: 400, message: MEDIA_MESSAGES.uploadFailed },
  "media.upload_failed": { status: 500, message: MEDIA_MESSAGES.uploadFailed },
  "media.busy": { status: 503, message: MEDIA_MESSAGES.uploadFailed },
  "media.not_found": { status: 404, message: "Fajl nije pronađen." },
  "media.unknown_bucket": { status: 400, message: "Nepoznata fascikla." },
  // The store's one-line reason, as the screen has always shown it.
  "media.delete_failed": { status: 500, message: (reason) => reason },
  "checkout.unavailable": { status: 404, message: CHECKOUT_MESSAGES.unavailable },
  "checkout.product": { status: 400, message: CHECKOUT_MESSAGES.product },
  "checkout.provider_failed": { status: 502, message: CHECKOUT_MESSAGES.providerFailed },
  "listing.photo_refused": { status: 400, message: LISTING_MESSAGES.fixErrors },
  "listing.submit_failed": { status: 500, message: LISTING_MESSAGES.failed },
  "submission.not_found": { status: 404, message: SUBMISSION_MESSAGES.notFound },
  "submission.not_pending": { status: 409, message: SUBMISSION_MESSAGES.notPending },
  "submission.update_failed": { status: 500, message: SUBMISSION_MESSAGES.updateFailed },
  "submission.approve_failed": { status: 500, message: SUBMISSION_MESSAGES.approveFailed },
  "submission.reject_failed": { status: 500, message: SUBMISSION_MESSAGES.rejectFailed },
  "submission.delete_failed": { status: 500, message: SUBMISSION_MESSAGES.deleteFailed },
  "submission.reject_note_required": { status: 400, message: SUBMISSION_MESSAGES.rejectNoteRequired },
  "user.no_create_permission": { status: 403, message: USER_MESSAGES.noCreatePermission },
  "user.no_toggle_permission": { status: 403, message: USER_MESSAGES.noTogglePermission },
  "user.no_delete_permission": { status: 403, message: USER_MESSAGES.noDeletePermission },
  "user.not_found": { status: 404, message: USER_MESSAGES.notFound },
  "user.protected": { status: 403, message: USER_MESSAGES.protected },
  "user.cannot_deactivate_self": { status: 400, message: USER_MESSAGES.cannotDeactivateSelf },
  "user.cannot_delete_self": { status: 400, message: USER_MESSAGES.cannotDeleteSelf },
  "user.email_taken": { status: 409, message: USER_MESSAGES.emailTaken },
  "user.create_failed": { status: 500, message: USER_MESSAGES.createFailed },
  "user.toggle_failed": { status: 500, message: USER_MESSAGES.toggleFailed },
  "user.delete_foreign_key": { status: 500, message: USER_MESSAGES.deleteForeignKey },
  "user.delete_insufficient_privilege": { status: 500, message: USER_MESSAGES.deleteInsufficientPrivilege },
  "user.delete_still_exists": { status: 500, message: USER_MESSAGES.deleteStillExists },
  // Spec §8: 'Greška baze podataka: {message}', the database's one-line message.
  "user.delete_db_error": { status: 500, message: (detail) => deleteErrorMessage(undefined, detail) },
  "newsletter.signup_failed": { status: 500, message: SIGNUP_MESSAGES.failed },
  "newsletter.send_busy": { status: 409, message: NEWSLETTER_MESSAGES.sendBusy },
  "newsletter.send_incomplete": { status: 400, message: NEWSLETTER_MESSAGES.needGenerateAndRecipients },
  "newsletter.draft_gone": { status: 409, message: NEWSLETTER_MESSAGES.draftGone },
  "sign_in_link.invalid": { status: 410, message: SIGN_IN_LINK_MESSAGES.invalid },
  // Issue 25, second part: AI headings, Latin-only words, promotion packages, owner links, alerts.
  "heading.not_found": { status: 404, message: HEADINGS_MESSAGES.missing },
  "heading.already_converted": { status: 409, message: HEADINGS_MESSAGES.alreadyConverted },
  "heading.nothing_to_convert": { status: 409, message: HEADINGS_MESSAGES.nothingToConvert },
  "heading.edited_since": { status: 409, message: HEADINGS_MESSAGES.editedSince },
  "heading.not_converted": { status: 409, message: HEADINGS_MESSAGES.notConverted },
  "heading.job_running": { status: 409, message: HEADINGS_MESSAGES.alreadyRunning },
  "heading.job_not_running": { status: 409, message: HEADINGS_MESSAGES.notRunning },
  "heading.convert_failed": { status: 500, message: HEADINGS_MESSAGES.failed },
  "heading.restore_failed": { status: 500, message: HEADINGS_MESSAGES.restoreFailed },
  "heading.start_failed": { status: 500, message: HEADINGS_MESSAGES.startFailed },
  // The settings cache or database is away (a refused form answers 400 with the field's error).
  "latinWords.save_failed": { status: 503, message: LATIN_WORDS_MESSAGES.saveFailed },
  "product.invalid": { status: 400, message: PRODUCT_MESSAGES.saveFailed },
  "product.not_found": { status: 404, message: PRODUCT_MESSAGES.notFound },
  "product.save_failed": { status: 500, message: PRODUCT_MESSAGES.saveFailed },
  "alert.unsubscribe_invalid": { status: 400, message: ALERT_MESSAGES.unsubscribeFailed },
  "alert.run_busy": { status: 409, message: ALERT_MESSAGES.runBusy },
  "alert.send_failed": { status: 500, message: (reason) => ALERT_MESSAGES.sendFailed(reason) },
  "listing.invalid": { status: 400, message: LISTING_MESSAGES.fixErrors },
  "listing.too_large": { status: 413, message: LISTING_MESSAGES.tooLarge },
  "listing.busy": { status: 503, message: LISTING_MESSAGES.busy },
  "article.invalid": { status: 400, message: ARTICLE_MESSAGES.form },
  "article.stale": { status: 409, message: ARTICLE_MESSAGES.stale },
  "article.not_scheduled": { status: 409, message: ARTICLE_MESSAGES.notScheduled },
  "article.restore_failed": { status: 404, message: ARTICLE_MESSAGES.restoreFailed },
} as const satisfies Record<ErrorCode, Entry>;

/** The Serbian message of a code (`detail` fills messages that quote one). */
export function errorMessage(code: ErrorCode, detail = ""): string {
  const entry: Entry = ERRORS[code];
  return typeof entry.message === "function" ? entry.message(detail) : entry.message;
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

/**
 * The words of what a job recorded when it failed: a code (`code` or `code:detail`, decision 271) in
 * its words; other text (a provider's answer, words recorded before the codes) as it is.
 */
export function storedErrorText(text: string): string {
  if (Object.hasOwn(ERRORS, text)) return errorMessage(text as ErrorCode);
  const colon = text.indexOf(":");
  const code = colon > 0 ? text.slice(0, colon) : "";
  return Object.hasOwn(ERRORS, code) ? errorMessage(code as ErrorCode, text.slice(colon + 1)) : text;
}

/** What every action answers: ok or not, the message, and what the form needs to show again. */
export type ActionReply = {
  ok: boolean;
  message: string;
  code?: ErrorCode;
  intent?: string;
  fieldErrors?: FieldErrors;
  values?: FormValues;
};

/**
 * The answer to a failure: `{ ok: false, code, message, …extra }` with the code's status.
 * `extra` carries what the screen needs (the intent, the id, the field errors, the values);
 * `headers` go on the response (a private page's, a `Retry-After`).
 */
export function failure<X extends Record<string, unknown>>(
  code: ErrorCode,
  extra: X & { detail?: string; status?: number; headers?: HeadersInit } = {} as X,
) {
  const { detail, status, headers, ...rest } = extra;
  // Field errors a domain rule found carry codes: the form shows their words.
  const fieldErrors = rest.fieldErrors
    ? { fieldErrors: fieldErrorsText(rest.fieldErrors as FieldErrors) }
    : {};
  return data(
    {
      ...(rest as Omit<X, "detail" | "status">),
      ...fieldErrors,
      ok: false as const,
      code,
      message: errorMessage(code, detail),
    },
    { status: status ?? errorStatus(code), ...(headers ? { headers } : {}) },
  );
}

/** "Nepoznata akcija." with 400: the one answer to an intent no schema knows. */
export function unknownIntent<X extends Record<string, unknown>>(extra: X = {} as X) {
  return failure("unknown_intent", extra);
}

/**
 * The same answer as a JSON response, for resource routes a screen's `fetch` reads (the media
 * API): `{ ok: false, code, message, …extra }` with the code's status, never cached.
 */
export function failureResponse(
  code: ErrorCode,
  extra: Record<string, unknown> & { detail?: string; status?: number; headers?: HeadersInit } = {},
): Response {
  const { detail, status, headers, ...rest } = extra;
  return Response.json(
    { ...rest, ok: false, code, message: errorMessage(code, detail) },
    { status: status ?? errorStatus(code), headers: { "Cache-Control": "no-store", ...headers } },
  );
}
