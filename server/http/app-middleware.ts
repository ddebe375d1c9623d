/**
 * The Express middleware `createApp` (server/app.ts) puts in front of the pages, in its order:
 * request id, security headers and the request log; malformed requests refused; readiness; the
 * built client files; the same-origin check for posts; the "Latinica" switch; and the last-resort
 * error page.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { databaseAvailability, RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { latinSwitchTarget, splitScriptPath } from "~/domain/cyrillic/urls";
import { logger } from "~/lib/logger.server";
import { redactUrl } from "~/lib/redact-url";
import { requestSawDatabaseOutage, runWithRequestContext } from "~/lib/request-context.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { isSameOriginRequest } from "~/lib/same-origin";
import { getServices } from "~/services.server";
import type { getMetrics } from "../metrics";
import { sendDatabaseUnavailable, sendHttpError } from "./error-response";
import { checkMethod, checkUrl, HTTP_MESSAGES, HttpError, isValidHost } from "./request-guards";
import { scriptCookieHeader } from "./scripts";
import { setBaseSecurityHeaders } from "./security-headers";
import { loadStaticFiles, serveStaticFiles } from "./static-files";

type Metrics = ReturnType<typeof getMetrics>;

/** Request id (ours or a sane incoming one), base security headers, and one log line per response. */
export function requestLogging(metrics: Metrics, isDraining?: () => boolean): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    setBaseSecurityHeaders(res, req.secure);
    if (isDraining?.()) res.setHeader("Connection", "close");
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The route pattern (a bounded label): set by the page handler, or Express's own route.
      const route = String(res.locals.route ?? req.route?.path ?? "unmatched");
      metrics.observeRequest(route, req.method, res.statusCode, ms / 1000);
      const entry = {
        requestId,
        // The client's address as TRUST_PROXY lets us know it (nginx's log has the same one).
        ip: req.ip,
        method: req.method,
        route,
        // Links that carry a secret (unsubscribe tokens, signed previews) are never written out whole.
        url: redactUrl(req.originalUrl),
        status: res.statusCode,
        ms,
      };
      // A 503 while the database is away is expected (the outage itself is logged once).
      if (res.statusCode >= 500 && res.statusCode !== 503) logger.error(entry, "request");
      else if (res.statusCode === 503) logger.warn(entry, "request");
      else if (req.path === "/healthz" || req.path === "/readyz") logger.debug(entry, "request");
      else logger.info(entry, "request");
    });
    runWithRequestContext({ requestId }, next);
  };
}

/**
 * The X-Forwarded-Host of a request that came through a proxy TRUST_PROXY names (Express's own
 * "trust proxy" decision for the socket's address), else undefined: a client talking to the app
 * directly cannot choose the host its posts are checked against.
 */
export function forwardedHost(req: Request): string | undefined {
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  if (!trust?.(req.socket.remoteAddress ?? "", 0)) return undefined;
  return req.get("x-forwarded-host") ?? undefined;
}

/** Malformed requests end here with a 4xx and a Serbian message, before any route runs. */
export function rejectMalformed(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const problem =
      checkMethod(req.method) ??
      checkUrl(req.originalUrl) ??
      (isValidHost(req.get("host")) && (forwardedHost(req) === undefined || isValidHost(forwardedHost(req)))
        ? null
        : new HttpError(400, HTTP_MESSAGES.badHost));
    if (problem) return sendHttpError(req, res, problem);
    next();
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `/readyz`: ready while the database answers within 2 s; otherwise 503 with Retry-After. */
export async function readiness(_req: Request, res: Response): Promise<void> {
  try {
    const { handle } = getServices();
    await withTimeout(handle.db.execute(sql`select 1`), 2000);
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ready", database: handle.driver });
  } catch (error) {
    if (!databaseAvailability.noteIfUnavailable(error, "readyz"))
      logger.warn({ err: error }, "readiness check failed");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(503).json({ status: "unavailable" });
  }
}

/** The built client files (production), labelled "static" in the metrics. */
export function staticFiles(clientDir: string): RequestHandler {
  const serveStatic = serveStaticFiles(loadStaticFiles(clientDir));
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.route = "static";
    serveStatic(req, res, () => {
      res.locals.route = undefined;
      next();
    });
  };
}

/**
 * Posts from another site are refused, except on the paths that receive signed posts (in either
 * script: an e-mail to a Cyrillic reader carries the `/cir` link).
 */
export function sameOriginGuard(crossOriginPaths: readonly string[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (crossOriginPaths.includes(splitScriptPath(req.path).pathname)) return next();
    const ok = isSameOriginRequest({
      method: req.method,
      origin: req.get("origin") ?? null,
      secFetchSite: req.get("sec-fetch-site") ?? null,
      protocol: req.protocol,
      host: forwardedHost(req) ?? req.get("host") ?? null,
    });
    if (ok) return next();
    res.status(403).type("text/plain; charset=utf-8").send("Zahtev sa drugog sajta je odbijen.");
  };
}

/** The "Latinica" switch: forget the Cyrillic choice, then the plain (Latin) URL (decision 210). */
export function latinSwitch(req: Request, res: Response): void {
  const target = safeRedirect(
    `${latinSwitchTarget(req.path) ?? "/"}${req.originalUrl.slice(req.path.length)}`,
    "/",
  );
  res.setHeader("Cache-Control", "no-store");
  res.append("Set-Cookie", scriptCookieHeader("lat", req.secure));
  res.redirect(303, target);
}

/** A route that threw past React Router (should not happen): logged, and a plain 500 page. */
export function unhandledError(error: unknown, req: Request, res: Response, _next: NextFunction) {
  if (databaseAvailability.noteIfUnavailable(error, "request") || requestSawDatabaseOutage()) {
    if (res.headersSent) return res.destroy();
    return sendDatabaseUnavailable(req, res);
  }
  logger.error({ err: error, url: redactUrl(req.originalUrl) }, "unhandled request error");
  if (res.headersSent) return res.destroy();
  res
    .status(500)
    .type("text/html; charset=utf-8")
    .send(
      '<!doctype html><html lang="sr-Latn"><meta charset="utf-8"><title>Greška</title><h1>Došlo je do greške</h1><p>Pokušajte ponovo za nekoliko trenutaka.</p><p><a href="/">Početna strana</a></p></html>',
    );
}
