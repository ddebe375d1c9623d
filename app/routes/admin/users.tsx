import { data } from "react-router";
import { z } from "zod";
import { actionsColumn, type Column, DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { RowDeleteDialog } from "~/components/admin/row-delete-dialog";
import { useRowActions } from "~/components/admin/use-row-actions";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { ActiveBadge } from "~/components/ui/status-badge";
import { CreateUserDialog } from "~/components/users/create-user-dialog";
import {
  createStaffUser,
  deleteStaffUser,
  getProtectedAdminEmail,
  toggleStaffUser,
  type UserErrorCode,
} from "~/domain/users/manage.server";
import { ROLE_LABELS } from "~/domain/users/permissions";
import { listUsers } from "~/domain/users/users.server";
import { createUserFormSchema } from "~/domain/users/validation";
import { auditTrail } from "~/http/audit-trail.server";
import { forbidden, requirePermission, userPermissions } from "~/http/auth.server";
import { errorMessage, errorStatus, failure, unknownIntent } from "~/http/errors";
import { parseForm } from "~/http/form";
import { readIntent } from "~/http/intent";
import { formatDateTime } from "~/lib/dates";
import { idField } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { USER_MESSAGES, userDeletedMessage } from "~/messages/users";
import { getDb } from "~/services.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Korisnici — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "canViewUsers", {
    message: USER_MESSAGES.noAccess,
  });
  try {
    const users = await listUsers(getDb());
    return {
      users,
      loadError: null,
      currentUserId: user.id,
      protectedEmail: getProtectedAdminEmail(),
      canEdit: userPermissions(user).canEditUsers,
    };
  } catch (error) {
    logger.error({ err: error }, "users could not be loaded");
    return {
      users: [],
      loadError: USER_MESSAGES.loadFailed,
      currentUserId: user.id,
      protectedEmail: "",
      canEdit: false,
    };
  }
}

const userId = idField(USER_MESSAGES.notFound);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("toggle"), userId }),
  z.object({ intent: z.literal("delete"), userId }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requirePermission(request, "canViewUsers", {
    message: USER_MESSAGES.noAccess,
  });
  const parsed = await readIntent(request, actionSchema);
  const { form } = parsed;
  if (!parsed.ok) {
    if (!parsed.known) return unknownIntent({ intent: parsed.intent });
    return failure("user.not_found", { intent: parsed.intent, status: 400 });
  }
  const { intent } = parsed.data;
  const db = getDb();
  const audit = auditTrail(db, actor, context.clientIp, "users");
  // Without canEditUsers the refusal is the 403 page's (spec §6), not a notice.
  const refuse = (code: UserErrorCode, extra: Record<string, unknown> = {}) => {
    if (errorStatus(code) === 403 && !userPermissions(actor).canEditUsers)
      throw forbidden(errorMessage(code));
    return failure(code, { intent, ...extra });
  };
  if (parsed.data.intent === "create") {
    const input = parseForm(createUserFormSchema, form, {
      secret: ["password"],
    });
    const values = input.values;
    if (!userPermissions(actor).canEditUsers) return refuse("user.no_create_permission", { values });
    if (!input.ok) {
      const message = input.formError ?? USER_MESSAGES.createFailed;
      return data({ intent, ok: false, message, fieldErrors: input.fieldErrors, values }, { status: 400 });
    }
    const created = await createStaffUser(db, actor, input.data);
    if (!created.ok) {
      const fieldErrors =
        created.code === "user.email_taken" ? { email: errorMessage(created.code) } : undefined;
      return refuse(created.code, { fieldErrors, values });
    }
    await audit(intent, {
      recordId: null,
      recordLabel: input.data.email.toLowerCase(),
      changes: { role: [null, input.data.role] },
    });
    return data({ intent, ok: true, message: USER_MESSAGES.created });
  }
  if (parsed.data.intent === "toggle") {
    const toggled = await toggleStaffUser(db, actor, parsed.data.userId);
    if (!toggled.ok) return refuse(toggled.code);
    await audit(intent, { recordId: String(parsed.data.userId) });
    const message = toggled.value.active ? USER_MESSAGES.activated : USER_MESSAGES.deactivated;
    return data({ intent, ok: true, message });
  }
  const deleted = await deleteStaffUser(db, actor, parsed.data.userId);
  if (!deleted.ok) return refuse(deleted.code, { detail: deleted.detail });
  await audit(intent, { recordId: String(parsed.data.userId) });
  return data({
    intent,
    ok: true,
    message: userDeletedMessage(deleted.value.firstName, deleted.value.lastName),
  });
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function RoleBadge({ role }: { role: UserRow["role"] }) {
  return <Badge tone={role === "admin" ? "warning" : "info"}>{ROLE_LABELS[role]}</Badge>;
}

/** Toggle and delete; the protected administrator shows 'Zaštićen' instead, and nobody acts on themselves. */
function UserActions({
  user,
  currentUserId,
  protectedEmail,
  pendingUserId,
  onToggle,
  onDelete,
}: {
  user: UserRow;
  currentUserId: number;
  protectedEmail: string;
  pendingUserId: number | null;
  onToggle: (u: UserRow) => void;
  onDelete: (u: UserRow) => void;
}) {
  if (user.email === protectedEmail) return <Badge tone="brand">Zaštićen</Badge>;
  if (user.id === currentUserId) return null;
  const busy = pendingUserId === user.id;
  return (
    <div className="flex gap-2">
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onToggle(user)}>
        {user.isActive ? "Deaktiviraj" : "Aktiviraj"}
      </Button>
      <Button size="sm" variant="danger" disabled={busy} onClick={() => onDelete(user)}>
        Obriši
      </Button>
    </div>
  );
}

type RowProps = Omit<Parameters<typeof UserActions>[0], "user">;

function userColumns(currentUserId: number, canEdit: boolean, rowProps: RowProps): Column<UserRow>[] {
  return [
    {
      key: "name",
      header: "Ime",
      mobile: "title",
      className: "font-medium text-slate-900",
      cell: (u) => (
        <>
          {u.firstName} {u.lastName}
          {u.id === currentUserId ? (
            <span className="ml-2 text-xs font-normal text-slate-500">(vi)</span>
          ) : null}
        </>
      ),
    },
    {
      key: "email",
      header: "Email",
      cell: (u) => <span className="break-words">{u.email}</span>,
    },
    {
      key: "role",
      header: "Uloga",
      mobile: "badge",
      cell: (u) => <RoleBadge role={u.role} />,
    },
    {
      key: "status",
      header: "Status",
      mobile: "badge",
      cell: (u) => <ActiveBadge active={u.isActive} />,
    },
    {
      key: "lastLogin",
      header: "Poslednja prijava",
      cell: (u) => formatDateTime(u.lastLogin, "Nikad"),
    },
    ...(canEdit ? [actionsColumn((u: UserRow) => <UserActions user={u} {...rowProps} />)] : []),
  ];
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, loadError, currentUserId, protectedEmail, canEdit } = loaderData;
  const rowActions = useRowActions<UserRow, "toggle" | "delete">("user-row", "userId");
  const { notice, setNotice, setToDelete, submit: submitRow } = rowActions;
  const rowProps = {
    currentUserId,
    protectedEmail,
    pendingUserId: rowActions.pendingId,
    onToggle: (u: UserRow) => submitRow("toggle", u.id),
    onDelete: (u: UserRow) => setToDelete(u),
  };

  return (
    <div>
      <PageHeader
        title="Korisnici"
        description="Upravljajte nalozima osoblja i njihovim ulogama."
        actions={
          canEdit ? <CreateUserDialog onCreated={(message) => setNotice({ ok: true, message })} /> : null
        }
      />
      <div className="mb-4 space-y-2">
        <Notice tone="error" message={loadError} />
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      <Card className="overflow-hidden">
        <DataTable
          caption="Korisnici"
          rows={users}
          rowKey={(u) => u.email}
          testId="user"
          empty={loadError ? "" : "Nema korisnika."}
          columns={userColumns(currentUserId, canEdit, rowProps)}
        />
      </Card>
      <RowDeleteDialog actions={rowActions} title="Brisanje korisnika">
        {(toDelete) => (
          <>
            Da li ste sigurni da želite da obrišete korisnika{" "}
            <strong>
              {toDelete.firstName} {toDelete.lastName}
            </strong>{" "}
            ({toDelete.email})? Ova akcija se ne može poništiti.
          </>
        )}
      </RowDeleteDialog>
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
