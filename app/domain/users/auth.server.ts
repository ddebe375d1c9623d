import { data, redirect } from "react-router";
import { databaseAvailability } from "~/db/availability.server";
import type { Database } from "~/db/client.server";
import { clearRateLimit, consumeRateLimit, releaseAttempts } from "~/domain/rate-limit/limiter.server";
import { logger } from "~/lib/logger.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { getDb } from "~/services.server";
import { deviceSecret, newDeviceToken, readDeviceToken } from "./device-cookie.server";
import { verifyPassword } from "./password.server";
import { hasPermission, type Permission, permissionsOf } from "./permissions";
import { loginLimits, loginPairKey } from "./rate-limit.server";
import { createSession, deleteSession, findSessionUser, type SessionUser } from "./session.server";
import { findUserForLogin, updateLastLogin } from "./users.server";
import { LOGIN_MESSAGES_FORM, normalizeEmail } from "./validation";

export { safeRedirect };

export const SESSION_COOKIE = "bv_session";

/** Spec §6 login messages, word for word, plus our rate-limit message. */
export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  sessionFailed: "Failed to create session",
  unexpected: "An unexpected error occurred",
  missing: LOGIN_MESSAGES_FORM.missing,
} as const;

/** The sign-in refusal; a wait under a minute (the delay for unknown devices) is said in seconds. */
export function rateLimitMessage(minutes: number, seconds?: number): string {
  const wait = seconds !== undefined && seconds < 60 ? secondsText(seconds) : `${minutes} min`;
  return `Previše neuspešnih pokušaja prijave. Pokušajte ponovo za ${wait}.`;
}

/** "1 sekundu", "3 sekunde", "5 sekundi", "21 sekundu" (Serbian plural of the accusative). */
function secondsText(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return `${n} sekundu`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${n} sekunde`;
  return `${n} sekundi`;
}

/**
 * One cookie's value, or null. A value that is not valid percent-encoding (`bv_session=%ZZ`) is
 * treated as absent: a broken cookie must never turn a page into a 500.
 */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function sessionCookie(request: Request, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const secure = isHttps(request) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure}`;
}

export function clearSessionCookie(request: Request): string {
  const secure = isHttps(request) ? "; Secure" : "";
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
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
export function forbidden(message = "Nemate dozvolu za pristup ovoj stranici.") {
  return data({ message }, { status: 403 });
}

export function userPermissions(user: SessionUser) {
  return permissionsOf(user.role);
}

export type LoginResult =
  | {
      ok: true;
      user: SessionUser;
      token: string;
      expiresAt: Date;
      /** A fresh known-device token for this browser (device-cookie.server.ts). */
      deviceToken: string;
    }
  | { ok: false; error: string; status: number };

/** Longer passwords are refused before hashing (bcrypt reads only the first 72 bytes anyway). */
const MAX_PASSWORD_INPUT = 1024;

// A real bcrypt hash of a random string: unknown e-mails cost the same time as wrong passwords.
const TIMING_DUMMY_HASH = "$2y$12$utnEYUL/WQpxyGwpCcvxv.3OM8urW/tsjZALnaMiKiToOi/FxrTZa";

export async function login(
  db: Database,
  input: {
    email: string;
    password: string;
    ipAddress: string | null;
    userAgent: string | null;
    /** The browser's known-device cookie, if it sent one (device-cookie.server.ts). */
    deviceToken?: string | null;
  },
): Promise<LoginResult> {
  try {
    const email = normalizeEmail(input.email);
    if (!email || !input.password) return { ok: false, error: LOGIN_MESSAGES.missing, status: 400 };
    const secret = await deviceSecret(db);
    const device = readDeviceToken(secret, input.deviceToken ?? null, email);
    // Counted before the password is checked, atomically: parallel guesses cannot all get through.
    const limit = await consumeRateLimit(db, loginLimits(email, input.ipAddress, device));
    if (!limit.ok) {
      return {
        ok: false,
        error: rateLimitMessage(limit.retryAfterMinutes, limit.retryAfterSeconds),
        status: 429,
      };
    }

    // Oversized input is never a real account: refuse it without hashing a megabyte.
    if (email.length > 254 || input.password.length > MAX_PASSWORD_INPUT) {
      return { ok: false, error: LOGIN_MESSAGES.invalid, status: 401 };
    }
    const user = await findUserForLogin(db, email);
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? TIMING_DUMMY_HASH);
    if (!user?.isActive || !passwordOk) {
      return { ok: false, error: LOGIN_MESSAGES.invalid, status: 401 };
    }

    let session: { token: string; expiresAt: Date };
    try {
      session = await createSession(db, {
        userId: user.id,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
      });
    } catch (error) {
      logger.error({ err: error, userId: user.id }, "session could not be created");
      return { ok: false, error: LOGIN_MESSAGES.sessionFailed, status: 500 };
    }
    await updateLastLogin(db, user.id);
    // A successful sign-in counts toward no limit: its own attempt is taken back, and the earlier
    // failures of this e-mail from this address are forgotten.
    await releaseAttempts(db, limit.attemptIds);
    await clearRateLimit(db, [loginPairKey(email, input.ipAddress)]);
    const { id, role, firstName, lastName } = user;
    return {
      ok: true,
      user: { id, email, role, firstName, lastName },
      ...session,
      deviceToken: newDeviceToken(secret, email),
    };
  } catch (error) {
    // An outage is logged once (and answered 503 by the server), not once per attempt.
    if (!databaseAvailability.noteIfUnavailable(error, "sign-in"))
      logger.error({ err: error }, "sign-in failed");
    return { ok: false, error: LOGIN_MESSAGES.unexpected, status: 500 };
  }
}

export async function logout(request: Request, db: Database = getDb()): Promise<void> {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) await deleteSession(db, token);
}
