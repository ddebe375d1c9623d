import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import { fail, ok, type Result } from "~/domain/result";
import { pgErrorCode } from "~/lib/db-errors";
import { logger } from "~/lib/logger.server";
import { hashPassword } from "./password.server";
import type { Role } from "./permissions";
import type { CreateUserInput } from "./validation";

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

/** Creates an account; a taken e-mail (any case) is `user.email_taken`. Database errors are logged. */
export async function createUser(
  db: DbOrTx,
  input: CreateUserInput,
): Promise<Result<AdminUserRow, "user.email_taken" | "user.create_failed">> {
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
    if (!row) return fail("user.email_taken");
    return ok(row);
  } catch (error) {
    logger.error({ err: error, sqlstate: pgErrorCode(error) }, "user could not be created");
    return fail("user.create_failed");
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

export type DeleteUserErrorCode =
  | "user.not_found"
  | "user.delete_still_exists"
  | "user.delete_foreign_key"
  | "user.delete_insufficient_privilege"
  | "user.delete_db_error";

/**
 * Deletes by id returning the row; a database refusal is logged and answered with the code of
 * spec §8's message (`detail`: the database's own one-line message, never a stack).
 */
export async function deleteUser(db: DbOrTx, id: number): Promise<Result<AdminUserRow, DeleteUserErrorCode>> {
  try {
    const [row] = await db.delete(adminUsers).where(eq(adminUsers.id, id)).returning(publicColumns);
    if (row) return ok(row);
    return (await findUserById(db, id)) ? fail("user.delete_still_exists") : fail("user.not_found");
  } catch (error) {
    const sqlstate = pgErrorCode(error);
    logger.error({ err: error, sqlstate, userId: id }, "user could not be deleted");
    if (sqlstate === "23503") return fail("user.delete_foreign_key");
    if (sqlstate === "42501") return fail("user.delete_insufficient_privilege");
    return fail("user.delete_db_error", { detail: errorMessage(error) });
  }
}

export async function updateLastLogin(db: DbOrTx, id: number): Promise<void> {
  await db.update(adminUsers).set({ lastLogin: sql`now()` }).where(eq(adminUsers.id, id));
}

/** The database's own message, first line only (never a stack). */
function errorMessage(error: unknown): string {
  const cause = (error as { cause?: { message?: string } })?.cause;
  const text = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return text.split("\n")[0].slice(0, 300);
}
