/**
 * The anonymous visitor behind forum votes: a long-lived random cookie, and its SHA-256 in the
 * database (decision 071). Nobody signs in to vote; the cookie only lets a browser see and take
 * back its own votes. The database never holds the cookie itself, so a copy of the database
 * cannot be turned into cookies that vote as someone else.
 */
import { createHash, randomBytes } from "node:crypto";
import { readCookie, setCookieHeader } from "~/lib/cookies";

export const VISITOR_COOKIE = "bv_visitor";
/** 400 days: the longest lifetime browsers keep a cookie (Chrome caps longer ones to this). */
export const VISITOR_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
/** 32 random bytes, base64url: exactly 43 characters of [A-Za-z0-9_-]. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type Visitor = { hash: string; setCookie: string | null };

export function hashVisitorToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The visitor's hash from the cookie, or null when there is no (well-formed) cookie. */
export function visitorHash(request: Request): string | null {
  const token = readCookie(request, VISITOR_COOKIE);
  return token && TOKEN_SHAPE.test(token) ? hashVisitorToken(token) : null;
}

function visitorCookie(request: Request, token: string): string {
  return setCookieHeader(request, VISITOR_COOKIE, token, VISITOR_COOKIE_MAX_AGE);
}

/**
 * The visitor of a vote: the existing cookie, refreshed so that it lives 400 days after the last
 * vote, or a new one. `setCookie` is the header value to send back.
 */
export function ensureVisitor(request: Request): Visitor {
  const existing = readCookie(request, VISITOR_COOKIE);
  const token = existing && TOKEN_SHAPE.test(existing) ? existing : randomBytes(32).toString("base64url");
  return { hash: hashVisitorToken(token), setCookie: visitorCookie(request, token) };
}
