import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { adminUsers, userSessions } from "~/db/schema";
import type { Role } from "./permissions";

/** Spec §9: a session lives 24 hours; expired ones are cleaned every 60 s. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const SESSION_CLEANUP_INTERVAL_MS = 60 * 1000;

export type SessionUser = {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
};

/** The database keeps only this hash; the token itself lives only in the visitor's cookie. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(
  db: DbOrTx,
  input: { userId: number; ipAddress: string | null; userAgent: string | null; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date((input.now ?? new Date()).getTime() + SESSION_TTL_MS);
  await db.insert(userSessions).values({
    userId: input.userId,
    sessionToken: hashToken(token),
    expiresAt,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return { token, expiresAt };
}

/** The active user behind a token, or null when the session is missing, expired or the user inactive. */
export async function findSessionUser(db: DbOrTx, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      role: adminUsers.role,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
    })
    .from(userSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.sessionToken, hashToken(token)),
        gt(userSessions.expiresAt, sql`now()`),
        eq(adminUsers.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: DbOrTx, token: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.sessionToken, hashToken(token)));
}

export async function deleteSessionsOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.userId, userId));
}

/** clean_expired_sessions of spec §7; returns how many rows went. */
export async function cleanExpiredSessions(db: DbOrTx): Promise<number> {
  const removed = await db
    .delete(userSessions)
    .where(lt(userSessions.expiresAt, sql`now()`))
    .returning({ id: userSessions.id });
  return removed.length;
}
