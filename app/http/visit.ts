/**
 * What a request tells about the person behind it, read once at the edge so the domain gets typed
 * values (decision 170): whether it is a person's visit worth counting, and what a banner click
 * records about itself.
 */
import { isbot } from "isbot";
import type { BannerClickVisit } from "~/domain/banners/click.server";

/**
 * Whether a request is a person's visit worth counting: a GET (not HEAD), not a crawler, not a
 * browser prefetch or prerender (which may never be shown). With `needsUserAgent`, a request
 * without a user agent is not counted either (banner clicks, decision 050).
 */
export function isCountableVisit(request: Request, { needsUserAgent = false } = {}): boolean {
  if (request.method !== "GET") return false;
  const h = request.headers;
  const purpose = `${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-purpose") ?? ""} ${h.get("x-moz") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  const ua = h.get("user-agent") ?? "";
  if (needsUserAgent && ua.trim() === "") return false;
  return !isbot(ua);
}

/** The page a visit came from: the path of a same-site referrer, else null. */
function sameSitePage(referrer: string | null, requestUrl: string): string | null {
  if (!referrer) return null;
  try {
    const ref = new URL(referrer);
    return ref.host === new URL(requestUrl).host ? `${ref.pathname}${ref.search}` : null;
  } catch {
    return null;
  }
}

/** A banner click as the domain records it (GET /b/{bannerId}). */
export function bannerClickVisit(request: Request, clientIp: string | null): BannerClickVisit {
  const referrer = request.headers.get("referer");
  return {
    countable: isCountableVisit(request, { needsUserAgent: true }),
    ip: clientIp,
    userAgent: request.headers.get("user-agent"),
    referrer,
    pageUrl: sameSitePage(referrer, request.url),
  };
}
