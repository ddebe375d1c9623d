/**
 * The forum visitor's cookie (decision 071): read it for the visitor's hash, or give a voter one.
 * The token's rules and its hash are the domain's (`app/domain/forum/visitor.server.ts`).
 */
import { hashVisitorToken, isVisitorToken, newVisitorToken } from "~/domain/forum/visitor.server";
import { readCookie, setCookieHeader } from "~/lib/cookies";

export const VISITOR_COOKIE = "bv_visitor";
/** 400 days: the longest lifetime browsers keep a cookie (Chrome caps longer ones to this). */
export const VISITOR_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;

export type Visitor = { hash: string; setCookie: string | null };

/** The visitor's hash from the cookie, or null when there is no (well-formed) cookie. */
export function visitorHash(request: Request): string | null {
  const token = readCookie(request, VISITOR_COOKIE);
  return isVisitorToken(token) ? hashVisitorToken(token) : null;
}

/**
 * The visitor of a vote: the existing cookie, refreshed so that it lives 400 days after the last
 * vote, or a new one. `setCookie` is the header value to send back.
 */
export function ensureVisitor(request: Request): Visitor {
  const existing = readCookie(request, VISITOR_COOKIE);
  const token = isVisitorToken(existing) ? existing : newVisitorToken();
  return {
    hash: hashVisitorToken(token),
    setCookie: setCookieHeader(request, VISITOR_COOKIE, token, VISITOR_COOKIE_MAX_AGE),
  };
}
