/**
 * Reading without a signal (docs/decisions/310): the rules of the service worker
 * (./service-worker.ts) as pure functions — which addresses it may keep, what a kept page holds,
 * what goes when, and the offline page's lists. Shared with the page's side (./register.ts) and the
 * server's routes; nothing here touches the Cache API.
 */
import { CYRILLIC_PREFIX, type Script, splitScriptPath } from "~/domain/cyrillic/urls";
import { parseMediaKey, variantKey, variantWidths } from "~/domain/media/rules";
import { isSharedCacheControl } from "~/lib/http-cache";

export {
  type SaveFailure,
  SERVICE_WORKER_URL,
  type WorkerAnswer,
  type WorkerNotice,
  type WorkerRequest,
} from "./protocol";

/** The page shown offline for an address that is not kept ("Niste na mreži"); `/cir/bez-mreze` too. */
export const OFFLINE_PATH = "/bez-mreze";
/** The latest articles' addresses in the request's script (`/cir/bez-mreze.json` for Cyrillic). */
export const LATEST_FEED_PATH = "/bez-mreze.json";
export const LATEST_COUNT = 20;
/** Everything the service worker keeps (shell, pages, images) stays within this. */
export const BUDGET_BYTES = 15 * 1024 * 1024;
const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** A page the reader opened is kept this long after the last time they opened it. */
export const VISIT_KEEP_MS = 7 * DAY_MS;
/** While pages are open and the device is online, the latest list is checked this often at most. */
export const LATEST_REFRESH_MS = 30 * 60_000;
/** A kept page older than this is fetched again (a conditional request: usually a 304). */
export const PAGE_REFRESH_MS = 12 * HOUR_MS;
/** The header that carries a kept page's or image's record (URI-encoded JSON). */
export const META_HEADER = "x-bv-offline";
/** Every cache the service worker owns starts with this. */
export const CACHE_PREFIX = "bv-";

/**
 * The caches. The shell (offline pages, stylesheet, script, icons) belongs to one deployment and
 * is named by its version; the pages and images the reader keeps outlive deployments (a saved
 * article must stay) and are named by the format of their records, refreshed after an update.
 */
export function cacheNames(version: string) {
  return {
    shell: `${CACHE_PREFIX}shell-${version}`,
    pages: `${CACHE_PREFIX}pages-1`,
    images: `${CACHE_PREFIX}images-1`,
    state: `${CACHE_PREFIX}state-1`,
  } as const;
}

/** Caches of this site's service worker that the given version does not use. */
export function obsoleteCaches(names: readonly string[], version: string): string[] {
  const current = new Set<string>(Object.values(cacheNames(version)));
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

// --- Addresses --------------------------------------------------------------------------------

/** The back office: never answered, cached or otherwise touched by the service worker. */
export function isBackOffice(pathname: string): boolean {
  return /^\/(?:cir\/)?admin(?:\/|$)/.test(pathname);
}

/**
 * Addresses that carry a secret or belong to one person: signed previews and reports, the
 * newsletter's and alerts' confirmation and unsubscribe links, a listing's management link, any
 * token or key in the query, payments. Never kept, whatever else they look like.
 */
const PRIVATE_PATH =
  /^\/(?:cir\/)?(?:admin|pregled|izvestaj|newsletter|istaknite-oglas|api|b|webhooks|lat|oglas)(?:\/|$)|\/upravljanje(?:\/|$)|\/obavestenj/;
const SECRET_PARAM =
  /(?:^|[?&;])(?:token|kljuc|key|password|lozinka|secret|signature|sig|[^=&;]*[_-](?:token|key|secret))=/i;

export function isPrivateUrl(url: URL): boolean {
  return PRIVATE_PATH.test(url.pathname) || SECRET_PARAM.test(url.search);
}

/**
 * Pages people read that may be kept for reading offline: home, the section lists, articles, jobs
 * and sales, companies, forum topics and tags — by their canonical address without a query (a
 * search, a filter or a later list page is not kept), in either script.
 */
const READABLE_PATH = [
  /^\/$/,
  /^\/(?:vesti|oglasi|poslovi|kupoprodaja|kompanije|forum)$/,
  /^\/article\/(?:[^/]*-)?\d{1,10}$/,
  /^\/(?:poslovi|kupoprodaja)\/[^/]*-\d{1,10}$/,
  /^\/(?:kompanije|forum)\/\d{1,10}$/,
  /^\/tag\/[^/]+$/,
];

export function isReadablePage(url: URL): boolean {
  if (url.search !== "" || isPrivateUrl(url)) return false;
  const { pathname } = splitScriptPath(url.pathname);
  return READABLE_PATH.some((pattern) => pattern.test(pathname));
}

/**
 * Whether a page's answer may be kept: a 200 HTML page the server lets any cache share
 * (`Cache-Control: public`, not `private` or `no-store`), the rule of the server's own page cache.
 * A service worker never sees `Set-Cookie` (the Fetch standard filters it out), so a page that
 * varies per visitor or sets a cookie is known by its Cache-Control: the forum's pages (the
 * visitor's votes) are `private`, the back office, signed links and error pages `no-store`.
 */
export function isKeepableResponse(response: { status: number; headers: Headers }): boolean {
  return (
    response.status === 200 &&
    /^text\/html\b/i.test(response.headers.get("content-type") ?? "") &&
    isSharedCacheControl(response.headers.get("cache-control"))
  );
}

export function isArticlePath(pathname: string): boolean {
  return /^\/article\/(?:[^/]*-)?\d{1,10}$/.test(splitScriptPath(pathname).pathname);
}

export function scriptOf(pathname: string): Script {
  return splitScriptPath(pathname).script;
}

/** A path in the given script (`/vesti` → `/cir/vesti`; `/cir` → `/`). Only for readable pages. */
export function pathInScript(pathname: string, script: Script): string {
  const latin = splitScriptPath(pathname).pathname;
  if (script === "lat") return latin;
  return latin === "/" ? CYRILLIC_PREFIX : `${CYRILLIC_PREFIX}${latin}`;
}

export function offlinePath(script: Script): string {
  return pathInScript(OFFLINE_PATH, script);
}

export function isOfflinePage(pathname: string): boolean {
  return splitScriptPath(pathname).pathname === OFFLINE_PATH;
}

/** Static files whose names change with their content (Vite's hashed assets). */
export function isHashedAsset(pathname: string): boolean {
  return pathname.startsWith("/assets/");
}

/** Images a kept page may show: our media, the site's own images and the demo's. */
export function isKeptImagePath(pathname: string): boolean {
  return /^\/(?:media\/(?:images|mediji)\/|images\/|demo\/|favicon\.(?:svg|ico)$)/.test(pathname);
}

const OWN_MEDIA = /^\/media\/(images|mediji)\/(?:_v\/([^/]+)\/\d+\.webp|([^/]+))$/;

/**
 * For any variant (or the original) of one of our uploaded raster images, the smallest WebP
 * variant — the one a kept page's image is stored as; null for anything else.
 */
export function smallVariantPath(pathname: string): string | null {
  const match = OWN_MEDIA.exec(pathname);
  if (!match) return null;
  const [, bucket, variantOf, original] = match;
  const key = variantOf ?? original;
  let name: string;
  try {
    name = decodeURIComponent(key);
  } catch {
    return null;
  }
  const parsed = parseMediaKey(name);
  if (!parsed?.width) return null;
  const smallest = variantWidths(parsed.width)[0];
  if (!smallest) return null;
  return `/media/${bucket}/${variantKey(key, smallest)}`;
}

// --- What a page holds -----------------------------------------------------------------------

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? "") : null;
}

/** The page's title as people read it: its `og:title`, else its first heading, else `<title>`. */
export function pageTitle(html: string): string {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (attribute(tag, "property") === "og:title") {
      const content = attribute(tag, "content")?.trim();
      if (content) return content;
    }
  }
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  const text = heading ? decodeEntities(heading.replace(/<[^>]*>/g, "")).trim() : "";
  if (text) return text;
  return decodeEntities(/<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "").trim();
}

/** A same-origin path of a URL written in a page (absolute or root-relative), or null. */
function ownPath(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}

/**
 * The images a kept page needs, each once: of every `<img>`, the smallest candidate of its
 * `srcset` (for our uploads: the small WebP variant), else its `src` — the site's own images only.
 */
export function pageImages(html: string, origin: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<img\b[^>]*>/gi) ?? []) {
    const srcset = attribute(tag, "srcset");
    let chosen: string | null = null;
    if (srcset) {
      let smallest = Number.POSITIVE_INFINITY;
      for (const candidate of srcset.split(",")) {
        const [url, descriptor = ""] = candidate.trim().split(/\s+/);
        const width = /^(\d+)w$/.exec(descriptor)
          ? Number.parseInt(descriptor, 10)
          : Number.POSITIVE_INFINITY;
        if (url && (chosen === null || width < smallest)) {
          chosen = url;
          smallest = width;
        }
      }
    }
    chosen ??= attribute(tag, "src");
    const path = chosen ? ownPath(chosen, origin) : null;
    if (path && isKeptImagePath(path.split("?")[0])) found.add(path);
  }
  return [...found];
}

/** What the offline page itself needs besides its HTML: its stylesheets, scripts and icons. */
export function shellResources(html: string, origin: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (href && (rel.includes("stylesheet") || rel.includes("icon"))) {
      const path = ownPath(href, origin);
      if (path) found.add(path);
    }
  }
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attribute(tag, "src");
    const path = src ? ownPath(src, origin) : null;
    if (path) found.add(path);
  }
  for (const path of pageImages(html, origin)) found.add(path);
  return [...found];
}

// --- Records ---------------------------------------------------------------------------------

/** What the service worker knows of a kept page (stored with it, in META_HEADER). */
export type PageRecord = {
  title: string;
  script: Script;
  /** When this copy was fetched. */
  fetchedAt: number;
  /** The last time the reader opened the page (kept VISIT_KEEP_MS after it). */
  visitedAt?: number;
  /** Saved with "Sačuvaj za čitanje bez mreže": kept until the reader removes it. */
  savedAt?: number;
  /** Its place (0 = newest) in the latest list last fetched, while it is on that list. */
  latestRank?: number;
  /** When the latest list that holds it was fetched. */
  latestAt?: number;
  etag?: string;
  /** The HTML's size; its images are counted once each, apart. */
  bytes: number;
  images: string[];
};

export type KeptPage = { url: string; record: PageRecord };

export function encodeRecord(record: unknown): string {
  return encodeURIComponent(JSON.stringify(record));
}

export function decodeRecord<T>(value: string | null): T | null {
  if (!value) return null;
  try {
    return JSON.parse(decodeURIComponent(value)) as T;
  } catch {
    return null;
  }
}

export type KeepReason = "saved" | "latest" | "recent";

/** Why a page stays, or null when it goes: saved, on the latest list, or opened within 7 days. */
export function keepReason(record: PageRecord, now: number): KeepReason | null {
  if (record.savedAt !== undefined) return "saved";
  if (record.latestRank !== undefined) return "latest";
  if (record.visitedAt !== undefined && now - record.visitedAt < VISIT_KEEP_MS) return "recent";
  return null;
}

/** How recently a page was of use: opened, or on the latest list (the list's older ones first). */
function lastUse(record: PageRecord): number {
  const listed = record.latestAt !== undefined ? record.latestAt - (record.latestRank ?? 0) : 0;
  return Math.max(record.visitedAt ?? 0, listed, record.savedAt ?? 0);
}

function imageBytes(urls: Iterable<string>, sizes: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const url of urls) total += sizes.get(url) ?? 0;
  return total;
}

export type PrunePlan = { pages: string[]; images: string[]; bytes: number };

/**
 * What to drop: pages no longer kept (not saved, off the latest list, opened more than 7 days
 * ago), then — while everything together is over the budget — the least recently used page that is
 * not saved, oldest first; and every image no remaining page shows. `bytes` is what stays.
 */
export function planPrune(
  pages: readonly KeptPage[],
  images: ReadonlyMap<string, number>,
  shellBytes: number,
  now: number,
  budget = BUDGET_BYTES,
): PrunePlan {
  const dropped: string[] = [];
  let kept = pages.filter((page) => {
    if (keepReason(page.record, now)) return true;
    dropped.push(page.url);
    return false;
  });
  const total = (list: readonly KeptPage[]) => {
    const used = new Set(list.flatMap((page) => page.record.images));
    return shellBytes + list.reduce((sum, page) => sum + page.record.bytes, 0) + imageBytes(used, images);
  };
  let bytes = total(kept);
  const candidates = kept
    .filter((page) => page.record.savedAt === undefined)
    .sort((a, b) => lastUse(a.record) - lastUse(b.record));
  for (const victim of candidates) {
    if (bytes <= budget) break;
    kept = kept.filter((page) => page !== victim);
    dropped.push(victim.url);
    bytes = total(kept);
  }
  const used = new Set(kept.flatMap((page) => page.record.images));
  return { pages: dropped, images: [...images.keys()].filter((url) => !used.has(url)), bytes };
}

/** Whether one more saved page fits: saved pages are never dropped, so together they must fit. */
export function saveFits(
  pages: readonly KeptPage[],
  images: ReadonlyMap<string, number>,
  shellBytes: number,
  adding: { url: string; bytes: number; images: readonly string[]; imageSizes: ReadonlyMap<string, number> },
  budget = BUDGET_BYTES,
): boolean {
  const saved = pages.filter((page) => page.record.savedAt !== undefined && page.url !== adding.url);
  const used = new Set([...saved.flatMap((page) => page.record.images), ...adding.images]);
  const sizes = new Map([...images, ...adding.imageSizes]);
  const bytes = shellBytes + saved.reduce((sum, page) => sum + page.record.bytes, 0) + adding.bytes;
  return bytes + imageBytes(used, sizes) <= budget;
}

// --- The offline page ------------------------------------------------------------------------

/**
 * The offline page with its lists filled in: saved pages (newest first), the latest articles in
 * their order, and the rest opened within 7 days (last opened first); each page once, in the first
 * list that holds it. The server renders each list empty inside a hidden section
 * (`data-offline-section`), and a note (`data-offline-empty`) shown while there is nothing.
 */
/** The home page's title is the site's name: on a list of pages it reads better as what it is. */
const HOME_LABEL: Record<string, string> = { "/": "Početna strana", "/cir": "Почетна страна" };

export function offlinePageHtml(html: string, pages: readonly KeptPage[], now: number): string {
  const lists: Record<KeepReason, KeptPage[]> = { saved: [], latest: [], recent: [] };
  for (const page of pages) {
    const reason = keepReason(page.record, now);
    if (reason && !isOfflinePage(new URL(page.url).pathname)) lists[reason].push(page);
  }
  lists.saved.sort((a, b) => (b.record.savedAt ?? 0) - (a.record.savedAt ?? 0));
  lists.latest.sort((a, b) => (a.record.latestRank ?? 0) - (b.record.latestRank ?? 0));
  lists.recent.sort((a, b) => (b.record.visitedAt ?? 0) - (a.record.visitedAt ?? 0));
  let out = html;
  for (const [reason, list] of Object.entries(lists) as [KeepReason, KeptPage[]][]) {
    if (list.length === 0) continue;
    const items = list
      .map((page) => {
        const { pathname } = new URL(page.url);
        const title = HOME_LABEL[pathname] ?? (page.record.title || pathname);
        return `<li><a class="inline-flex min-h-6 items-center text-brand-700 underline-offset-2 hover:underline" href="${escapeHtml(pathname)}">${escapeHtml(title)}</a></li>`;
      })
      .join("");
    out = out.replace(
      new RegExp(`(<ul\\b[^>]*data-offline-list="${reason}"[^>]*>)(</ul>)`),
      (_whole, open: string, close: string) => `${open}${items}${close}`,
    );
    out = out.replace(
      new RegExp(`(<section\\b[^>]*data-offline-section="${reason}"[^>]*?)\\s+hidden(?:="")?`),
      "$1",
    );
  }
  if (Object.values(lists).some((list) => list.length > 0)) {
    out = out.replace(/(<[a-z]+\b[^>]*data-offline-empty(?:="")?)([^>]*>)/, "$1 hidden$2");
  }
  return out;
}
