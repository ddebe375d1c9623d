/**
 * The words of every form's field codes (decision 271). Domain schemas put a code where a message
 * would go; `fieldMessage` turns a code (or `code:detail`) into the spec's words, and leaves any
 * other text as it is (a route's own message). The server does it for every parsed form
 * (`app/http/form.ts`); a screen that checks a form in the browser does it with `wordsOfParsed`.
 */
import type { FieldErrors, ParsedForm } from "~/lib/form";
import { ALERT_FIELD_WORDS } from "./alerts";
import { ARTICLE_FIELD_WORDS, LINK_WORDS } from "./articles";
import { BANNER_FIELD_WORDS } from "./banners";
import { COMMON_FIELD_WORDS } from "./common";
import { COMPANY_FIELD_WORDS, SUBMISSION_FIELD_WORDS } from "./companies";
import { LATIN_WORDS_FIELD_WORDS } from "./cyrillic";
import { FORUM_FIELD_WORDS } from "./forum";
import {
  LISTING_FIELD_WORDS,
  MODERATION_FIELD_WORDS,
  OWNER_FIELD_WORDS,
  PHOTO_FIELD_WORDS,
} from "./listings";
import { NEWSLETTER_FIELD_WORDS } from "./newsletter";
import { PRODUCT_FIELD_WORDS } from "./orders";
import { POPUP_FIELD_WORDS } from "./popup";
import { SETTINGS_FIELD_WORDS } from "./settings";
import { LOGIN_FIELD_WORDS, USER_FIELD_WORDS } from "./users";
import { say, type Words } from "./words";

export const FIELD_WORDS = {
  ...COMMON_FIELD_WORDS,
  ...ARTICLE_FIELD_WORDS,
  ...LINK_WORDS,
  ...COMPANY_FIELD_WORDS,
  ...SUBMISSION_FIELD_WORDS,
  ...LISTING_FIELD_WORDS,
  ...MODERATION_FIELD_WORDS,
  ...PHOTO_FIELD_WORDS,
  ...USER_FIELD_WORDS,
  ...LOGIN_FIELD_WORDS,
  ...FORUM_FIELD_WORDS,
  ...BANNER_FIELD_WORDS,
  ...POPUP_FIELD_WORDS,
  ...SETTINGS_FIELD_WORDS,
  ...NEWSLETTER_FIELD_WORDS,
  // Issue 25, second part.
  ...LATIN_WORDS_FIELD_WORDS,
  ...PRODUCT_FIELD_WORDS,
  ...OWNER_FIELD_WORDS,
  ...ALERT_FIELD_WORDS,
} as const satisfies Record<string, Words>;

export type FieldCode = keyof typeof FIELD_WORDS;

const TABLE: Record<string, Words> = FIELD_WORDS;

/** The words of a field code (`"user.fieldRequired"`, `"article.tooLong:300"`); other text as is. */
export function fieldMessage(message: string): string {
  const words = TABLE[message];
  if (words !== undefined) return say(words);
  const colon = message.indexOf(":");
  if (colon > 0) {
    const coded = TABLE[message.slice(0, colon)];
    if (coded !== undefined) return say(coded, message.slice(colon + 1));
  }
  return message;
}

export function fieldErrorsText<E extends FieldErrors>(errors: E): E {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message !== undefined) out[field] = fieldMessage(message);
  }
  return out as E;
}

/** A parsed form with its field errors and form error in words. */
export function wordsOfParsed<T>(parsed: ParsedForm<T>): ParsedForm<T> {
  if (parsed.ok) return parsed;
  return {
    ...parsed,
    fieldErrors: fieldErrorsText(parsed.fieldErrors),
    ...(parsed.formError !== undefined ? { formError: fieldMessage(parsed.formError) } : {}),
  };
}
