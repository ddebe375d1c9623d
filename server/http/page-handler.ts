/**
 * The bridge between Express and React Router (instead of @react-router/express), so that every
 * page request gets the same treatment:
 * - its body is read once, within the path's size limit, and checked to be a form (guards) — or,
 *   for a multipart post to an upload path, handed to the route as it streams (streamed-body.ts);
 * - it is rendered with a CSP nonce (entry.server.tsx) and answered with the security headers;
 * - a finished text response is compressed once (not per React flush), with an ETag and 304s;
 * - a public page marked `Cache-Control: public` is kept in the page cache and served from it;
 * - admin pages are `no-store`, and a successful admin write sends the content-change signal;
 * - the work of every request is counted, so that shutdown waits for it before the database
 *   closes.
 */
import { createHash } from "node:crypto";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { databaseAvailability } from "~/db/availability.server";
import { contentChanged } from "~/lib/content-change.server";
import { logger } from "~/lib/logger.server";
import { requestRetryAfter, requestSawDatabaseOutage } from "~/lib/request-context.server";
import { writeCachedPage } from "./cached-answer";
import { chooseEncoding, compressBody, type Encoding, isCompressible, MIN_COMPRESS_BYTES } from "./compress";
import { discardRestOfBody } from "./discard-body";
import { sendDatabaseUnavailable, sendHttpError } from "./error-response";
import { readPostBody, redirectByScriptCookie, toFetchRequest } from "./fetch-request";
import type { InflightTracker } from "./inflight";
import { type CachedPage, isCacheable, type PageCache } from "./page-cache";
import { HttpError } from "./request-guards";
import {
  cookieRedirect,
  jsonInScript,
  locationInScript,
  pageInScript,
  routeScript,
  type Script,
  type ScriptPass,
  scriptCookie,
  scriptCookieHeader,
} from "./scripts";
import { contentSecurityPolicy, inlineScriptHashes, newNonce } from "./security-headers";
import type { StreamedBody } from "./streamed-body";

export type PageHandlerOptions = {
  build: ServerBuild;
  mode: string;
  cache: PageCache | null;
  /** The route pattern of a path, for the request log and the metrics (res.locals.route). */
  routePattern?: (pathname: string) => string;
  /** Told of every page cache lookup (the metrics' hit/miss counter). */
  onCacheLookup?: (hit: boolean) => void;
  inflight: InflightTracker;
  /** Paths that take a raw (non-form) body, such as signed provider webhooks. */
  rawBodyPaths: readonly string[];
  /**
   * Paths whose POSTs are authorised by a token or signature, not by origin (RFC 8058 one-click
   * unsubscribe, webhooks): the Origin header is not passed on, so a browser's `Origin: null`
   * (sent under a no-referrer policy) or a mail provider's own origin is not taken for CSRF.
   */
  crossOriginPaths?: readonly string[];
  /** Origins forms may post or redirect to (Stripe Checkout). */
  formActionOrigins: readonly string[];
  /** false in development (Vite injects inline scripts of its own). */
  csp: boolean;
  loadContext: (req: ExpressRequest, res: ExpressResponse) => Omit<AppLoadContext, "cspNonce" | "script">;
  /**
   * Both scripts (docs/decisions/210): the site's origin and the editors' list of Latin-only words
   * (read per request from the settings cache). Absent: every page is served as rendered.
   */
  scripts?: { origin: string; latinOnly: () => Promise<string> };
};

/** Responses streamed through as they come (downloads, event streams): never buffered. */
function isStreamed(headers: Headers): boolean {
  const type = headers.get("content-type") ?? "";
  return (
    /text\/event-stream|text\/csv/i.test(type) ||
    /attachment/i.test(headers.get("content-disposition") ?? "") ||
    !isCompressible(type)
  );
}

const ADMIN_SESSION_PATHS = ["/admin/login", "/admin/logout"];

/** A refused request gets its 4xx; anything else goes to the app's error handler (or ends the response). */
function failRequest(error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (error instanceof HttpError) {
    sendHttpError(req, res, error);
  } else if (!res.headersSent) {
    next(error);
  } else {
    logger.error({ err: error }, "response failed after its headers were sent");
    res.destroy();
  }
}

export function createPageHandler(options: PageHandlerOptions) {
  const handleRequest = createRequestHandler(options.build, options.mode);
  const { cache, inflight } = options;

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    // A Cyrillic request is routed without its /cir prefix (one route table for both scripts).
    const { script, pathname } = options.scripts
      ? routeScript(req.path)
      : { script: "lat" as const, pathname: req.path };
    const isAdmin = pathname === "/admin" || pathname.startsWith("/admin/");
    const https = req.secure;
    const cacheKey = req.originalUrl;
    if (options.routePattern) res.locals.route = options.routePattern(pathname);
    const cookie = options.scripts && !isAdmin ? scriptCookie(req.get("cookie")) : null;

    if (options.scripts && !isAdmin && redirectByScriptCookie(req, res, cookie)) return;
    const scriptState: ScriptState = { script, cookie, isAdmin, https, scripted: Boolean(options.scripts) };

    if (cache && !isAdmin && (req.method === "GET" || req.method === "HEAD")) {
      const hit = cache.get(cacheKey);
      options.onCacheLookup?.(Boolean(hit));
      if (hit) {
        const context = { requestId: String(res.locals.requestId), https, cookie, draining: false };
        writeCachedPage(req, res, hit, context, cache);
        return;
      }
    }

    const done = inflight.begin();
    let streamed: StreamedBody | undefined;
    try {
      const posted = req.method === "POST" ? await readPostBody(req, pathname, options) : {};
      streamed = posted.streamed;
      const request = toFetchRequest(req, res, { pathname, script, options, ...posted });
      const nonce = newNonce();
      const generation = cache?.currentGeneration() ?? 0;
      const context = { ...options.loadContext(req, res), cspNonce: nonce, script } as AppLoadContext;
      const response = await handleRequest(request, context);
      if (streamed) finishStreamed(req, res, streamed);
      // A query of this request found the database unreachable (or it is known to be down now):
      // whatever the route made of it, the answer is a 503 to retry instead of an error page, or a
      // page that must not be cached (one that rendered without some of its parts).
      const outage = requestSawDatabaseOutage() || databaseAvailability.isDown;
      if (outage && response.status >= 500) {
        await response.body?.cancel();
        sendDatabaseUnavailable(req, res);
        return;
      }

      // An admin's accepted post may change any public page.
      if (
        isAdmin &&
        req.method === "POST" &&
        response.status < 400 &&
        !ADMIN_SESSION_PATHS.includes(pathname)
      )
        contentChanged("all");
      const pass =
        options.scripts && !isAdmin
          ? {
              script,
              origin: options.scripts.origin,
              // During an outage the built-in list only: no settings read that could wait on the database.
              latinOnly: outage ? "" : await latinOnlyWords(options),
            }
          : null;
      await sendResponse(
        req,
        res,
        response,
        { ...scriptState, nonce, cacheKey, generation, pass, uncacheable: outage },
        options,
      );
    } catch (error) {
      if (streamed) finishStreamed(req, res, streamed);
      failRequest(error, req, res, next);
    } finally {
      done();
    }
  };
}

/**
 * After the route answered an upload: what it left unread is read and dropped (so the browser gets
 * the answer instead of a reset connection), also past the limit (discard-body.ts).
 */
function finishStreamed(req: ExpressRequest, res: ExpressResponse, streamed: StreamedBody): void {
  if (streamed.ended) return;
  if (streamed.overflowed && !res.headersSent) {
    res.on("finish", () => discardRestOfBody(req));
    return;
  }
  streamed.discardRest();
}

/** What a response needs to know about the scripts: the request's, and the reader's cookie. */
type ScriptState = {
  script: Script;
  cookie: Script | null;
  isAdmin: boolean;
  https: boolean;
  scripted: boolean;
};

type SendState = ScriptState & {
  nonce: string;
  cacheKey: string;
  generation: number;
  /** The page is put into the request's script (public answers, when scripts are on). */
  pass: ScriptPass | null;
  /** Rendered while the database was unreachable: neither kept nor cacheable downstream. */
  uncacheable: boolean;
};

async function latinOnlyWords(options: PageHandlerOptions): Promise<string> {
  try {
    return (await options.scripts?.latinOnly()) ?? "";
  } catch (error) {
    logger.warn({ err: error }, "Latin-only words unavailable; pages use the built-in list");
    return "";
  }
}

/**
 * Headers that depend on the reader, not on the page (never cached with it): a Cyrillic page
 * remembers the choice in the cookie; a Latin page with a twin varies with the cookie (a reader
 * with the Cyrillic cookie is redirected).
 */
function setReaderHeaders(res: ExpressResponse, state: ScriptState, status: number, html: boolean): void {
  if (!state.scripted || state.isAdmin || !html || status !== 200) return;
  if (state.script === "cir") {
    if (state.cookie !== "cir") res.append("Set-Cookie", scriptCookieHeader("cir", state.https));
  } else {
    res.vary("Cookie");
  }
}

/** The route's status and headers onto the Express response (cookies, no-store, Retry-After, CSP). */
function copyHeaders(
  res: ExpressResponse,
  response: Response,
  state: SendState,
  options: PageHandlerOptions,
): { type: string; isHtml: boolean } {
  res.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, key === "location" && state.pass ? locationInScript(value, state.pass) : value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  if (state.isAdmin || state.uncacheable) res.setHeader("Cache-Control", "no-store");
  // Every 429 says when to come back: the limiter that refused the request noted it.
  if (response.status === 429 && !response.headers.has("retry-after")) {
    res.setHeader("Retry-After", String(requestRetryAfter() ?? 60));
    res.setHeader("Cache-Control", "no-store");
  }
  const type = response.headers.get("content-type") ?? "";
  const isHtml = /text\/html/i.test(type);
  if (isHtml && options.csp) {
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({
        nonce: state.nonce,
        https: state.https,
        formActionOrigins: [...options.formActionOrigins],
      }),
    );
  }
  return { type, isHtml };
}

/** A streamed answer (deferred data) written as it comes, respecting back-pressure. */
async function pipeStream(res: ExpressResponse, stream: ReadableStream<Uint8Array>): Promise<void> {
  res.flushHeaders();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => res.once("drain", resolve));
      if (res.destroyed) {
        await reader.cancel();
        break;
      }
    }
  } finally {
    res.end();
  }
}

/** A public page as the cache keeps it: its CSP allows its inline scripts by hash (no nonce to reuse). */
function cachedPage(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  body: Buffer,
  etag: string,
  isHtml: boolean,
  state: SendState,
  options: PageHandlerOptions,
): CachedPage {
  const readerHeaders = state.scripted && !state.isAdmin && isHtml && response.status === 200;
  const type = response.headers.get("content-type");
  return {
    status: response.status,
    headers: [...response.headers].filter(([k]) => k !== "set-cookie" && k !== "content-length"),
    body,
    etag,
    csp:
      isHtml && options.csp
        ? contentSecurityPolicy({
            scriptHashes: inlineScriptHashes(body.toString("utf8")),
            https: state.https,
            formActionOrigins: [...options.formActionOrigins],
          })
        : null,
    encoded: {},
    storedAt: Date.now(),
    route: String(res.locals.route ?? "unmatched"),
    compressible: isCompressible(type) && body.length >= MIN_COMPRESS_BYTES,
    // As setReaderHeaders and the cookie's redirect decide for this URL.
    varyCookie:
      readerHeaders &&
      state.script === "lat" &&
      cookieRedirect("GET", req.path, req.originalUrl, "cir") !== null,
    setsCyrillicCookie: readerHeaders && state.script === "cir",
    wire: {},
    recorders: [],
  };
}
async function sendResponse(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  state: SendState,
  options: PageHandlerOptions,
): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  const { type, isHtml } = copyHeaders(res, response, state, options);

  if (!response.body) {
    res.end();
    return;
  }
  if (isStreamed(response.headers)) {
    if (req.method === "HEAD") {
      await response.body.cancel();
      res.end();
      return;
    }
    await pipeStream(res, response.body);
    return;
  }

  let body = Buffer.from(await response.arrayBuffer());
  if (state.pass && isHtml) {
    const page = body.toString("utf8");
    const converted = pageInScript(page, state.pass);
    if (converted !== page) body = Buffer.from(converted, "utf8");
  } else if (state.pass && /application\/json/i.test(type)) {
    body = Buffer.from(jsonInScript(body.toString("utf8"), state.pass), "utf8");
  }
  setReaderHeaders(res, state, response.status, isHtml);
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
  if (response.status === 200) res.setHeader("ETag", etag);

  let stored: CachedPage | null = null;
  if (
    options.cache &&
    !state.isAdmin &&
    !state.uncacheable &&
    isCacheable(req.method, response.status, response.headers)
  ) {
    stored = cachedPage(req, res, response, body, etag, isHtml, state, options);
    options.cache.set(state.cacheKey, stored, state.generation);
    res.setHeader("X-Cache", "MISS");
  }
  if (response.status === 200 && req.headers["if-none-match"] === etag) {
    res.status(304).end();
    return;
  }
  const { encoding, out } = writeBody(req, res, body, type);
  // The variant just made is kept with the entry: its first hit in this encoding compresses nothing.
  if (stored && encoding !== "identity") options.cache?.addEncoding(stored, encoding, out);
}

function writeBody(
  req: ExpressRequest,
  res: ExpressResponse,
  body: Buffer,
  type: string,
): { encoding: Encoding; out: Buffer } {
  let out = body;
  let encoding: Encoding = "identity";
  if (isCompressible(type) && body.length >= MIN_COMPRESS_BYTES) {
    res.vary("Accept-Encoding");
    encoding = chooseEncoding(req.headers["accept-encoding"]);
    if (encoding !== "identity") {
      out = compressBody(body, encoding);
      res.setHeader("Content-Encoding", encoding);
    }
  }
  res.setHeader("Content-Length", String(out.length));
  if (req.method === "HEAD") res.end();
  else res.end(out);
  return { encoding, out };
}
