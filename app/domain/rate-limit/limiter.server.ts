/**
 * The rate limiter of spec §5 (5 attempts per 15 minutes per key), counted in the database so that
 * it holds across processes and restarts, and ATOMIC: the check and the count happen in one
 * transaction that first takes a transaction-scoped advisory lock per key, so parallel attempts
 * on the same key queue up and exactly `max` of them get through, on PGlite and PostgreSQL alike
 * (docs/decisions/060).
 *
 * One attempt may be checked against several limits at once (sign-in: e-mail+address and, looser,
 * the address alone); it is counted against all of them only when none is exhausted.
 *
 * Rows live in `login_attempts` (key, attempted_at), whatever the key; the session clean-up prunes
 * rows older than the longest window.
 */
import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { loginAttempts } from "~/db/schema";
import { noteRetryAfter } from "~/lib/request-context.server";
import { emitTelemetry } from "~/lib/telemetry.server";

export type RateLimit = {
  key: string;
  /** Attempts allowed per window; with `backoff`, attempts allowed before the delays begin. */
  max: number;
  windowMs: number;
  /**
   * Instead of refusing every attempt once `max` is reached, let one through after a growing
   * pause: attempt max+1 waits `baseMs` after the latest one, then twice that, and so on, at most
   * `maxMs` (an exponential delay: it slows a guesser down without locking anyone out for good).
   */
  backoff?: { baseMs: number; maxMs: number };
};
export type RateLimitResult =
  | { ok: true /** The attempts recorded, for `releaseAttempts` */; attemptIds: number[] }
  | { ok: false; retryAfterMinutes: number; retryAfterSeconds: number };

/** Spec §5: 5 attempts per 15 minutes per key. */
export const SPEC_LIMIT = { max: 5, windowMs: 15 * 60 * 1000 } as const;
/** The longest window any limit uses; rows older than this are pruned. */
export const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * Checks every limit and, when none is exhausted, counts this attempt against all of them, in one
 * serialised step. Returns how many minutes to wait when refused.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  limits: readonly RateLimit[],
  now: Date = new Date(),
): Promise<RateLimitResult> {
  if (limits.length === 0) return { ok: true, attemptIds: [] };
  // Locks are always taken in the same (sorted) order, so two attempts never deadlock.
  const keys = [...new Set(limits.map((l) => l.key))].sort();
  return db.transaction(async (tx) => {
    for (const key of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
    const longest = Math.max(...limits.map((l) => l.windowMs));
    const rows = await tx
      .select({ key: loginAttempts.key, at: loginAttempts.attemptedAt })
      .from(loginAttempts)
      .where(
        and(
          inArray(loginAttempts.key, keys),
          gt(loginAttempts.attemptedAt, new Date(now.getTime() - longest)),
        ),
      );
    let waitMs = 0;
    for (const limit of limits) {
      const since = now.getTime() - limit.windowMs;
      const times = rows
        .filter((r) => r.key === limit.key && new Date(r.at).getTime() > since)
        .map((r) => new Date(r.at).getTime())
        .sort((a, b) => a - b);
      waitMs = Math.max(waitMs, waitFor(limit, times, now.getTime()));
    }
    if (waitMs > 0) {
      const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
      // The answer's Retry-After header (server/http/page-handler.ts) comes from here.
      noteRetryAfter(retryAfterSeconds);
      // The form is the keys' first segment ("login", "company-request", "forum-vote" …): bounded.
      emitTelemetry({ type: "rate-limit-refused", form: keys[0].split(":")[0] });
      return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / 60_000)), retryAfterSeconds };
    }
    const inserted = await tx
      .insert(loginAttempts)
      .values(keys.map((key) => ({ key, attemptedAt: now })))
      .returning({ id: loginAttempts.id });
    return { ok: true, attemptIds: inserted.map((r) => r.id) };
  });
}

/** Milliseconds until `limit` lets another attempt through, given its attempts in the window (sorted). */
export function waitFor(limit: RateLimit, times: readonly number[], now: number): number {
  if (times.length < limit.max) return 0;
  if (limit.backoff) {
    const delay = Math.min(limit.backoff.baseMs * 2 ** (times.length - limit.max), limit.backoff.maxMs);
    return Math.max(0, times[times.length - 1] + delay - now);
  }
  // Free again when the oldest attempt that keeps the count at `max` leaves the window.
  return Math.max(0, times[times.length - limit.max] + limit.windowMs - now);
}

/** How many attempts a key has used in the window (for tests and diagnostics). */
export async function countAttempts(db: DbOrTx, key: string, windowMs: number, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, new Date(now.getTime() - windowMs))),
    );
  return row?.n ?? 0;
}

/** Forgets a key's attempts (a successful sign-in clears its e-mail+address count). */
export async function clearRateLimit(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(loginAttempts).where(inArray(loginAttempts.key, [...keys]));
}

/** Takes back attempts that turned out fine (a successful sign-in does not count toward the ceilings). */
export async function releaseAttempts(db: DbOrTx, attemptIds: readonly number[]): Promise<void> {
  if (attemptIds.length === 0) return;
  await db.delete(loginAttempts).where(inArray(loginAttempts.id, [...attemptIds]));
}

/** Drops attempts older than the longest window (runs with the session clean-up). */
export async function pruneRateLimits(db: DbOrTx, now = new Date()): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}
