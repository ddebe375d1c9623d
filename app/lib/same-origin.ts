const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every state-changing request: a browser POST from another
 * site is refused. Requests without Origin and Sec-Fetch-Site (non-browser clients) carry no
 * ambient cookies from a victim's browser and pass.
 */
export function isSameOriginRequest(input: {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  host: string | null;
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  if (input.origin && input.origin !== "null") {
    try {
      return new URL(input.origin).host === input.host;
    } catch {
      return false;
    }
  }
  if (input.origin === "null") return false;
  if (input.secFetchSite) return input.secFetchSite === "same-origin" || input.secFetchSite === "none";
  return true;
}
