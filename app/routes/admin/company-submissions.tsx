import { Dialog } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useSearchParams } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { CompanyFields, companyToInput } from "~/components/companies/company-fields";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Pagination } from "~/components/pagination";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { afterCompanyApproved } from "~/domain/companies/after-approval.server";
import {
  categoryOptions,
  currentYear,
  SUBMISSION_CATEGORIES,
  SUBMISSION_MESSAGES,
  SUBMISSION_STATUS_LABELS,
  SUBMISSIONS_PAGE_SIZE,
} from "~/domain/companies/constants";
import {
  approveSubmission,
  countSubmissionsByStatus,
  type DecisionOutcome,
  deleteSubmission,
  getSubmission,
  listSubmissions,
  rejectSubmission,
  type SubmissionStatus,
  updatePendingSubmission,
} from "~/domain/companies/submissions.server";
import {
  type CompanyField,
  type CompanyInput,
  companyInputFromForm,
  validateCompanyInput,
} from "~/domain/companies/validation";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDateTime } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { sanitizeText } from "~/lib/text-sanitizer";
import { getDb } from "~/services.server";
import type { Route } from "./+types/company-submissions";

export const meta: Route.MetaFunction = () => [{ title: "Zahtevi kompanija — Admin panel" }];

/** The tabs of spec §2, with their URL value. */
const TABS = [
  { value: "", label: "Svi", status: undefined, count: "all" },
  { value: "na-cekanju", label: "Na čekanju", status: "pending", count: "pending" },
  { value: "odobreni", label: "Odobreni", status: "approved", count: "approved" },
  { value: "odbijeni", label: "Odbijeni", status: "rejected", count: "rejected" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewCompanies");
  const params = new URL(request.url).searchParams;
  const tab = TABS.find((t) => t.value === params.get("status")) ?? TABS[0];
  const page = parsePage(params.get("page"));
  const db = getDb();
  try {
    const [counts, rows] = await Promise.all([
      countSubmissionsByStatus(db),
      listSubmissions(db, { status: tab.status, page, pageSize: SUBMISSIONS_PAGE_SIZE }),
    ]);
    return { tab: tab.value, page, counts, rows, maxYear: currentYear() };
  } catch {
    // Spec §8: list load errors show an empty list with no message.
    return {
      tab: tab.value,
      page,
      counts: { all: 0, pending: 0, approved: 0, rejected: 0 },
      rows: [],
      maxYear: currentYear(),
    };
  }
}

type ActionResult = {
  ok: boolean;
  intent: string;
  message: string;
  submissionId: number;
  fieldErrors?: Partial<Record<CompanyField | "adminNotes", string>>;
  values?: CompanyInput;
  notes?: string;
};

function outcomeMessage(
  outcome: DecisionOutcome,
  success: string,
): { status: number; ok: boolean; message: string } {
  if (outcome.ok) return { status: 200, ok: true, message: success };
  return outcome.reason === "notPending"
    ? { status: 409, ok: false, message: SUBMISSION_MESSAGES.notPending }
    : { status: 404, ok: false, message: SUBMISSION_MESSAGES.notFound };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewCompanies");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const submissionId = parseId(form.get("submissionId")) ?? 0;
  const reply = (status: number, body: Omit<ActionResult, "intent" | "submissionId">) =>
    data<ActionResult>({ intent, submissionId, ...body }, { status });
  if (submissionId === 0) {
    return reply(400, { ok: false, message: SUBMISSION_MESSAGES.notFound });
  }
  const db = getDb();
  const notes = sanitizeText(form.get("adminNotes"));

  if (intent === "update") {
    const input = companyInputFromForm(form, "comma");
    try {
      const stored = await getSubmission(db, submissionId);
      if (!stored) return reply(404, { ok: false, message: SUBMISSION_MESSAGES.notFound });
      const validation = validateCompanyInput(input, {
        mode: "submission",
        categories: categoryOptions(SUBMISSION_CATEGORIES, stored.category),
      });
      if (!validation.ok) {
        return reply(400, {
          ok: false,
          message: SUBMISSION_MESSAGES.updateFailed,
          fieldErrors: validation.fieldErrors,
          values: input,
        });
      }
      const r = outcomeMessage(
        await updatePendingSubmission(db, submissionId, validation.data),
        SUBMISSION_MESSAGES.updated,
      );
      return reply(r.status, { ok: r.ok, message: r.message, values: r.ok ? undefined : input });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission update failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.updateFailed, values: input });
    }
  }

  if (intent === "approve") {
    try {
      const outcome = await approveSubmission(db, submissionId, {
        reviewer: user.email,
        notes: notes || null,
      });
      if (outcome.ok) afterCompanyApproved();
      const r = outcomeMessage(outcome, SUBMISSION_MESSAGES.approved);
      return reply(r.status, { ok: r.ok, message: r.message, notes });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission approval failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.approveFailed, notes });
    }
  }

  if (intent === "reject") {
    if (!notes) {
      return reply(400, {
        ok: false,
        message: SUBMISSION_MESSAGES.rejectNoteRequired,
        fieldErrors: { adminNotes: SUBMISSION_MESSAGES.rejectNoteRequired },
        notes,
      });
    }
    try {
      const outcome = await rejectSubmission(db, submissionId, { reviewer: user.email, notes });
      const r = outcomeMessage(outcome, SUBMISSION_MESSAGES.rejected);
      return reply(r.status, { ok: r.ok, message: r.message, notes });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission rejection failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.rejectFailed, notes });
    }
  }

  if (intent === "delete") {
    try {
      const deleted = await deleteSubmission(db, submissionId);
      return deleted
        ? reply(200, { ok: true, message: SUBMISSION_MESSAGES.deleted })
        : reply(404, { ok: false, message: SUBMISSION_MESSAGES.deleteFailed });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission delete failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.deleteFailed });
    }
  }

  return reply(400, { ok: false, message: "Nepoznata akcija." });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/**
 * One fetcher for the review modal, shared by key with the page: the page closes the modal and
 * shows the message after a decision, even when the decided row has already left the current tab.
 */
const REVIEW_FETCHER = "submission-review";

const STATUS_TONES: Record<SubmissionStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

function StatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SUBMISSION_STATUS_LABELS[status]}</Badge>;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children || "—"}</dd>
    </div>
  );
}

const notesClass =
  "block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

function ReviewDialog({ row, maxYear, onClose }: { row: Row; maxYear: number; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>({ key: REVIEW_FETCHER });
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const result = fetcher.data?.submissionId === row.id ? fetcher.data : null;
  const busy = fetcher.state !== "idle";
  const pending = row.status === "pending";

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.intent === "update") setEditing(false);
  }, [fetcher.state, result]);

  const submit = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, submissionId: String(row.id), ...extra }, { method: "post" });
  const values =
    result?.intent === "update" && !result.ok && result.values ? result.values : companyToInput(row);
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const notesRef = useRef<HTMLTextAreaElement>(null);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-40 max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{row.name}</Dialog.Title>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <StatusBadge status={row.status} /> Poslato {formatDateTime(row.submittedAt)}
              </p>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Zatvori">
                ✕
              </Button>
            </Dialog.Close>
          </div>

          {result ? (
            <Notice className="mt-4" tone={result.ok ? "success" : "error"} message={result.message} />
          ) : null}

          {editing && pending ? (
            <fetcher.Form method="post" noValidate className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="submissionId" value={row.id} />
              <CompanyFields
                key={`${row.id}-${String(result?.intent === "update" && result.ok)}`}
                mode="submission"
                idPrefix={`zahtev-${row.id}`}
                values={values}
                errors={fieldErrors}
                categories={categoryOptions(SUBMISSION_CATEGORIES, row.category)}
                maxYear={maxYear}
              />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={() => setEditing(false)} disabled={busy}>
                  Otkaži izmene
                </Button>
                <Button type="submit" disabled={busy}>
                  {busy ? "Čuvanje…" : "Sačuvaj izmene"}
                </Button>
              </div>
            </fetcher.Form>
          ) : (
            <>
              <dl className="mt-4 grid gap-3 sm:grid-cols-2">
                <Detail label="Kategorija">{row.category}</Detail>
                <Detail label="Lokacija">{[row.location, row.state].filter(Boolean).join(", ")}</Detail>
                <Detail label="Telefon">{row.phone}</Detail>
                <Detail label="Email">{row.email}</Detail>
                <Detail label="Veb sajt">{row.website}</Detail>
                <Detail label="Godina osnivanja">{row.yearEstablished}</Detail>
                <Detail label="Veličina flote">{row.fleetSize}</Detail>
                <Detail label="Logo">{row.logo}</Detail>
                <Detail label="Usluge">{row.services.join(", ")}</Detail>
                <Detail label="Specijalnosti">{row.specialties.join(", ")}</Detail>
              </dl>
              <div className="mt-3">
                <Detail label="Opis">
                  <span className="whitespace-pre-line">{row.description}</span>
                </Detail>
              </div>
              {!pending ? (
                <dl className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
                  <Detail label="Pregledano">{formatDateTime(row.reviewedAt)}</Detail>
                  <Detail label="Pregledao">{row.reviewedBy}</Detail>
                  <div className="sm:col-span-2">
                    <Detail label="Napomene">{row.adminNotes}</Detail>
                  </div>
                </dl>
              ) : null}
            </>
          )}

          {pending && !editing ? (
            <div className="mt-5 space-y-3 border-t border-slate-100 pt-4">
              <div className="space-y-1">
                <label htmlFor={`notes-${row.id}`} className="block text-sm font-medium text-slate-700">
                  Napomene (obavezne za odbijanje)
                </label>
                <textarea
                  ref={notesRef}
                  id={`notes-${row.id}`}
                  rows={3}
                  defaultValue={result?.notes ?? ""}
                  aria-invalid={Boolean(fieldErrors.adminNotes) || undefined}
                  aria-describedby={fieldErrors.adminNotes ? `notes-${row.id}-error` : undefined}
                  className={cn(notesClass, fieldErrors.adminNotes ? "border-red-400" : "border-slate-300")}
                />
                {fieldErrors.adminNotes ? (
                  <p id={`notes-${row.id}-error`} className="text-xs font-medium text-red-600">
                    {fieldErrors.adminNotes}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <Button
                  disabled={busy}
                  onClick={() => submit("approve", { adminNotes: notesRef.current?.value ?? "" })}
                >
                  Odobri
                </Button>
                <Button
                  variant="warning"
                  disabled={busy}
                  onClick={() => submit("reject", { adminNotes: notesRef.current?.value ?? "" })}
                >
                  Odbij
                </Button>
                <Button variant="secondary" disabled={busy} onClick={() => setEditing(true)}>
                  Izmeni
                </Button>
                <Button
                  variant="danger"
                  className="sm:ml-auto"
                  disabled={busy}
                  onClick={() => setConfirmDelete(true)}
                >
                  Obriši
                </Button>
              </div>
            </div>
          ) : null}
          {!pending ? (
            <div className="mt-5 flex justify-end border-t border-slate-100 pt-4">
              <Button variant="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
                Obriši
              </Button>
            </div>
          ) : null}
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            tone="danger"
            title="Brisanje zahteva"
            description={
              <>
                Da li ste sigurni da želite da obrišete zahtev kompanije <strong>{row.name}</strong>? Ova
                akcija se ne može poništiti.
              </>
            }
            confirmLabel="Obriši"
            busy={busy}
            onConfirm={() => {
              setConfirmDelete(false);
              submit("delete");
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function CompanySubmissions({ loaderData }: Route.ComponentProps) {
  const { tab, page, counts, rows, maxYear } = loaderData;
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const open = rows.find((r) => r.id === openId) ?? null;
  const fetcher = useFetcher<typeof action>({ key: REVIEW_FETCHER });
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.intent !== "update") {
      setOpenId(null);
      setNotice({ ok: true, message: result.message });
    } else if (!result.ok && openId === null) {
      setNotice({ ok: false, message: result.message });
    }
  }, [fetcher.state, fetcher.data, openId]);
  const total = counts[TABS.find((t) => t.value === tab)?.count ?? "all"];
  const tabHref = (value: string) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (value) next.set("status", value);
    else next.delete("status");
    const qs = next.toString();
    return `/admin/company-submissions${qs ? `?${qs}` : ""}`;
  };

  return (
    <div>
      <PageHeader
        title="Zahtevi kompanija"
        description="Pregledajte, izmenite, odobrite ili odbijte zahteve posetilaca."
      />
      <div className="mb-4">
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      <nav aria-label="Status zahteva" className="-mx-1 mb-4 flex gap-1 overflow-x-auto pb-1">
        {TABS.map((t) => (
          <Link
            key={t.value}
            to={tabHref(t.value)}
            aria-current={t.value === tab ? "page" : undefined}
            className={cn(
              "inline-flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium",
              t.value === tab
                ? "bg-brand-600 text-white"
                : "bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50",
            )}
          >
            {t.label}
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs",
                t.value === tab
                  ? "bg-white/20"
                  : t.status === "pending"
                    ? "bg-yellow-300 text-slate-900"
                    : "bg-slate-100",
              )}
              data-testid={`tab-count-${t.count}`}
            >
              {counts[t.count]}
            </span>
          </Link>
        ))}
      </nav>
      <Card className="overflow-hidden">
        {rows.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-slate-500">Nema zahteva.</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-100 md:hidden">
              {rows.map((r) => (
                <li key={r.id} data-testid={`submission-card-${r.id}`}>
                  <button
                    type="button"
                    onClick={() => setOpenId(r.id)}
                    className="flex w-full items-start justify-between gap-2 px-4 py-4 text-left hover:bg-slate-50"
                  >
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{r.name}</p>
                      <p className="text-sm text-slate-600">{r.category ?? "—"}</p>
                      <p className="text-xs text-slate-500">
                        {[r.location, r.state].filter(Boolean).join(", ")} · {formatDateTime(r.submittedAt)}
                      </p>
                    </div>
                    <StatusBadge status={r.status} />
                  </button>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Kompanija
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Kategorija
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Lokacija
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Poslato
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Akcije
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((r) => (
                    <tr key={r.id} data-testid={`submission-row-${r.id}`}>
                      <td className="px-4 py-3 font-medium text-slate-900">{r.name}</td>
                      <td className="px-4 py-3 text-slate-700">{r.category ?? "—"}</td>
                      <td className="px-4 py-3 text-slate-700">
                        {[r.location, r.state].filter(Boolean).join(", ") || "—"}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                        {formatDateTime(r.submittedAt)}
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={r.status} />
                      </td>
                      <td className="px-4 py-3 text-right">
                        <Button size="sm" variant="secondary" onClick={() => setOpenId(r.id)}>
                          Pregledaj
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, SUBMISSIONS_PAGE_SIZE)} />
      </div>
      {open ? (
        <ReviewDialog key={open.id} row={open} maxYear={maxYear} onClose={() => setOpenId(null)} />
      ) : null}
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
