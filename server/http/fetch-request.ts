/**
 * The request side of the page handler (page-handler.ts): the script cookie's redirect, a POST's
 * body read within its path's limit, and the Fetch API request React Router handles.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { bodyLimitFor, bodyRuleFor, FORM_BODY_LIMIT } from "~/lib/body-limits";
import type { PageHandlerOptions } from "./page-handler";
import { bodyKind, checkDeclaredLength, checkFormBody, readBody } from "./request-guards";
import { cookieRedirect, type Script } from "./scripts";
import { type StreamedBody, streamBody } from "./streamed-body";

/** A visitor who chose a script is sent to that script's URL (a redirect nobody caches). */
export function redirectByScriptCookie(
  req: ExpressRequest,
  res: ExpressResponse,
  cookie: Script | null,
): boolean {
  const target = cookieRedirect(req.method, req.path, req.originalUrl, cookie);
  if (!target) return false;
  res.setHeader("Cache-Control", "no-store");
  res.vary("Cookie");
  res.redirect(302, target);
  return true;
}

export type PostBody = { body?: Buffer; streamed?: StreamedBody };

/**
 * A POST's body within its path's limit: an upload's multipart body streamed on, anything else
 * read whole and (unless the path takes raw bodies) checked as a form. Throws an HttpError.
 */
export async function readPostBody(
  req: ExpressRequest,
  pathname: string,
  options: PageHandlerOptions,
): Promise<PostBody> {
  const rule = bodyRuleFor(pathname);
  const kind = bodyKind(req.get("content-type"));
  if (rule?.stream && kind === "multipart") {
    const declared = checkDeclaredLength(req, rule.limit);
    if (declared) throw declared;
    return { streamed: streamBody(req, rule.limit) };
  }
  // Only an upload's multipart body may be large; a plain form to the same path may not.
  const body = await readBody(req, rule?.stream ? FORM_BODY_LIMIT : bodyLimitFor(pathname));
  if (!options.rawBodyPaths.includes(pathname)) {
    const problem = await checkFormBody(body, req.get("content-type") ?? "");
    if (problem) throw problem;
  }
  return { body };
}

/** The Fetch API request React Router handles: aborted when the client goes away. */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  input: PostBody & { pathname: string; script: Script; options: PageHandlerOptions },
): Request {
  const { pathname, script, options, body, streamed } = input;
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    // Not passed on: the origin of a path authorised by its token, and `Origin: null` — the guard
    // (sameOriginGuard) let it through only as a same-origin form of a no-referrer page, and React
    // Router would take "null" for another site.
    if (key === "origin" && (value === "null" || options.crossOriginPaths?.includes(pathname))) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const host = req.get("host") ?? "localhost";
  const target = script === "cir" ? `${pathname}${req.originalUrl.slice(req.path.length)}` : req.originalUrl;
  const url = `${req.protocol}://${host}${target}`;
  // HEAD renders as GET (so its headers, length and cache entry are right) and drops the body.
  const method = req.method === "HEAD" ? "GET" : req.method;
  return new Request(url, {
    method,
    headers,
    body: streamed ? streamed.stream : body && body.length > 0 ? new Uint8Array(body) : body ? "" : undefined,
    signal: controller.signal,
    ...(streamed ? { duplex: "half" } : {}),
  } as RequestInit);
}
