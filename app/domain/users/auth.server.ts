/**
 * Staff sign-in, the rules (spec §6, decisions 002, 060, 141): the password check, the limiter's
 * decisions and the session record, in typed values and codes (decision 170). The request, the
 * cookies and the answer are the edge's (`app/http/auth.server.ts`, the login route).
 */
import { databaseAvailability } from "~/db/availability.server";
import type { Database } from "~/db/client.server";
import { clearRateLimit, consumeRateLimit, releaseAttempts } from "~/domain/rate-limit/limiter.server";
import { fail, ok, type Result } from "~/domain/result";
import { logger } from "~/lib/logger.server";
import { deviceSecret, newDeviceToken, readDeviceToken } from "./device-cookie.server";
import { verifyPassword } from "./password.server";
import { loginLimits, loginPairKey } from "./rate-limit.server";
import { createSession, type SessionUser } from "./session.server";
import { findUserForLogin, updateLastLogin } from "./users.server";
import { normalizeEmail } from "./validation";

/**
 * Why a sign-in is refused: both fields are needed; too many attempts (the failure's `detail` is
 * the wait in seconds); a wrong e-mail or password (one code for both); the session could not be
 * written; anything else.
 */
export type LoginErrorCode =
  | "login.missing"
  | "login.rate_limited"
  | "login.invalid"
  | "login.session_failed"
  | "login.unexpected";

export type SignedIn = {
  user: SessionUser;
  token: string;
  expiresAt: Date;
  /** A fresh known-device token for this browser (device-cookie.server.ts). */
  deviceToken: string;
};

export type LoginResult = Result<SignedIn, LoginErrorCode>;

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
    if (!email || !input.password) return fail("login.missing");
    const secret = await deviceSecret(db);
    const device = readDeviceToken(secret, input.deviceToken ?? null, email);
    // Counted before the password is checked, atomically: parallel guesses cannot all get through.
    const limit = await consumeRateLimit(db, loginLimits(email, input.ipAddress, device));
    if (!limit.ok) {
      return fail("login.rate_limited", { detail: String(limit.retryAfterSeconds) });
    }

    // Oversized input is never a real account: refuse it without hashing a megabyte.
    if (email.length > 254 || input.password.length > MAX_PASSWORD_INPUT) {
      return fail("login.invalid");
    }
    const user = await findUserForLogin(db, email);
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? TIMING_DUMMY_HASH);
    if (!user?.isActive || !passwordOk) {
      return fail("login.invalid");
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
      return fail("login.session_failed");
    }
    await updateLastLogin(db, user.id);
    // A successful sign-in counts toward no limit: its own attempt is taken back, and the earlier
    // failures of this e-mail from this address are forgotten.
    await releaseAttempts(db, limit.attemptIds);
    await clearRateLimit(db, [loginPairKey(email, input.ipAddress)]);
    const { id, role, firstName, lastName } = user;
    return ok({
      user: { id, email, role, firstName, lastName },
      ...session,
      deviceToken: newDeviceToken(secret, email),
    });
  } catch (error) {
    // An outage is logged once (and answered 503 by the server), not once per attempt.
    if (!databaseAvailability.noteIfUnavailable(error, "sign-in"))
      logger.error({ err: error }, "sign-in failed");
    return fail("login.unexpected");
  }
}
