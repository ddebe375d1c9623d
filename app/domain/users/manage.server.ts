/**
 * The rules of the users screen (spec §5, §6, §8), in typed values and codes (decision 170): who
 * may create, switch and delete staff accounts, and what the database may refuse.
 */
import type { Database } from "~/db/client.server";
import { fail, ok, type Result } from "~/domain/result";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { protectedAdminEmail } from "./bootstrap.server";
import { hasPermission } from "./permissions";
import type { SessionUser } from "./session.server";
import { deleteSessionsOfUser } from "./session.server";
import { type AdminUserRow, createUser, deleteUser, findUserById, setUserActive } from "./users.server";
import type { CreateUserInput } from "./validation";

export type UserErrorCode =
  | "user.no_create_permission"
  | "user.no_toggle_permission"
  | "user.no_delete_permission"
  | "user.not_found"
  | "user.protected"
  | "user.cannot_deactivate_self"
  | "user.cannot_delete_self"
  | "user.email_taken"
  | "user.create_failed"
  | "user.toggle_failed"
  | "user.delete_foreign_key"
  | "user.delete_insufficient_privilege"
  | "user.delete_still_exists"
  | "user.delete_db_error";

export function getProtectedAdminEmail(): string {
  return protectedAdminEmail(getEnv().ADMIN_EMAIL);
}

/** The checks every change of another account passes first. */
async function targetOf(
  db: Database,
  actor: SessionUser,
  userId: number,
  self: "user.cannot_deactivate_self" | "user.cannot_delete_self",
): Promise<Result<AdminUserRow, UserErrorCode>> {
  const target = await findUserById(db, userId);
  if (!target) return fail("user.not_found");
  if (target.email === getProtectedAdminEmail()) return fail("user.protected");
  if (target.id === actor.id) return fail(self);
  return ok(target);
}

/** Creates a staff account; a taken e-mail is refused (any case). */
export async function createStaffUser(
  db: Database,
  actor: SessionUser,
  input: CreateUserInput,
): Promise<Result<AdminUserRow, UserErrorCode>> {
  if (!hasPermission(actor.role, "canEditUsers")) return fail("user.no_create_permission");
  return createUser(db, input);
}

/** Switches Aktivan/Neaktivan; a deactivated user is signed out everywhere. */
export async function toggleStaffUser(
  db: Database,
  actor: SessionUser,
  userId: number,
): Promise<Result<{ active: boolean }, UserErrorCode>> {
  if (!hasPermission(actor.role, "canEditUsers")) return fail("user.no_toggle_permission");
  const target = await targetOf(db, actor, userId, "user.cannot_deactivate_self");
  if (!target.ok) return target;
  try {
    const active = !target.value.isActive;
    if (!(await setUserActive(db, target.value.id, active))) return fail("user.toggle_failed");
    if (!active) await deleteSessionsOfUser(db, target.value.id);
    return ok({ active });
  } catch (error) {
    logger.error({ err: error, userId }, "user status could not be changed");
    return fail("user.toggle_failed");
  }
}

/** Deletes another staff account; the database's refusals come back as codes. */
export async function deleteStaffUser(
  db: Database,
  actor: SessionUser,
  userId: number,
): Promise<Result<AdminUserRow, UserErrorCode>> {
  if (!hasPermission(actor.role, "canEditUsers")) return fail("user.no_delete_permission");
  const target = await targetOf(db, actor, userId, "user.cannot_delete_self");
  if (!target.ok) return target;
  return deleteUser(db, target.value.id);
}
