import type { Database } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { protectedAdminEmail } from "./bootstrap.server";
import { hasPermission } from "./permissions";
import type { SessionUser } from "./session.server";
import { deleteSessionsOfUser } from "./session.server";
import { createUser, deleteUser, findUserById, setUserActive } from "./users.server";
import { createUserFormSchema, USER_MESSAGES, userDeletedMessage } from "./validation";

/** The rules of the users screen (spec §5, §6, §8), independent of HTTP. */
export type UserActionResult = {
  ok: boolean;
  message: string;
  status: number;
  fieldErrors?: FieldErrors;
  /** The create form's fields as typed, never the password. */
  values?: FormValues;
};

export function getProtectedAdminEmail(): string {
  return protectedAdminEmail(getEnv().ADMIN_EMAIL);
}

function denied(message: string): UserActionResult {
  return { ok: false, message, status: 403 };
}

/** Creates a staff account from the create-user form (FormData or its fields as an object). */
export async function createUserAction(
  db: Database,
  actor: SessionUser,
  form: FormData | Record<string, unknown>,
): Promise<UserActionResult> {
  const parsed = parseForm(createUserFormSchema, form, { secret: ["password"] });
  const values = parsed.values;
  if (!hasPermission(actor.role, "canEditUsers"))
    return { ...denied(USER_MESSAGES.noCreatePermission), values };
  if (!parsed.ok) {
    return {
      ok: false,
      status: 400,
      message: parsed.formError ?? USER_MESSAGES.createFailed,
      fieldErrors: parsed.fieldErrors,
      values,
    };
  }
  const created = await createUser(db, parsed.data);
  if (!created.ok) {
    const fieldErrors = created.code === "email_taken" ? { email: created.error } : undefined;
    return {
      ok: false,
      status: created.code === "email_taken" ? 409 : 500,
      message: created.error,
      fieldErrors,
      values,
    };
  }
  return { ok: true, status: 200, message: USER_MESSAGES.created };
}

export async function toggleUserAction(
  db: Database,
  actor: SessionUser,
  userId: number,
): Promise<UserActionResult> {
  if (!hasPermission(actor.role, "canEditUsers")) return denied(USER_MESSAGES.noTogglePermission);
  const target = await findUserById(db, userId);
  if (!target) return { ok: false, status: 404, message: USER_MESSAGES.notFound };
  if (target.email === getProtectedAdminEmail())
    return { ok: false, status: 403, message: USER_MESSAGES.protected };
  if (target.id === actor.id) return { ok: false, status: 400, message: USER_MESSAGES.cannotDeactivateSelf };
  try {
    const nextActive = !target.isActive;
    if (!(await setUserActive(db, target.id, nextActive))) {
      return { ok: false, status: 500, message: USER_MESSAGES.toggleFailed };
    }
    if (!nextActive) await deleteSessionsOfUser(db, target.id);
    return {
      ok: true,
      status: 200,
      message: nextActive ? USER_MESSAGES.activated : USER_MESSAGES.deactivated,
    };
  } catch (error) {
    logger.error({ err: error, userId }, "user status could not be changed");
    return { ok: false, status: 500, message: USER_MESSAGES.toggleFailed };
  }
}

export async function deleteUserAction(
  db: Database,
  actor: SessionUser,
  userId: number,
): Promise<UserActionResult> {
  if (!hasPermission(actor.role, "canEditUsers")) return denied(USER_MESSAGES.noDeletePermission);
  const target = await findUserById(db, userId);
  if (!target) return { ok: false, status: 404, message: USER_MESSAGES.notFound };
  if (target.email === getProtectedAdminEmail())
    return { ok: false, status: 403, message: USER_MESSAGES.protected };
  if (target.id === actor.id) return { ok: false, status: 400, message: USER_MESSAGES.cannotDeleteSelf };
  const deleted = await deleteUser(db, target.id);
  if (!deleted.ok) return { ok: false, status: 500, message: deleted.error };
  return {
    ok: true,
    status: 200,
    message: userDeletedMessage(deleted.value.firstName, deleted.value.lastName),
  };
}
