import { isbot } from "isbot";

/**
 * Whether a request is a person's page view worth counting: a GET (not HEAD), not a crawler, not a
 * browser prefetch or prerender (which may never be shown).
 */
export function isCountableView(request: Request): boolean {
  if (request.method !== "GET") return false;
  const h = request.headers;
  if (isbot(h.get("user-agent") ?? "")) return false;
  const purpose = `${h.get("sec-purpose") ?? ""} ${h.get("purpose") ?? ""} ${h.get("x-purpose") ?? ""} ${h.get("x-moz") ?? ""}`;
  return !/prefetch|prerender|preview/i.test(purpose);
}
