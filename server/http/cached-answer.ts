/**
 * A public page cache hit answered before Express and React Router run (docs/decisions/280).
 *
 * The HTTP server calls `answer(req, res)` first for every request. A GET or HEAD whose URL is in
 * the page cache is written from the stored bytes and a header list made once per entry and
 * encoding; the rest (a miss, a post, a request the cache cannot answer alone) returns false and
 * goes through Express as before. What a hit still honours, as the framework's path does:
 * - `HEAD` (the headers and length, no body) and `If-None-Match` → 304;
 * - `Vary` (Accept-Encoding, and Cookie on a Latin page with a Cyrillic twin) and the compressed
 *   variant the client accepts (made once and kept with the entry);
 * - the script choice: a reader whose `pismo` cookie says Cyrillic, asking for a Latin page with a
 *   twin, is left to the framework (its redirect); a Cyrillic page sets the cookie for a reader
 *   without it;
 * - the security headers, `X-Request-Id` (a sane incoming one, else a new one), HSTS over HTTPS
 *   (`X-Forwarded-Proto` believed from the hops TRUST_PROXY names), a Host header that is a host;
 * - `Connection: close` once shutdown has begun;
 * - the request log: one line per hit, as for every request, built only when `info` is logged;
 * - the metrics: a plain counter (bv_page_cache_requests_total{result="hit"}, added at scrape time),
 *   no histogram label lookup per hit.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "~/lib/logger.server";
import { redactUrl } from "~/lib/redact-url";
import { chooseEncoding, compressBody, type Encoding } from "./compress";
import type { CachedPage, PageCache } from "./page-cache";
import { isValidHost } from "./request-guards";
import { scriptCookie, scriptCookieHeader } from "./scripts";
import { baseSecurityHeaders } from "./security-headers";

/** Express's compiled `trust proxy` function: may the hop at `address` (`i`-th from us) be believed? */
export type TrustFunction = (address: string, i: number) => boolean;

export type CachedAnswerOptions = {
  cache: PageCache;
  trust: TrustFunction;
  isDraining?: () => boolean;
  /** The metrics' recorder of hits for a route, method and status (server/metrics.ts: no label lookup per hit). */
  hitRecorder?: (route: string, method: string, status: number) => (seconds: number) => void;
};

/** What a hit's response varies with beyond the entry: the request's scheme and the reader's cookie. */
export type HitContext = {
  requestId: string;
  https: boolean;
  /** The reader's `pismo` cookie (a Cyrillic page sets it when the reader has none). */
  cookie: "lat" | "cir" | null;
  draining: boolean;
};

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** The request's id: a sane incoming X-Request-Id (nginx's), else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** `req.protocol === "https"` as Express decides it (the socket, or a believed X-Forwarded-Proto). */
export function isHttps(req: IncomingMessage, trust: TrustFunction): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const header = req.headers["x-forwarded-proto"];
  if (typeof header !== "string" || !trust(req.socket.remoteAddress ?? "", 0)) return false;
  const comma = header.indexOf(",");
  return (comma === -1 ? header : header.slice(0, comma)).trim() === "https";
}

/** The client's address as Express's `req.ip` gives it: the nearest hop TRUST_PROXY does not name. */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string | undefined {
  const socketAddress = req.socket.remoteAddress;
  if (socketAddress === undefined) return undefined;
  const header = req.headers["x-forwarded-for"];
  const hops = [socketAddress];
  if (typeof header === "string")
    hops.push(
      ...header
        .split(",")
        .map((part) => part.trim())
        .reverse(),
    );
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
}

/** Case-insensitive union of Vary values, in order. */
function varyWith(current: string | undefined, ...fields: string[]): string {
  const out = (current ?? "")
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  for (const field of fields) {
    if (!out.some((f) => f === "*" || f.toLowerCase() === field.toLowerCase())) out.push(field);
  }
  return out.join(", ");
}

/** The encoding a hit is sent in: the best the client takes, when the page is worth compressing. */
function encodingFor(page: CachedPage, acceptEncoding: string | undefined): Encoding {
  if (!page.compressible) return "identity";
  return chooseEncoding(acceptEncoding);
}

/**
 * The headers of an entry in one encoding, made once and kept with it (flat: name, value, …): the
 * route's own, the page's CSP, ETag, Vary, the encoding and length, and the security headers.
 * `notModified`: the list of a 304 (no encoding or length: it has no body).
 */
function wireHeaders(page: CachedPage, encoding: Encoding, notModified: boolean): string[] {
  const key = notModified ? "304" : encoding;
  const kept = page.wire[key];
  if (kept) return kept;
  const list: string[] = [];
  let vary: string | undefined;
  for (const [name, value] of page.headers) {
    if (name === "vary") vary = value;
    else list.push(name, value);
  }
  const fields = [...(page.varyCookie ? ["Cookie"] : []), ...(page.compressible ? ["Accept-Encoding"] : [])];
  if (vary !== undefined || fields.length > 0) list.push("Vary", varyWith(vary, ...fields));
  if (page.csp) list.push("Content-Security-Policy", page.csp);
  list.push("ETag", page.etag, "X-Cache", "HIT");
  if (!notModified) {
    if (encoding !== "identity") list.push("Content-Encoding", encoding);
    list.push("Content-Length", String(bodyIn(page, encoding).length));
  }
  for (const [name, value] of baseSecurityHeaders(false)) list.push(name, value);
  page.wire[key] = list;
  return list;
}

function bodyIn(page: CachedPage, encoding: Encoding): Buffer {
  return encoding === "identity" ? page.body : (page.encoded[encoding] ?? page.body);
}

const STRICT_TRANSPORT =
  baseSecurityHeaders(true).find(([name]) => name === "Strict-Transport-Security") ?? [];

/**
 * Writes a cached page as the answer to `req` (GET or HEAD). Used by the early path below and by
 * the page handler when a hit reaches it (a server without the early path: development, tests).
 */
export function writeCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  context: HitContext,
  cache: PageCache | null,
): number {
  const notModified = page.status === 200 && req.headers["if-none-match"] === page.etag;
  let encoding: Encoding = "identity";
  if (!notModified) {
    encoding = encodingFor(page, req.headers["accept-encoding"]);
    if (encoding !== "identity" && !page.encoded[encoding]) {
      const compressed = compressBody(page.body, encoding);
      if (cache) cache.addEncoding(page, encoding, compressed);
      else page.encoded[encoding] = compressed;
    }
  }
  const headers = [...wireHeaders(page, encoding, notModified), "X-Request-Id", context.requestId];
  if (context.https) headers.push(...STRICT_TRANSPORT);
  if (page.setsCyrillicCookie && context.cookie !== "cir")
    headers.push("Set-Cookie", scriptCookieHeader("cir", context.https));
  if (context.draining) headers.push("Connection", "close");
  const status = notModified ? 304 : page.status;
  res.writeHead(status, headers);
  if (notModified || req.method === "HEAD") res.end();
  else res.end(bodyIn(page, encoding));
  return status;
}

/** The Host headers seen to be valid (a handful: the site's names), so a hit checks none twice. */
const KNOWN_HOSTS_LIMIT = 32;

/** The early path: `(req, res) => true` when a cache hit was answered, false to go on to Express. */
export function createCachedAnswers(options: CachedAnswerOptions) {
  const { cache, trust } = options;
  const validHosts = new Set<string>();
  const hostOk = (host: string | undefined): boolean => {
    if (host === undefined) return false;
    if (validHosts.has(host)) return true;
    if (!isValidHost(host)) return false;
    if (validHosts.size >= KNOWN_HOSTS_LIMIT) validHosts.clear();
    validHosts.add(host);
    return true;
  };

  return function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    const page = cache.peek(url);
    if (!page) return false;
    // Anything the framework would refuse or answer otherwise goes to it.
    const { headers } = req;
    if (!hostOk(headers.host)) return false;
    const forwardedHost = headers["x-forwarded-host"];
    if (forwardedHost !== undefined && (typeof forwardedHost !== "string" || !isValidHost(forwardedHost)))
      return false;
    const cookieHeader = headers.cookie;
    const cookie = cookieHeader?.includes("pismo=") ? scriptCookie(cookieHeader) : null;
    // A reader who chose Cyrillic is redirected from a Latin page with a twin (the framework does it).
    if (cookie === "cir" && page.varyCookie) return false;
    cache.touch(url, page);

    const started = process.hrtime.bigint();
    const requestId = requestIdOf(headers["x-request-id"]);
    const https = isHttps(req, trust);
    const status = writeCachedPage(
      req,
      res,
      page,
      { requestId, https, cookie, draining: options.isDraining?.() ?? false },
      cache,
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (options.hitRecorder) {
      const slot = (method === "HEAD" ? 2 : 0) + (status === 304 ? 1 : 0);
      let record = page.recorders[slot];
      if (!record) {
        record = options.hitRecorder(page.route, method, status);
        page.recorders[slot] = record;
      }
      record(seconds);
    }
    if (logger.isLevelEnabled("info")) {
      logger.info(
        {
          requestId,
          ip: clientAddress(req, trust),
          method,
          route: page.route,
          url: redactUrl(url),
          status,
          ms: seconds * 1000,
        },
        "request",
      );
    }
    return true;
  };
}
