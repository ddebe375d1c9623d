import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
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
import {
  type CreateUserField,
  type CreateUserValues,
  MIN_PASSWORD_LENGTH,
  USER_MESSAGES,
  validateCreateUser,
} from "~/domain/users/validation";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
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
  } catch {
    return {
      users: [],
      loadError: USER_MESSAGES.loadFailed,
      currentUserId: user.id,
      protectedEmail: "",
      canEdit: false,
    };
  }
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "canViewUsers", { message: USER_MESSAGES.noAccess });
  const form = await request.formData();
  const intent = field(form, "intent");
  const db = getDb();
  let result: UserActionResult;
  if (intent === "create") {
    result = await createUserAction(db, actor, {
      email: field(form, "email"),
      password: field(form, "password"),
      firstName: field(form, "firstName"),
      lastName: field(form, "lastName"),
      role: field(form, "role") || "editor",
    });
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
  return data({ ...result, intent }, { status: result.status });
}

type UserRow = Route.ComponentProps["loaderData"]["users"][number];
const EMPTY_VALUES: CreateUserValues = {
  email: "",
  password: "",
  firstName: "",
  lastName: "",
  role: "editor",
};

function CreateUserDialog({ onCreated }: { onCreated: (message: string) => void }) {
  const fetcher = useFetcher<typeof action>({ key: "create-user" });
  const [open, setOpen] = useState(false);
  const [clientErrors, setClientErrors] = useState<Partial<Record<CreateUserField, string>> | null>(null);
  const [clientMessage, setClientMessage] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";

  // React to each creation once: the fetcher keeps its last result after the dialog closes.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.intent === "create" && result.ok) {
      setOpen(false);
      formRef.current?.reset();
      onCreated(result.message);
    }
  }, [fetcher.state, result, onCreated]);

  const serverFailed = result && result.intent === "create" && !result.ok ? result : null;
  const fieldErrors = clientErrors ?? serverFailed?.fieldErrors ?? {};
  const message = clientMessage ?? serverFailed?.message ?? null;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      (Object.keys(EMPTY_VALUES) as CreateUserField[]).map((k) => [k, String(form.get(k) ?? "")]),
    ) as CreateUserValues;
    const validation = validateCreateUser(values);
    if (!validation.ok) {
      setClientErrors(validation.fieldErrors);
      setClientMessage(validation.formError);
      return;
    }
    setClientErrors(null);
    setClientMessage(null);
    fetcher.submit(form, { method: "post" });
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button>+ Novi korisnik</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Novi korisnik</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Sva polja su obavezna. Lozinka mora imati najmanje {MIN_PASSWORD_LENGTH} karaktera.
          </Dialog.Description>
          <fetcher.Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
            <input type="hidden" name="intent" value="create" />
            <Notice tone="error" message={message} />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="firstName" label="Ime" error={fieldErrors.firstName}>
                <Input
                  id="firstName"
                  name="firstName"
                  autoComplete="off"
                  invalid={Boolean(fieldErrors.firstName)}
                />
              </Field>
              <Field id="lastName" label="Prezime" error={fieldErrors.lastName}>
                <Input
                  id="lastName"
                  name="lastName"
                  autoComplete="off"
                  invalid={Boolean(fieldErrors.lastName)}
                />
              </Field>
            </div>
            <Field id="new-email" label="Email adresa" error={fieldErrors.email}>
              <Input
                id="new-email"
                name="email"
                type="email"
                autoComplete="off"
                invalid={Boolean(fieldErrors.email)}
              />
            </Field>
            <Field id="new-password" label="Lozinka" error={fieldErrors.password}>
              <Input
                id="new-password"
                name="password"
                type="password"
                autoComplete="new-password"
                invalid={Boolean(fieldErrors.password)}
              />
            </Field>
            <Field id="role" label="Uloga">
              <Select id="role" name="role" defaultValue="editor">
                <option value="editor">{ROLE_LABELS.editor}</option>
                <option value="admin">{ROLE_LABELS.admin}</option>
              </Select>
            </Field>
            <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">Otkaži</Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? "Kreiranje…" : "Kreiraj korisnika"}
              </Button>
            </div>
          </fetcher.Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

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
    <div className="flex gap-2 md:justify-end">
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
  const rowFetcher = useFetcher<typeof action>({ key: "user-row" });
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
        {users.length === 0 && !loadError ? (
          <p className="px-5 py-8 text-center text-sm text-slate-500">Nema korisnika.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 md:hidden">
              {users.map((u) => (
                <li key={u.id} className="space-y-2 px-4 py-4" data-testid={`user-card-${u.email}`}>
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        {u.firstName} {u.lastName}
                        {u.id === currentUserId ? (
                          <span className="ml-2 text-xs font-normal text-slate-500">(vi)</span>
                        ) : null}
                      </p>
                      <p className="truncate text-sm text-slate-600">{u.email}</p>
                    </div>
                    <div className="flex shrink-0 flex-col items-end gap-1">
                      <RoleBadge role={u.role} />
                      <StatusBadge active={u.isActive} />
                    </div>
                  </div>
                  <p className="text-xs text-slate-500">
                    Poslednja prijava: {formatDateTime(u.lastLogin, "Nikad")}
                  </p>
                  {canEdit ? <UserActions user={u} {...rowProps} /> : null}
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Ime
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Email
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Uloga
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Poslednja prijava
                    </th>
                    {canEdit ? (
                      <th scope="col" className="px-4 py-3 text-right">
                        Akcije
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {users.map((u) => (
                    <tr key={u.id} data-testid={`user-row-${u.email}`}>
                      <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
                        {u.firstName} {u.lastName}
                        {u.id === currentUserId ? (
                          <span className="ml-2 text-xs font-normal text-slate-500">(vi)</span>
                        ) : null}
                      </td>
                      <td className="px-4 py-3 text-slate-700">{u.email}</td>
                      <td className="px-4 py-3">
                        <RoleBadge role={u.role} />
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge active={u.isActive} />
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                        {formatDateTime(u.lastLogin, "Nikad")}
                      </td>
                      {canEdit ? (
                        <td className="whitespace-nowrap px-4 py-3 text-right">
                          <UserActions user={u} {...rowProps} />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
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
