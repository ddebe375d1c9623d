/**
 * The two public forum forms (new topic, new comment): one Zod schema each, for `parseForm`
 * (lib/form.ts). Every field passes the spec §5 text sanitiser first (script and iframe blocks,
 * javascript:, on-handlers and data:text/html removed; cut at 10,000 characters), then the
 * length rules; the text is stored as plain text and always rendered escaped.
 */
import { z } from "zod";
import { codes } from "~/domain/result";
import { sanitizeText } from "~/lib/text-sanitizer";
import { AUTHOR_MAX, COMPANY_MAX, TITLE_MAX } from "./constants";

/** The codes of the forum forms' fields; their words are FORUM_MESSAGES in app/messages/forum.ts. */
export const FORUM_FIELD = codes("forum", [
  "titleRequired",
  "titleTooLong",
  "contentRequired",
  "commentRequired",
  "authorRequired",
  "authorTooLong",
  "companyTooLong",
]);
const M = FORUM_FIELD;

/** The sanitised text of a field (missing → ""). */
const sanitized = () => z.preprocess((v) => sanitizeText(v), z.string());

export const topicSchema = z.object({
  title: sanitized().pipe(z.string().min(1, M.titleRequired).max(TITLE_MAX, M.titleTooLong)),
  content: sanitized().pipe(z.string().min(1, M.contentRequired)),
  author: sanitized().pipe(z.string().min(1, M.authorRequired).max(AUTHOR_MAX, M.authorTooLong)),
  companyName: sanitized()
    .pipe(z.string().max(COMPANY_MAX, M.companyTooLong))
    .transform((v) => v || null),
});

export const commentSchema = z.object({
  content: sanitized().pipe(z.string().min(1, M.commentRequired)),
  author: sanitized().pipe(z.string().min(1, M.authorRequired).max(AUTHOR_MAX, M.authorTooLong)),
});

export type TopicInput = z.output<typeof topicSchema>;
export type CommentInput = z.output<typeof commentSchema>;
export type TopicField = keyof z.input<typeof topicSchema>;
export type CommentField = keyof z.input<typeof commentSchema>;
