/**
 * The two scripts in URLs (docs/decisions/210): every public page has a Latin URL and a Cyrillic
 * twin under `/cir` (`/vesti` ↔ `/cir/vesti`, `/` ↔ `/cir`). `/lat/…` is the "Latinica" switch: it
 * remembers the choice and redirects to the plain URL. Pure.
 */
export type Script = "lat" | "cir";

export const CYRILLIC_PREFIX = "/cir";
export const LATIN_SWITCH_PREFIX = "/lat";
/** The cookie that remembers the reader's script (`cir`; Latin is the default and has none). */
export const SCRIPT_COOKIE = "pismo";
export const HTML_LANG: Record<Script, string> = { lat: "sr-Latn", cir: "sr-Cyrl" };

/**
 * Paths that are not pages people read, or are one for both scripts: the back office, files,
 * click and view endpoints, webhooks, sitemaps, robots, signed reports, and the prefixes
 * themselves. Everything else public has a Cyrillic twin (the newsletter endpoint too: it answers
 * in the page's script).
 */
const WITHOUT_TWIN =
  /^\/(?:admin(?:\/|$)|assets\/|media\/|b\/|api\/(?!newsletter$)|webhooks\/|sitemap|robots\.txt$|favicon|demo\/|images\/|izvestaj\/|cir(?:\/|$)|lat(?:\/|$)|healthz$|readyz$|metrics$)/;

export function hasScriptTwin(pathname: string): boolean {
  return pathname.startsWith("/") && !pathname.startsWith("//") && !WITHOUT_TWIN.test(pathname);
}

/** The script of a request path, and the path without its `/cir` prefix (`/cir` → `/`). */
export function splitScriptPath(pathname: string): { script: Script; pathname: string } {
  if (pathname === CYRILLIC_PREFIX || pathname.startsWith(`${CYRILLIC_PREFIX}/`)) {
    return { script: "cir", pathname: pathname.slice(CYRILLIC_PREFIX.length) || "/" };
  }
  return { script: "lat", pathname };
}

/** `/lat/vesti?page=2` → `/vesti?page=2`, or null when the path is not under the switch prefix. */
export function latinSwitchTarget(pathname: string): string | null {
  if (pathname === LATIN_SWITCH_PREFIX) return "/";
  if (!pathname.startsWith(`${LATIN_SWITCH_PREFIX}/`)) return null;
  return pathname.slice(LATIN_SWITCH_PREFIX.length);
}

/** A root-relative URL (path, query, fragment) under the Cyrillic prefix; `/` becomes `/cir`. */
function prefixed(url: string): string {
  const cut = url.search(/[?#]/);
  const path = cut === -1 ? url : url.slice(0, cut);
  if (!hasScriptTwin(path)) return url;
  const rest = cut === -1 ? "" : url.slice(cut);
  return `${CYRILLIC_PREFIX}${path === "/" ? "" : path}${rest}`;
}

/**
 * A link on a Cyrillic page: a root-relative or same-origin URL of a page with a twin moves under
 * `/cir`; anything else (other sites, files, the back office, fragments) stays.
 */
export function cyrillicLink(url: string, origin: string): string {
  if (url.startsWith("/") && !url.startsWith("//")) return prefixed(url);
  if (url.startsWith(origin)) {
    const rest = url.slice(origin.length);
    if (rest === "") return `${origin}${CYRILLIC_PREFIX}`;
    if (rest.startsWith("/")) return `${origin}${prefixed(rest)}`;
  }
  return url;
}

/** The URL of the same page in the given script (for a Latin URL: path and query). */
export function urlInScript(latinUrl: string, script: Script): string {
  if (script === "lat") return latinUrl;
  const match = /^(https?:\/\/[^/?#]+)(.*)$/.exec(latinUrl);
  if (match) return `${match[1]}${prefixed(match[2] || "/")}`;
  return prefixed(latinUrl);
}

/** The "Latinica" switch for a Latin path: through /lat, which forgets the Cyrillic choice. */
export function latinSwitchHref(latinPath: string): string {
  return `${LATIN_SWITCH_PREFIX}${latinPath === "/" ? "" : latinPath}`;
}

/**
 * The canonical link of a page and its alternates in both scripts (hreflang), for a route's meta:
 * the Latin URL is the default. On a Cyrillic page the canonical becomes the Cyrillic URL (the page
 * pass rewrites it); the alternates, marked with hreflang, stay as they are.
 */
export function canonicalLinks(latinUrl: string) {
  const cyrillic = urlInScript(latinUrl, "cir");
  return [
    { tagName: "link", rel: "canonical", href: latinUrl },
    { tagName: "link", rel: "alternate", hrefLang: HTML_LANG.lat, href: latinUrl },
    { tagName: "link", rel: "alternate", hrefLang: HTML_LANG.cir, href: cyrillic },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: latinUrl },
  ] as const;
}
