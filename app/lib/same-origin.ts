const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** `scheme://host[:port]` as browsers write it in Origin (default ports dropped), or null. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
    return parsed.origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site request forgery guard for every state-changing request: a browser POST from another
 * site is refused. The Origin must be this site's origin exactly — scheme, host and port — so
 * `https://…` on the http site, `ftp://…` or `chrome-extension://…` with our host are refused.
 * `Origin: null` passes only with `Sec-Fetch-Site: same-origin`. Requests without Origin and
 * Sec-Fetch-Site (non-browser clients) carry no ambient cookies from a victim's browser and pass.
 */
export function isSameOriginRequest(input: {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  /** The scheme the client used ("http" or "https"; through a trusted proxy, X-Forwarded-Proto). */
  protocol: string;
  host: string | null;
}): boolean {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return true;
  if (input.origin && input.origin !== "null") {
    if (!input.host) return false;
    const ours = originOf(`${input.protocol}://${input.host}`);
    return ours !== null && originOf(input.origin) === ours;
  }
  // A page sent with `Referrer-Policy: no-referrer` (the private-link pages, docs/decisions/300)
  // posts its own forms with `Origin: null`. The browser's Sec-Fetch-Site, which no page can set,
  // still tells that same-origin form from a sandboxed or foreign page's (`cross-site`).
  if (input.origin === "null") return input.secFetchSite === "same-origin";
  if (input.secFetchSite) return input.secFetchSite === "same-origin" || input.secFetchSite === "none";
  return true;
}
