/**
 * The company request review dialog (spec §2 Company requests, §4, §5): the request's details,
 * editing while it is pending, approve (notes optional) or reject (notes required) and delete with
 * confirmation. It posts to the page's action through one shared fetcher (`REVIEW_FETCHER`), so
 * the page can close it and say what happened even when the decided row has left the tab.
 */
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TextField, useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import {
  categoryOptions,
  SUBMISSION_CATEGORIES,
  SUBMISSION_STATUS_LABELS,
} from "~/domain/companies/constants";
import type { SubmissionStatus } from "~/domain/companies/submissions.server";
import { formatDateTime } from "~/lib/dates";
import type { FieldErrors, FormValues } from "~/lib/form";
import { CompanyFields, companyToInput } from "./company-fields";

export const REVIEW_FETCHER = "submission-review";

/** What the page's action answers for every intent. */
export type ReviewResult = {
  ok: boolean;
  intent: string;
  message: string;
  submissionId: number;
  fieldErrors?: FieldErrors;
  values?: FormValues;
};

/** A request as the list loads it. */
export type SubmissionRow = Parameters<typeof companyToInput>[0] & {
  id: number;
  status: SubmissionStatus;
  submittedAt: Date | string;
  reviewedAt: Date | string | null;
  reviewedBy: string | null;
  adminNotes: string | null;
};

const STATUS_TONES: Record<SubmissionStatus, BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SUBMISSION_STATUS_LABELS[status]}</Badge>;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children || "—"}</dd>
    </div>
  );
}

function Details({ row }: { row: SubmissionRow }) {
  return (
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
      {row.status !== "pending" ? (
        <dl className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
          <Detail label="Pregledano">{formatDateTime(row.reviewedAt)}</Detail>
          <Detail label="Pregledao">{row.reviewedBy}</Detail>
          <div className="sm:col-span-2">
            <Detail label="Napomene">{row.adminNotes}</Detail>
          </div>
        </dl>
      ) : null}
    </>
  );
}

export function SubmissionReviewDialog({
  row,
  maxYear,
  onClose,
}: {
  row: SubmissionRow;
  maxYear: number;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ReviewResult>({ key: REVIEW_FETCHER });
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const result = fetcher.data?.submissionId === row.id ? fetcher.data : null;
  const busy = fetcher.state !== "idle";
  const pending = row.status === "pending";
  const editForm = useRef<HTMLFormElement>(null);
  const decisionForm = useRef<HTMLFormElement>(null);
  useFocusFirstError(editForm, result?.intent === "update" ? result : null);
  useFocusFirstError(decisionForm, result?.intent === "reject" ? result : null);

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.intent === "update") setEditing(false);
  }, [fetcher.state, result]);

  const failed = result && !result.ok ? result : null;
  const editValues = failed?.intent === "update" && failed.values ? failed.values : companyToInput(row);
  const fieldErrors = failed?.fieldErrors ?? {};

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
                <SubmissionStatusBadge status={row.status} /> Poslato {formatDateTime(row.submittedAt)}
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
            <fetcher.Form ref={editForm} method="post" noValidate className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="submissionId" value={row.id} />
              <CompanyFields
                key={`${row.id}-${String(result?.intent === "update" && result.ok)}`}
                mode="submission"
                idPrefix={`zahtev-${row.id}`}
                values={editValues}
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
            <Details row={row} />
          )}

          {pending && !editing ? (
            <fetcher.Form
              ref={decisionForm}
              method="post"
              noValidate
              className="mt-5 space-y-3 border-t border-slate-100 pt-4"
            >
              <input type="hidden" name="submissionId" value={row.id} />
              <TextField
                name="adminNotes"
                idPrefix={`notes-${row.id}`}
                label="Napomene (obavezne za odbijanje)"
                multiline
                rows={3}
                values={failed?.values}
                errors={fieldErrors}
              />
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <Button type="submit" name="intent" value="approve" disabled={busy}>
                  Odobri
                </Button>
                <Button type="submit" name="intent" value="reject" variant="warning" disabled={busy}>
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
            </fetcher.Form>
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
              fetcher.submit({ intent: "delete", submissionId: String(row.id) }, { method: "post" });
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
