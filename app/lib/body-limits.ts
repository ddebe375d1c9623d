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

/** 8 photos × 5 MB + the form's fields and multipart boundaries. */
export const LISTING_PHOTOS_BODY_LIMIT = 8 * 5 * MB + MULTIPART_OVERHEAD;

/** Provider webhooks (domain/orders). */
export const WEBHOOK_BODY_LIMIT = 1 * MB;

export type BodyLimitRule = {
  pattern: RegExp;
  limit: number;
  /**
   * A path the rule is for: deploy/nginx-site.conf must give it the same limit (nginx refuses a
   * larger body before it reaches a process; server/http/nginx-site.test.ts compares the two).
   */
  example: string;
  /**
   * A multipart body is handed to the route as it streams instead of being read whole first: the
   * route runs the limiter before reading it and writes files to disk (docs/decisions/150). Other
   * bodies to the path (urlencoded) keep the form limit.
   */
  stream?: true;
};

export const UPLOAD_BODY_LIMITS: readonly BodyLimitRule[] = [
  // Every admin upload (media manager, library modal, settings and banner images) goes through
  // this endpoint, one file per request; it applies the 5 or 10 MB limit of the caller itself.
  {
    pattern: /^\/admin\/api\/media\/?$/,
    limit: 10 * MB + MULTIPART_OVERHEAD,
    stream: true,
    example: "/admin/api/media",
  },
  // Buy/sell listings: up to 8 photos of 5 MB each with the form, posted by visitors and edited by
  // staff (domain/listings). Job forms carry no files and keep the form limit. With JavaScript,
  // React Router posts the same form to the page's `.data` URL.
  {
    pattern: /^\/kupoprodaja\/novi(?:\.data)?\/?$/,
    limit: LISTING_PHOTOS_BODY_LIMIT,
    stream: true,
    example: "/kupoprodaja/novi.data",
  },
  // The poster's own edit through their management link (docs/decisions/300).
  {
    pattern: /^\/moj-oglas\/\d+\/[^/]+\/izmena(?:\.data)?\/?$/,
    limit: LISTING_PHOTOS_BODY_LIMIT,
    stream: true,
    example: "/moj-oglas/12/token/izmena",
  },
  {
    pattern: /^\/admin\/listings\/edit\/\d+(?:\.data)?\/?$/,
    limit: LISTING_PHOTOS_BODY_LIMIT,
    stream: true,
    example: "/admin/listings/edit/12",
  },
  // Stripe's signed webhook events (JSON; a Checkout Session event is a few KB, Stripe caps them far
  // below this).
  { pattern: /^\/webhooks\/stripe$/, limit: WEBHOOK_BODY_LIMIT, example: "/webhooks/stripe" },
];

export function bodyLimitFor(pathname: string): number {
  return bodyRuleFor(pathname)?.limit ?? FORM_BODY_LIMIT;
}

/** The upload rule of a path, or null for an ordinary form path. */
export function bodyRuleFor(pathname: string): BodyLimitRule | null {
  for (const rule of UPLOAD_BODY_LIMITS) if (rule.pattern.test(pathname)) return rule;
  return null;
}
