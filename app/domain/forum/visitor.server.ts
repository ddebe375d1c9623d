/**
 * The anonymous visitor behind forum votes: a long-lived random token in a cookie, and its SHA-256
 * in the database (decision 071). Nobody signs in to vote; the token only lets a browser see and
 * take back its own votes. The database never holds the token itself, so a copy of the database
 * cannot be turned into cookies that vote as someone else. The cookie is the edge's
 * (`app/http/visitor.server.ts`).
 */
import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, base64url: exactly 43 characters of [A-Za-z0-9_-]. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function hashVisitorToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether a token from a cookie has the shape of one we issued. */
export function isVisitorToken(token: string | null): token is string {
  return token !== null && TOKEN_SHAPE.test(token);
}

export function newVisitorToken(): string {
  return randomBytes(32).toString("base64url");
}
