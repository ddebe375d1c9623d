/**
 * A company request in the moderation queue's dialog (decision 171; spec §2 Company requests, §4,
 * §5): the request's details, editing while it is pending, approve (notes optional) or reject
 * (notes required) and delete. The edit form posts through the queue's fetcher, so the page sees
 * every answer.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { DecisionForm, DeleteItemButton } from "~/components/moderation/decision-form";
import type { QueueControls } from "~/components/moderation/queue";
import { Button } from "~/components/ui/button";
import { Detail } from "~/components/ui/detail";
import { useFocusFirstError } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import {
  categoryOptions,
  SUBMISSION_CATEGORIES,
  SUBMISSION_STATUS_LABELS,
} from "~/domain/companies/constants";
import type { SubmissionStatus } from "~/domain/companies/submissions.server";
import type { QueueReply } from "~/domain/moderation/queue";
import { formatDateTime } from "~/lib/dates";
import { CompanyFields, companyToInput } from "./company-fields";

export const REVIEW_FETCHER = "submission-review";

/** A request as the queue loads it. */
export type SubmissionRow = Parameters<typeof companyToInput>[0] & {
  id: number;
  status: SubmissionStatus;
  submittedAt: Date | string;
  reviewedAt: Date | string | null;
  reviewedBy: string | null;
  adminNotes: string | null;
};

export function SubmissionSubtitle({ row }: { row: SubmissionRow }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
      <StatusBadge status={row.status} labels={SUBMISSION_STATUS_LABELS} /> Poslato{" "}
      {formatDateTime(row.submittedAt)}
    </p>
  );
}

function Details({ row }: { row: SubmissionRow }) {
  return (
    <>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Detail label="Kategorija">{row.category}</Detail>
        <Detail label="Lokacija">{[row.location, row.state].filter(Boolean).join(", ")}</Detail>
        <Detail label="Telefon">{row.phone}</Detail>
        <Detail label="E-pošta">{row.email}</Detail>
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

// Over 80 lines on purpose: one layout switching between details and the edit form; decisions in DecisionForm.
export function SubmissionReview({
  row,
  maxYear,
  q,
}: {
  row: SubmissionRow;
  maxYear: number;
  q: QueueControls;
}) {
  const fetcher = useFetcher<QueueReply>({ key: REVIEW_FETCHER });
  const [editing, setEditing] = useState(false);
  const result = q.replyFor(row.id);
  const pending = row.status === "pending";
  const editForm = useRef<HTMLFormElement>(null);
  const decisionForm = useRef<HTMLFormElement>(null);
  useFocusFirstError(editForm, result?.intent === "update" ? result : null);
  useFocusFirstError(decisionForm, result?.intent === "reject" ? result : null);

  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.intent === "update") setEditing(false);
  }, [result]);

  const failed = result && !result.ok ? result : null;
  const editValues = failed?.intent === "update" && failed.values ? failed.values : companyToInput(row);
  const fieldErrors = failed?.fieldErrors ?? {};

  return (
    <>
      {result ? (
        <Notice className="mt-4" tone={result.ok ? "success" : "error"} message={result.message} />
      ) : null}

      {editing && pending ? (
        <fetcher.Form ref={editForm} method="post" noValidate className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={row.id} />
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
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={q.busy}>
              Otkaži izmene
            </Button>
            <Button type="submit" disabled={q.busy}>
              {q.busy ? "Čuvanje…" : "Sačuvaj izmene"}
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <Details row={row} />
      )}

      {pending && !editing ? (
        <DecisionForm
          formRef={decisionForm}
          note={{
            idPrefix: `notes-${row.id}`,
            label: "Napomene (obavezne za odbijanje)",
            rows: 3,
            values: failed?.intent === "update" ? undefined : failed?.values,
            errors: fieldErrors,
          }}
        >
          {(note) => (
            <>
              <Button disabled={q.busy} onClick={() => q.act(row.id, "approve", { note: note() })}>
                Odobri
              </Button>
              <Button
                variant="warning"
                disabled={q.busy}
                onClick={() => q.act(row.id, "reject", { note: note() })}
              >
                Odbij
              </Button>
              <Button variant="secondary" disabled={q.busy} onClick={() => setEditing(true)}>
                Izmeni
              </Button>
              <DeleteItemButton id={row.id} q={q} />
            </>
          )}
        </DecisionForm>
      ) : null}
      {!pending ? (
        <div className="mt-5 flex justify-end border-t border-slate-100 pt-4">
          <DeleteItemButton id={row.id} q={q} className="" />
        </div>
      ) : null}
    </>
  );
}
