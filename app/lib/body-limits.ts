/**
 * How large a request body may be, by path (the server refuses a larger one with 413 while it
 * streams, before any route sees it). Forms get a few hundred KB; upload endpoints get the spec's
 * file limit (5 MB in the article library, 10 MB in the media manager) plus room for the other
 * multipart fields. An area that adds an upload endpoint adds its path here.
 */
export const FORM_BODY_LIMIT = 256 * 1024;
const MB = 1024 * 1024;
/** Room for the multipart boundaries and the other fields of an upload form. */
const MULTIPART_OVERHEAD = 256 * 1024;

export type BodyLimitRule = { pattern: RegExp; limit: number };

export const UPLOAD_BODY_LIMITS: readonly BodyLimitRule[] = [
  // Every admin upload (media manager, library modal, settings and banner images) goes through
  // this endpoint, one file per request; it applies the 5 or 10 MB limit of the caller itself.
  { pattern: /^\/admin\/api\/media\/?$/, limit: 10 * MB + MULTIPART_OVERHEAD },
];

export function bodyLimitFor(pathname: string): number {
  for (const rule of UPLOAD_BODY_LIMITS) if (rule.pattern.test(pathname)) return rule.limit;
  return FORM_BODY_LIMIT;
}
