/**
 * The HTTP side of staff sign-in (decision 170, docs/decisions/270): the session and known-device
 * cookies, the guard every admin loader and action starts with, and the refusals it throws. The
 * rules themselves — the password check, the limiter's decisions, the session records — live in
 * `app/domain/users` and take typed values; this module reads them out of the request and writes
 * the answer.
 *
 *   export async function loader({ request }: Route.LoaderArgs) {
 *     const user = await requirePermission(request, "canViewArticles");
 */
import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { hasPermission, type Permission, permissionsOf } from "~/domain/users/permissions";
import { deleteSession, findSessionUser, type SessionUser } from "~/domain/users/session.server";
import { readCookie, setCookieHeader } from "~/lib/cookies";
import { getDb } from "~/services.server";
import { errorMessage } from "./errors";

export const SESSION_COOKIE = "bv_session";
export const DEVICE_COOKIE = "bv_device";
/** A year: staff who sign in at least once a year from a browser keep it known (decision 141). */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function sessionCookie(request: Request, token: string, expiresAt: Date): string {
  return setCookieHeader(request, SESSION_COOKIE, token, (expiresAt.getTime() - Date.now()) / 1000);
}

export function clearSessionCookie(request: Request): string {
  return setCookieHeader(request, SESSION_COOKIE, "", 0);
}

/** The known-device cookie (decision 141): HttpOnly, limited to /admin, kept a year. */
export function deviceCookie(request: Request, token: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${token}; Path=/admin; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}${secure}`;
}

/** The browser's known-device token, if it sent one. */
export function deviceTokenOf(request: Request): string | null {
  return readCookie(request, DEVICE_COOKIE);
}

export async function getSessionUser(request: Request, db: Database = getDb()): Promise<SessionUser | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  return findSessionUser(db, token);
}

function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  const headers = new Headers();
  // A cookie that no longer names a valid session is cleared (spec §4 Admin session).
  if (readCookie(request, SESSION_COOKIE)) headers.append("Set-Cookie", clearSessionCookie(request));
  throw redirect(`/admin/login?${params}`, { headers });
}

export async function requireUser(request: Request, db: Database = getDb()): Promise<SessionUser> {
  const user = await getSessionUser(request, db);
  if (!user) loginRedirect(request);
  return user;
}

/**
 * The first line of every admin loader and action: redirects the anonymous to the login page and
 * answers 403 to a signed-in user without the permission.
 */
export async function requirePermission(
  request: Request,
  permission: Permission,
  options: { message?: string; db?: Database } = {},
): Promise<SessionUser> {
  const user = await requireUser(request, options.db ?? getDb());
  if (!hasPermission(user.role, permission)) throw forbidden(options.message);
  return user;
}

/** The 403 response every permission refusal throws; the error boundary renders it. */
export function forbidden(message = errorMessage("forbidden")) {
  return data({ message }, { status: 403 });
}

export function userPermissions(user: SessionUser) {
  return permissionsOf(user.role);
}

/** Ends the request's session (its row); the caller clears the cookie with `clearSessionCookie`. */
export async function endSession(request: Request, db: Database = getDb()): Promise<void> {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) await deleteSession(db, token);
}
