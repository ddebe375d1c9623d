import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { CreateUserDialog, type UserActionData } from "~/components/users/create-user-dialog";
import { recordAudit } from "~/domain/audit/audit.server";
import { forbidden, requirePermission, userPermissions } from "~/domain/users/auth.server";
import {
  createUserAction,
  deleteUserAction,
  getProtectedAdminEmail,
  toggleUserAction,
  type UserActionResult,
} from "~/domain/users/manage.server";
import { ROLE_LABELS } from "~/domain/users/permissions";
import { listUsers } from "~/domain/users/users.server";
import { USER_MESSAGES } from "~/domain/users/validation";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Korisnici — Admin panel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "canViewUsers", { message: USER_MESSAGES.noAccess });
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

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requirePermission(request, "canViewUsers", { message: USER_MESSAGES.noAccess });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const db = getDb();
  let result: UserActionResult;
  if (intent === "create") {
    result = await createUserAction(db, actor, form);
  } else if (intent === "toggle" || intent === "delete") {
    const userId = parseId(form.get("userId"));
    if (userId === null) {
      result = { ok: false, status: 400, message: USER_MESSAGES.notFound };
    } else {
      result =
        intent === "toggle"
          ? await toggleUserAction(db, actor, userId)
          : await deleteUserAction(db, actor, userId);
    }
  } else {
    result = { ok: false, status: 400, message: "Nepoznata akcija." };
  }
  if (result.status === 403 && !userPermissions(actor).canEditUsers) throw forbidden(result.message);
  if (result.ok) {
    const target = form.get("userId");
    await recordAudit(db, {
      actor,
      area: "users",
      action: intent,
      recordId: typeof target === "string" ? target : null,
      recordLabel: intent === "create" ? String(form.get("email") ?? "").toLowerCase() : null,
      ip: context.clientIp,
      changes: intent === "create" ? { role: [null, String(form.get("role") ?? "editor")] } : null,
    });
  }
  return data({ ...result, intent }, { status: result.status });
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];

function RoleBadge({ role }: { role: UserRow["role"] }) {
  return <Badge tone={role === "admin" ? "warning" : "info"}>{ROLE_LABELS[role]}</Badge>;
}

function StatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "success" : "neutral"}>{active ? "Aktivan" : "Neaktivan"}</Badge>;
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

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, loadError, currentUserId, protectedEmail, canEdit } = loaderData;
  const rowFetcher = useFetcher<UserActionData>({ key: "user-row" });
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const [toDelete, setToDelete] = useState<UserRow | null>(null);

  useEffect(() => {
    if (rowFetcher.state === "idle" && rowFetcher.data) {
      setNotice({ ok: rowFetcher.data.ok, message: rowFetcher.data.message });
      setToDelete(null);
    }
  }, [rowFetcher.state, rowFetcher.data]);

  const submitRow = (intent: "toggle" | "delete", userId: number) =>
    rowFetcher.submit({ intent, userId: String(userId) }, { method: "post" });
  const pendingUserId = rowFetcher.state !== "idle" ? parseId(rowFetcher.formData?.get("userId")) : null;
  const rowProps = {
    currentUserId,
    protectedEmail,
    pendingUserId,
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
          columns={[
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
            { key: "email", header: "Email", cell: (u) => <span className="break-words">{u.email}</span> },
            { key: "role", header: "Uloga", mobile: "badge", cell: (u) => <RoleBadge role={u.role} /> },
            {
              key: "status",
              header: "Status",
              mobile: "badge",
              cell: (u) => <StatusBadge active={u.isActive} />,
            },
            {
              key: "lastLogin",
              header: "Poslednja prijava",
              cell: (u) => formatDateTime(u.lastLogin, "Nikad"),
            },
            ...(canEdit
              ? [
                  {
                    key: "actions",
                    header: "Akcije",
                    align: "right" as const,
                    mobile: "actions" as const,
                    cell: (u: UserRow) => <UserActions user={u} {...rowProps} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        tone="danger"
        title="Brisanje korisnika"
        description={
          toDelete ? (
            <>
              Da li ste sigurni da želite da obrišete korisnika{" "}
              <strong>
                {toDelete.firstName} {toDelete.lastName}
              </strong>{" "}
              ({toDelete.email})? Ova akcija se ne može poništiti.
            </>
          ) : null
        }
        confirmLabel="Obriši"
        busy={rowFetcher.state !== "idle"}
        onConfirm={() => toDelete && submitRow("delete", toDelete.id)}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
