import { and, count, gt, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { loginAttempts } from "~/db/schema";

/**
 * Spec §5 rate limiter: 5 attempts per 15 minutes per key. Failed sign-ins are counted in the
 * database, so the limit holds across processes and restarts. Keys: the e-mail and the client address.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

export function loginKeys(email: string, ipAddress: string | null): string[] {
  const keys = [`email:${email}`];
  if (ipAddress) keys.push(`ip:${ipAddress}`);
  return keys;
}

/** Minutes until the oldest counted failure leaves the window, or 0 when not limited. */
export async function loginBlockedMinutes(db: DbOrTx, keys: string[], now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const rows = await db
    .select({
      key: loginAttempts.key,
      failures: count(),
      oldest: sql<string>`min(${loginAttempts.attemptedAt})`,
    })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.attemptedAt, since)))
    .groupBy(loginAttempts.key);
  let waitMs = 0;
  for (const row of rows) {
    if (row.failures >= LOGIN_MAX_FAILURES) {
      const oldest = new Date(row.oldest).getTime();
      waitMs = Math.max(waitMs, oldest + LOGIN_WINDOW_MS - now.getTime());
    }
  }
  return waitMs > 0 ? Math.ceil(waitMs / 60000) : 0;
}

export async function recordLoginFailure(db: DbOrTx, keys: string[], now = new Date()): Promise<void> {
  await db.insert(loginAttempts).values(keys.map((key) => ({ key, attemptedAt: now })));
}

/** A successful sign-in clears the e-mail's failures (the address keeps its own count). */
export async function clearLoginFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}

export async function pruneLoginAttempts(db: DbOrTx, now = new Date()): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LOGIN_WINDOW_MS)));
}

/**
 * The same limiter under neutral names, for other keys (e.g. `company-request:ip:<addr>`): every
 * recorded attempt counts toward the 5 per 15 minutes, and pruning covers them too.
 */
export const rateLimitBlockedMinutes = loginBlockedMinutes;
export const recordRateLimitedAttempt = recordLoginFailure;
