/**
 * The site's service worker (docs/decisions/310, 311), served as `/sw.js` (built by vite.config.ts
 * with this deployment's version). It keeps the site's shell, the latest articles in the reader's
 * script, the pages the reader opened in the last 7 days and the ones they saved, within 15 MB, and
 * serves them — or the offline page listing them — when the network does not answer. The rules it
 * follows are in ./rules.ts; this file is the Cache API and the events.
 *
 * It never touches the back office (requests from or to /admin pass by), never keeps an address
 * with a secret in it (./rules.ts isPrivateUrl), and sends no cookie when it fetches on its own.
 */
import type { Script } from "~/domain/cyrillic/urls";
import { PERIODIC_SYNC_TAG } from "./protocol";
import {
  cacheNames,
  decodeRecord,
  encodeRecord,
  isBackOffice,
  isHashedAsset,
  isKeepableResponse,
  isKeptImagePath,
  isOfflinePage,
  isReadablePage,
  type KeptPage,
  LATEST_COUNT,
  LATEST_FEED_PATH,
  LATEST_REFRESH_MS,
  META_HEADER,
  obsoleteCaches,
  offlinePageHtml,
  offlinePath,
  PAGE_REFRESH_MS,
  type PageRecord,
  pageImages,
  pageTitle,
  pathInScript,
  planPrune,
  type SaveFailure,
  saveFits,
  scriptOf,
  shellResources,
  smallVariantPath,
  type WorkerAnswer,
  type WorkerNotice,
  type WorkerRequest,
} from "./rules";
import type { FetchEvent, ServiceWorkerScope } from "./sw-types";

declare const self: ServiceWorkerScope;
/** Replaced at build time by this deployment's version (vite.config.ts). */
declare const __BV_SW_VERSION__: string;

const VERSION = __BV_SW_VERSION__;
const CACHES = cacheNames(VERSION);
const ORIGIN = self.location.origin;
const STATE_URL = `${ORIGIN}/__bv-offline/state`;

type State = {
  /** The version whose shell is installed; a new one refreshes every kept page once. */
  version?: string;
  /** The reader's script: the latest articles are kept in it. */
  script: Script;
  latestScript?: Script;
  latestAt?: number;
  refreshAll?: boolean;
  shellBytes?: number;
};

// --- Small helpers -------------------------------------------------------------------------------

/** Changes to the kept pages' records happen one at a time (each reads, then writes, a record). */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** At most `limit` of `items` handled at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch {
        // One page or image that fails is left for the next time.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const absolute = (path: string) => new URL(path, ORIGIN).href;

/**
 * A request of the service worker's own: no cookies (a Cyrillic reader's cookie would redirect a
 * Latin address, and kept pages are the same for everyone), past the HTTP cache.
 */
function fetchOwn(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(absolute(path), { credentials: "omit", cache: "no-store", headers });
}

async function readState(): Promise<State> {
  const response = await (await caches.open(CACHES.state)).match(STATE_URL);
  return ((response ? await response.json() : null) as State | null) ?? { script: "lat" };
}

async function writeState(change: (state: State) => State): Promise<State> {
  const next = change(await readState());
  const cache = await caches.open(CACHES.state);
  await cache.put(
    STATE_URL,
    new Response(JSON.stringify(next), { headers: { "content-type": "application/json" } }),
  );
  return next;
}

/** A stored copy: the body as it was read (already decoded), the page's headers, and our record. */
function storedResponse(body: BodyInit, from: Headers, record: unknown): Response {
  const headers = new Headers(from);
  for (const name of ["content-length", "content-encoding", "transfer-encoding", "x-cache", "set-cookie"]) {
    headers.delete(name);
  }
  headers.set(META_HEADER, encodeRecord(record));
  return new Response(body, { status: 200, headers });
}

async function keptPages(): Promise<KeptPage[]> {
  const cache = await caches.open(CACHES.pages);
  const pages: KeptPage[] = [];
  for (const request of await cache.keys()) {
    const record = decodeRecord<PageRecord>((await cache.match(request))?.headers.get(META_HEADER) ?? null);
    if (record) pages.push({ url: request.url, record });
  }
  return pages;
}

async function imageSizes(): Promise<Map<string, number>> {
  const cache = await caches.open(CACHES.images);
  const sizes = new Map<string, number>();
  for (const request of await cache.keys()) {
    const record = decodeRecord<{ bytes: number }>(
      (await cache.match(request))?.headers.get(META_HEADER) ?? null,
    );
    sizes.set(new URL(request.url).pathname + new URL(request.url).search, record?.bytes ?? 0);
  }
  return sizes;
}

// --- Keeping pages and their images ----------------------------------------------------------

type FetchedImage = { path: string; body: ArrayBuffer; headers: Headers };

/** The images a page shows that are not kept yet (the small WebP variant of our uploads). */
async function fetchImages(paths: readonly string[]): Promise<FetchedImage[]> {
  const cache = await caches.open(CACHES.images);
  const fetched: FetchedImage[] = [];
  const missing: string[] = [];
  for (const path of paths) if (!(await cache.match(absolute(path)))) missing.push(path);
  await eachLimited(missing, 4, async (path) => {
    const response = await fetchOwn(path);
    if (!response.ok || !/^image\//.test(response.headers.get("content-type") ?? "")) return;
    fetched.push({ path, body: await response.arrayBuffer(), headers: response.headers });
  });
  return fetched;
}

async function storeImages(images: readonly FetchedImage[]): Promise<void> {
  const cache = await caches.open(CACHES.images);
  for (const image of images) {
    await cache.put(
      absolute(image.path),
      storedResponse(image.body, image.headers, { bytes: image.body.byteLength }),
    );
  }
}

type PageCopy = { body: ArrayBuffer; headers: Headers; html: string };

async function readCopy(response: Response): Promise<PageCopy> {
  const body = await response.arrayBuffer();
  return { body, headers: response.headers, html: new TextDecoder().decode(body) };
}

/**
 * Keeps a page (its HTML, and its images fetched beforehand), its record changed by `change` from
 * the previous one; then drops what the rules say must go. Runs inside `serial`.
 */
async function putPage(
  url: string,
  copy: PageCopy,
  images: FetchedImage[],
  change: (r: PageRecord) => PageRecord,
) {
  const cache = await caches.open(CACHES.pages);
  const previous = decodeRecord<PageRecord>((await cache.match(url))?.headers.get(META_HEADER) ?? null);
  const pathname = new URL(url).pathname;
  const record = change({
    ...previous,
    title: pageTitle(copy.html),
    script: scriptOf(pathname),
    fetchedAt: Date.now(),
    etag: copy.headers.get("etag") ?? undefined,
    bytes: copy.body.byteLength,
    images: pageImages(copy.html, ORIGIN),
  });
  await storeImages(images);
  await cache.put(url, storedResponse(copy.body, copy.headers, record));
}

/** Changes a kept page's record only (the copy stays). Runs inside `serial`. False when not kept. */
async function changeRecord(url: string, change: (r: PageRecord) => PageRecord): Promise<boolean> {
  const cache = await caches.open(CACHES.pages);
  const response = await cache.match(url);
  const record = decodeRecord<PageRecord>(response?.headers.get(META_HEADER) ?? null);
  if (!response || !record) return false;
  await cache.put(url, storedResponse(await response.arrayBuffer(), response.headers, change(record)));
  return true;
}

async function dropPage(url: string): Promise<void> {
  await (await caches.open(CACHES.pages)).delete(url);
}

/** Drops pages no longer kept and, over the budget, the least recently used; then unused images. */
async function prune(now = Date.now()): Promise<void> {
  const state = await readState();
  const plan = planPrune(await keptPages(), await imageSizes(), state.shellBytes ?? 0, now);
  const pages = await caches.open(CACHES.pages);
  for (const url of plan.pages) await pages.delete(url);
  const images = await caches.open(CACHES.images);
  for (const path of plan.images) await images.delete(absolute(path));
}

/** A kept page's copy fetched again: conditionally (a 304 keeps it), or dropped when it is gone. */
async function refreshPage(url: string, record: PageRecord | null, change: (r: PageRecord) => PageRecord) {
  const path = new URL(url).pathname;
  const response = await fetchOwn(path, record?.etag ? { "If-None-Match": record.etag } : {});
  if (response.status === 304) {
    await serial(() => changeRecord(url, (r) => change({ ...r, fetchedAt: Date.now() })));
    return;
  }
  if (response.status === 404 || response.status === 410) {
    await serial(() => dropPage(url));
    return;
  }
  // No longer shared (it became private, or an error page): the old copy goes too.
  if (response.ok && !isKeepableResponse(response)) {
    await serial(() => dropPage(url));
    return;
  }
  if (!isKeepableResponse(response)) return;
  const copy = await readCopy(response);
  const images = await fetchImages(pageImages(copy.html, ORIGIN));
  await serial(() => putPage(url, copy, images, change));
}

// --- Keeping up to date ----------------------------------------------------------------------

/** The latest articles in the reader's script: each kept (fetched when new or due), the rest off the list. */
async function refreshLatest(script: Script, refreshAll: boolean): Promise<void> {
  const response = await fetchOwn(pathInScript(LATEST_FEED_PATH, script));
  if (!response.ok) return;
  const feed = (await response.json()) as { articles?: { url?: string }[] };
  const listedAt = Date.now();
  const urls = (feed.articles ?? [])
    .map((article) => (article.url ? new URL(article.url, ORIGIN) : null))
    .filter((url): url is URL => url !== null && url.origin === ORIGIN && isReadablePage(url))
    .slice(0, LATEST_COUNT)
    .map((url) => url.href);
  const known = new Map((await keptPages()).map((page) => [page.url, page.record]));
  await eachLimited(
    urls.map((url, rank) => ({ url, rank })),
    3,
    async ({ url, rank }) => {
      const onList = (r: PageRecord): PageRecord => ({ ...r, latestRank: rank, latestAt: listedAt });
      const record = known.get(url) ?? null;
      if (record && !refreshAll && listedAt - record.fetchedAt < PAGE_REFRESH_MS) {
        await serial(() => changeRecord(url, onList));
      } else {
        await refreshPage(url, record, onList);
      }
    },
  );
  const listed = new Set(urls);
  await serial(async () => {
    for (const page of await keptPages()) {
      if (page.record.latestRank !== undefined && !listed.has(page.url)) {
        await changeRecord(page.url, ({ latestRank: _rank, latestAt: _at, ...rest }) => rest);
      }
    }
  });
}

/** Kept pages fetched again when their copy is older than PAGE_REFRESH_MS (all of them after an update). */
async function refreshKept(refreshAll: boolean): Promise<void> {
  const now = Date.now();
  const due = (await keptPages()).filter(
    (page) => refreshAll || now - page.record.fetchedAt >= PAGE_REFRESH_MS,
  );
  await eachLimited(due, 3, (page) => refreshPage(page.url, page.record, (r) => r));
}

let maintaining: Promise<void> | null = null;

/**
 * What is due, once at a time: the latest list when the reader's script changed or it is older
 * than LATEST_REFRESH_MS, pages whose copy is old, then the pruning (7 days, the budget).
 */
function maintain(script: Script | null): Promise<void> {
  maintaining ??= (async () => {
    try {
      const state = await serial(() => writeState((s) => ({ ...s, script: script ?? s.script })));
      // First what is past its time (7 days, the budget), then the network.
      await serial(() => prune());
      const now = Date.now();
      const refreshAll = state.refreshAll === true;
      if (
        refreshAll ||
        state.latestScript !== state.script ||
        state.latestAt === undefined ||
        now - state.latestAt >= LATEST_REFRESH_MS
      ) {
        await refreshLatest(state.script, refreshAll);
        await serial(() => writeState((s) => ({ ...s, latestScript: state.script, latestAt: now })));
      }
      await refreshKept(refreshAll);
      if (refreshAll) await serial(() => writeState((s) => ({ ...s, refreshAll: false })));
    } catch {
      // Offline or the server away: the next page shown tries again.
    } finally {
      await serial(() => prune());
      maintaining = null;
    }
  })();
  return maintaining;
}

/** A page the reader opened: kept as opened now (fetched unless the fetch handler just kept it). */
async function openedPage(url: URL): Promise<void> {
  if (!isReadablePage(url)) return;
  const now = Date.now();
  const cache = await caches.open(CACHES.pages);
  const record = decodeRecord<PageRecord>((await cache.match(url.href))?.headers.get(META_HEADER) ?? null);
  if (record?.visitedAt !== undefined && now - record.visitedAt < 60_000) return;
  if (record && now - record.fetchedAt < PAGE_REFRESH_MS) {
    await serial(() => changeRecord(url.href, (r) => ({ ...r, visitedAt: now })));
    return;
  }
  await refreshPage(url.href, record, (r) => ({ ...r, visitedAt: now }));
}

// --- Saving --------------------------------------------------------------------------------------

async function save(url: URL): Promise<WorkerAnswer> {
  if (!isReadablePage(url)) return { ok: false, code: "not-readable" };
  const cache = await caches.open(CACHES.pages);
  let copy: PageCopy | null = null;
  try {
    const response = await fetchOwn(url.pathname);
    if (response.ok && !isKeepableResponse(response)) return { ok: false, code: "not-readable" };
    if (isKeepableResponse(response)) copy = await readCopy(response);
  } catch {
    // Offline: the copy kept when the page was opened will do.
  }
  if (!copy) {
    const kept = await cache.match(url.href);
    if (!kept) return { ok: false, code: "offline" };
    copy = await readCopy(kept);
  }
  const paths = pageImages(copy.html, ORIGIN);
  const images = await fetchImages(paths).catch(() => []);
  const page = copy;
  return serial(async (): Promise<WorkerAnswer> => {
    const state = await readState();
    const fits = saveFits(await keptPages(), await imageSizes(), state.shellBytes ?? 0, {
      url: url.href,
      bytes: page.body.byteLength,
      images: paths,
      imageSizes: new Map(images.map((image) => [image.path, image.body.byteLength])),
    });
    if (!fits) return { ok: false, code: "full" };
    await putPage(url.href, page, images, (r) => ({ ...r, savedAt: Date.now() }));
    await prune();
    return { ok: true, saved: true };
  });
}

async function unsave(url: URL): Promise<WorkerAnswer> {
  return serial(async (): Promise<WorkerAnswer> => {
    await changeRecord(url.href, ({ savedAt: _saved, ...rest }) => rest);
    await prune();
    return { ok: true, saved: false };
  });
}

async function status(url: URL): Promise<WorkerAnswer> {
  const response = await (await caches.open(CACHES.pages)).match(url.href);
  const record = decodeRecord<PageRecord>(response?.headers.get(META_HEADER) ?? null);
  return { ok: true, saved: record?.savedAt !== undefined };
}

// --- Answering requests --------------------------------------------------------------------------

/** The offline page in the script asked for, listing what is kept; null before the shell is kept. */
async function offlinePage(script: Script): Promise<Response | null> {
  const shell = await caches.open(CACHES.shell);
  const page =
    (await shell.match(absolute(offlinePath(script)))) ?? (await shell.match(absolute(offlinePath("lat"))));
  if (!page) return null;
  const html = offlinePageHtml(await page.text(), await keptPages(), Date.now());
  const headers = new Headers(page.headers);
  for (const name of ["content-length", "content-encoding", "etag", "x-cache"]) headers.delete(name);
  headers.set("cache-control", "no-store");
  return new Response(html, { status: 200, headers });
}

/** A kept copy of a page, by its key; for a reader of Cyrillic, the Cyrillic copy of a Latin address too. */
async function keptCopy(url: URL): Promise<{ key: string; response: Response } | null> {
  if (url.search !== "") return null;
  const cache = await caches.open(CACHES.pages);
  const keys = [url.href];
  if (scriptOf(url.pathname) === "lat" && (await readState()).script === "cir") {
    keys.push(absolute(pathInScript(url.pathname, "cir")));
  }
  for (const key of keys) {
    const response = await cache.match(key);
    if (response) return { key, response };
  }
  return null;
}

async function navigate(event: FetchEvent, url: URL): Promise<Response> {
  const script = scriptOf(url.pathname);
  if (isOfflinePage(url.pathname)) {
    event.preloadResponse.catch(() => undefined);
    return (await offlinePage(script)) ?? fetch(event.request);
  }
  let response: Response;
  try {
    response = (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    const kept = await keptCopy(url);
    if (!kept) return (await offlinePage(script)) ?? Response.error();
    const now = Date.now();
    event.waitUntil(
      serial(() => changeRecord(kept.key, (r) => ({ ...r, visitedAt: now }))).catch(() => false),
    );
    return kept.response;
  }
  // The server away (nginx's 502–504, the app's 503): a kept copy is better than an error page.
  if (response.status >= 500) return (await keptCopy(url))?.response ?? response;
  if (
    response.type === "basic" &&
    !response.redirected &&
    isReadablePage(url) &&
    isKeepableResponse(response)
  ) {
    const clone = response.clone();
    event.waitUntil(
      (async () => {
        const copy = await readCopy(clone);
        const images = await fetchImages(pageImages(copy.html, ORIGIN));
        const now = Date.now();
        await serial(() => putPage(url.href, copy, images, (r) => ({ ...r, visitedAt: now })));
      })().catch(() => undefined),
    );
  }
  return response;
}

/** A form posted while the network does not answer: the page stays as it is (a 204) and is told. */
async function submit(event: FetchEvent): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch {
    const from = event.request.referrer.split("#")[0];
    const notice: WorkerNotice = { type: "form-offline" };
    for (const client of await self.clients.matchAll({ type: "window" })) {
      if (client.url.split("#")[0] === from) client.postMessage(notice);
    }
    return new Response(null, { status: 204 });
  }
}

/** Hashed files: this deployment's from the shell; an older one missing offline gets its successor. */
async function asset(request: Request, url: URL): Promise<Response> {
  const shell = await caches.open(CACHES.shell);
  const hit = await shell.match(url.href);
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    // A page kept before a deployment names the stylesheet and script of its day.
    const name = /^\/assets\/([^-./]+)[^/]*(\.[a-z]+)$/.exec(url.pathname);
    if (name) {
      for (const key of await shell.keys()) {
        const path = new URL(key.url).pathname;
        if (path.startsWith(`/assets/${name[1]}-`) && path.endsWith(name[2])) {
          const successor = await shell.match(key);
          if (successor) return successor;
        }
      }
    }
    throw error;
  }
}

/** Images: the network first; offline, the kept copy (any variant of an upload: its small one). */
async function image(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const images = await caches.open(CACHES.images);
    const small = smallVariantPath(url.pathname);
    const hit =
      (await images.match(url.href)) ??
      (small ? await images.match(absolute(small)) : undefined) ??
      (await (await caches.open(CACHES.shell)).match(url.href));
    if (hit) return hit;
    throw error;
  }
}

/**
 * Whether a file was asked for by a public page. The back office's are not: its document is under
 * /admin, and its scripts import one another (a module's imports name the importing module, under
 * /assets/, as their referrer; public pages run one script that imports nothing). A request without
 * a referrer is left alone too.
 */
function fromPublicPage(request: Request): boolean {
  if (!request.referrer) return false;
  const referrer = new URL(request.referrer);
  return referrer.origin === ORIGIN && !isBackOffice(referrer.pathname) && !isHashedAsset(referrer.pathname);
}

// --- Events --------------------------------------------------------------------------------------

self.addEventListener("install", (event) => {
  // Chromium: the back office never reaches this worker at all.
  event.addRoutes?.([{ condition: { urlPattern: "/admin*" }, source: "network" }]).catch(() => undefined);
  event.waitUntil(
    (async () => {
      const shell = await caches.open(CACHES.shell);
      const resources = new Set<string>();
      let bytes = 0;
      for (const script of ["lat", "cir"] as const) {
        const path = offlinePath(script);
        const response = await fetchOwn(path);
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        const copy = await readCopy(response);
        bytes += copy.body.byteLength;
        await shell.put(absolute(path), storedResponse(copy.body, copy.headers, {}));
        for (const resource of shellResources(copy.html, ORIGIN)) resources.add(resource);
      }
      await eachLimited([...resources], 4, async (path) => {
        const response = await fetchOwn(path);
        if (!response.ok) return;
        const body = await response.arrayBuffer();
        bytes += body.byteLength;
        await shell.put(absolute(path), storedResponse(body, response.headers, {}));
      });
      // The stylesheet and the script are what every page needs: without them, try again later.
      for (const path of resources) {
        if (isHashedAsset(path) && !(await shell.match(absolute(path)))) throw new Error(`${path} not kept`);
      }
      await serial(() => writeState((s) => ({ ...s, shellBytes: bytes })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of obsoleteCaches(await caches.keys(), VERSION)) await caches.delete(name);
      await self.registration.navigationPreload?.enable();
      // Pages kept under an older version name its stylesheet and script: fetch them all again.
      await serial(() =>
        writeState((s) => ({
          ...s,
          refreshAll: s.refreshAll === true || (s.version !== undefined && s.version !== VERSION),
          version: VERSION,
        })),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== ORIGIN || isBackOffice(url.pathname)) return;
  if (request.mode === "navigate") {
    if (request.method === "GET") event.respondWith(navigate(event, url));
    else event.respondWith(submit(event));
    return;
  }
  if (request.method !== "GET" || url.search !== "" || !fromPublicPage(request)) return;
  if (isHashedAsset(url.pathname)) event.respondWith(asset(request, url));
  else if (isKeptImagePath(url.pathname)) event.respondWith(image(request, url));
});

self.addEventListener("message", (event) => {
  const message = event.data as WorkerRequest | null;
  const port = event.ports[0];
  if (!message || typeof message.url !== "string") return;
  const url = new URL(message.url, ORIGIN);
  if (url.origin !== ORIGIN) return;
  url.hash = "";
  const answer = (value: WorkerAnswer) => port?.postMessage(value);
  const failed = (code: SaveFailure) => () => answer({ ok: false, code });
  switch (message.type) {
    case "page":
      event.waitUntil(
        openedPage(url)
          .catch(() => undefined)
          .then(() => maintain(scriptOf(url.pathname)))
          .then(() => answer({ ok: true, saved: false })),
      );
      break;
    case "save":
      event.waitUntil(save(url).then(answer, failed("failed")));
      break;
    case "unsave":
      event.waitUntil(unsave(url).then(answer, failed("failed")));
      break;
    case "status":
      event.waitUntil(status(url).then(answer, failed("failed")));
      break;
  }
});

// Installed apps on Chromium may be woken now and then to refresh what they keep.
self.addEventListener("periodicsync", (event) => {
  if (event.tag === PERIODIC_SYNC_TAG) event.waitUntil(maintain(null));
});
