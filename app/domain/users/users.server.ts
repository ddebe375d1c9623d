import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { pgErrorCode } from "~/lib/db-errors";
import { hashPassword } from "./password.server";
import type { Role } from "./permissions";
import { type CreateUserInput, deleteErrorMessage, USER_MESSAGES } from "./validation";

export type AdminUserRow = {
  id: number;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  isActive: boolean;
  createdAt: Date;
  lastLogin: Date | null;
};

const publicColumns = {
  id: adminUsers.id,
  email: adminUsers.email,
  role: adminUsers.role,
  firstName: adminUsers.firstName,
  lastName: adminUsers.lastName,
  isActive: adminUsers.isActive,
  createdAt: adminUsers.createdAt,
  lastLogin: adminUsers.lastLogin,
};

export function listUsers(db: DbOrTx): Promise<AdminUserRow[]> {
  return db.select(publicColumns).from(adminUsers).orderBy(desc(adminUsers.createdAt), desc(adminUsers.id));
}

export async function findUserById(db: DbOrTx, id: number): Promise<AdminUserRow | null> {
  const [row] = await db.select(publicColumns).from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row ?? null;
}

export async function findUserForLogin(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ ...publicColumns, passwordHash: adminUsers.passwordHash })
    .from(adminUsers)
    .where(eq(adminUsers.email, email))
    .limit(1);
  return row ?? null;
}

export type Result<T = undefined> = { ok: true; value: T } | { ok: false; error: string; code?: string };

export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<Result<AdminUserRow>> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(adminUsers)
      .values({
        email: input.email,
        passwordHash,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        isActive: true,
      })
      .onConflictDoNothing({ target: adminUsers.email })
      .returning(publicColumns);
    if (!row) return { ok: false, error: USER_MESSAGES.emailTaken, code: "email_taken" };
    return { ok: true, value: row };
  } catch (error) {
    return { ok: false, error: USER_MESSAGES.createFailed, code: pgErrorCode(error) };
  }
}

export async function setUserActive(db: DbOrTx, id: number, isActive: boolean): Promise<boolean> {
  const rows = await db
    .update(adminUsers)
    .set({ isActive })
    .where(eq(adminUsers.id, id))
    .returning({ id: adminUsers.id });
  return rows.length === 1;
}

/** Deletes by id returning the rows; maps database errors to the messages of spec §8. */
export async function deleteUser(db: DbOrTx, id: number): Promise<Result<AdminUserRow>> {
  try {
    const [row] = await db.delete(adminUsers).where(eq(adminUsers.id, id)).returning(publicColumns);
    if (row) return { ok: true, value: row };
    const stillThere = await findUserById(db, id);
    return stillThere
      ? { ok: false, error: USER_MESSAGES.deleteStillExists }
      : { ok: false, error: USER_MESSAGES.notFound };
  } catch (error) {
    const code = pgErrorCode(error);
    return { ok: false, error: deleteErrorMessage(code, errorMessage(error)), code };
  }
}

export async function updateLastLogin(db: DbOrTx, id: number): Promise<void> {
  await db.update(adminUsers).set({ lastLogin: sql`now()` }).where(eq(adminUsers.id, id));
}

function errorMessage(error: unknown): string {
  const cause = (error as { cause?: { message?: string } })?.cause;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
