import { data } from "react-router";
import { z } from "zod";
import { PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import {
  REVIEW_FETCHER,
  SubmissionReview,
  type SubmissionRow,
  SubmissionSubtitle,
} from "~/components/companies/submission-review";
import { ModerationQueue, type QueueArea } from "~/components/moderation/queue";
import { reviewColumn } from "~/components/moderation/queue-parts";
import { StatusBadge } from "~/components/ui/status-badge";
import { afterCompanyApproved } from "~/domain/companies/after-approval.server";
import {
  categoryOptions,
  currentYear,
  SUBMISSION_CATEGORIES,
  SUBMISSION_STATUS_LABELS,
  SUBMISSIONS_PAGE_SIZE,
} from "~/domain/companies/constants";
import {
  approveSubmission,
  countSubmissionsByStatus,
  deleteSubmission,
  getSubmission,
  listSubmissions,
  rejectSubmission,
  type SubmissionErrorCode,
  updatePendingSubmission,
} from "~/domain/companies/submissions.server";
import { companyFormSchema } from "~/domain/companies/validation";
import type { QueueReply } from "~/domain/moderation/queue";
import { auditTrail } from "~/http/audit-trail.server";
import { requirePermission } from "~/http/auth.server";
import { unknownIntent } from "~/http/errors";
import { parseForm } from "~/http/form";
import { readIntent } from "~/http/intent";
import { loadQueueFrom, QUEUE_FORM, queueIds, queueNote, queueReply } from "~/http/moderation.server";
import { formatDateTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { SUBMISSION_MESSAGES } from "~/messages/companies";
import { getDb } from "~/services.server";
import type { Route } from "./+types/company-submissions";

export const meta: Route.MetaFunction = () => [{ title: "Zahtevi kompanija — Admin panel" }];

/** The tabs of spec §2 in its order; "Svi" first and by default. */
const TABS = [
  { tab: "all", label: "Svi" },
  { tab: "pending", label: "Na čekanju" },
  { tab: "approved", label: "Odobreni" },
  { tab: "rejected", label: "Odbijeni" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewCompanies");
  const db = getDb();
  // Spec §8: list load errors show an empty list with no message (the log has the error).
  const queue = await loadQueueFrom(request, {
    tabs: TABS.map((t) => t.tab),
    pageSize: SUBMISSIONS_PAGE_SIZE,
    what: "company submissions",
    counts: () => countSubmissionsByStatus(db),
    list: async ({ status, page }) => ({
      rows: await listSubmissions(db, { status, page, pageSize: SUBMISSIONS_PAGE_SIZE }),
    }),
    get: (id) => getSubmission(db, id),
  });
  return { ...queue, maxYear: currentYear() };
}

const ids = queueIds(SUBMISSION_MESSAGES.notFound);
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: ids, note: queueNote() }),
  z.object({
    intent: z.literal("reject"),
    id: ids,
    note: queueNote().pipe(z.string().min(1, SUBMISSION_MESSAGES.rejectNoteRequired)),
  }),
  z.object({ intent: z.literal("delete"), id: ids }),
  z.object({ intent: z.literal("update"), id: ids }),
]);

const SUCCESS = {
  approve: SUBMISSION_MESSAGES.approved,
  reject: SUBMISSION_MESSAGES.rejected,
  delete: SUBMISSION_MESSAGES.deleted,
  update: SUBMISSION_MESSAGES.updated,
} as const;

type Outcome =
  | { ok: true }
  | { ok: false; code: SubmissionErrorCode; fieldErrors?: QueueReply["fieldErrors"] };

/** One decision, edit or delete; failures are logged with their code. */
async function decide(
  input: z.output<typeof actionSchema>,
  form: FormData,
  reviewer: string,
): Promise<{ outcome: Outcome; values?: QueueReply["values"] }> {
  const db = getDb();
  const id = input.id[0];
  const failed = (code: SubmissionErrorCode, error: unknown) => {
    logger.error({ err: error, submissionId: id }, `company submission ${input.intent} failed`);
    return { outcome: { ok: false as const, code } };
  };
  switch (input.intent) {
    case "update": {
      try {
        const stored = await getSubmission(db, id);
        if (!stored) return { outcome: { ok: false, code: "submission.not_found" } };
        const schema = companyFormSchema({
          mode: "submission",
          categories: categoryOptions(SUBMISSION_CATEGORIES, stored.category),
        });
        const parsed = parseForm(schema, form);
        if (!parsed.ok) {
          const outcome = {
            ok: false as const,
            code: "submission.update_failed" as const,
            fieldErrors: parsed.fieldErrors,
          };
          return { outcome, values: parsed.values };
        }
        const done = await updatePendingSubmission(db, id, parsed.data);
        return { outcome: done, values: done.ok ? undefined : parsed.values };
      } catch (error) {
        return failed("submission.update_failed", error);
      }
    }
    case "approve":
      try {
        const done = await approveSubmission(db, id, { reviewer, notes: input.note || null });
        if (done.ok) afterCompanyApproved();
        return { outcome: done, values: { note: input.note } };
      } catch (error) {
        return failed("submission.approve_failed", error);
      }
    case "reject":
      try {
        return {
          outcome: await rejectSubmission(db, id, { reviewer, notes: input.note }),
          values: { note: input.note },
        };
      } catch (error) {
        return failed("submission.reject_failed", error);
      }
    case "delete":
      try {
        const deleted = await deleteSubmission(db, id);
        return { outcome: deleted ? { ok: true } : { ok: false, code: "submission.delete_failed" } };
      } catch (error) {
        return failed("submission.delete_failed", error);
      }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewCompanies");
  const parsed = await readIntent(request, actionSchema, QUEUE_FORM);
  const { form } = parsed;
  if (!parsed.ok) {
    if (!parsed.known) return unknownIntent({ ids: [] as number[] });
    const id = Number(parsed.values.id) || 0;
    const reply = queueReply(
      parsed.intent,
      id ? [id] : [],
      parsed.fieldErrors.note
        ? { ok: false, code: "submission.reject_note_required", fieldErrors: parsed.fieldErrors }
        : { ok: false, code: "submission.not_found" },
      { values: parsed.values },
    );
    return data(reply.body, { status: reply.status === 404 ? 400 : reply.status });
  }
  const { outcome, values } = await decide(parsed.data, form, user.email);
  if (outcome.ok) {
    const note = "note" in parsed.data ? parsed.data.note.trim() : "";
    await auditTrail(
      getDb(),
      user,
      context.clientIp,
      "requests",
    )(parsed.data.intent, {
      recordId: parsed.data.id[0],
      changes: note ? { admin_notes: [null, note] } : null,
    });
  }
  const reply = queueReply(
    parsed.data.intent,
    parsed.data.id,
    outcome.ok ? { ok: true, message: SUCCESS[parsed.data.intent] } : outcome,
    { values },
  );
  // A refused edit answers 400 with the form's errors; a delete of a gone request 404.
  const status = outcome.ok
    ? 200
    : outcome.fieldErrors
      ? 400
      : outcome.code === "submission.delete_failed" && reply.status === 500
        ? 404
        : reply.status;
  return data(reply.body, { status });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const place = (r: Row) => [r.location, r.state].filter(Boolean).join(", ") || "—";

function area(maxYear: number): QueueArea<Row, SubmissionRow, (typeof TABS)[number]["tab"]> {
  return {
    fetcherKey: REVIEW_FETCHER,
    tabs: TABS,
    tabsLabel: "Status zahteva",
    caption: "Zahtevi kompanija",
    testId: "submission",
    empty: () => "Nema zahteva.",
    columns: (q) => [
      {
        key: "name",
        header: "Kompanija",
        mobile: "title",
        cell: (r) => (
          <button
            type="button"
            onClick={() => q.open(r.id)}
            className="text-left font-medium text-slate-900 hover:underline"
          >
            {r.name}
          </button>
        ),
      },
      { key: "category", header: "Kategorija", cell: (r) => r.category ?? "—" },
      { key: "place", header: "Lokacija", cell: place },
      {
        key: "submitted",
        header: "Poslato",
        className: "whitespace-nowrap",
        cell: (r) => formatDateTime(r.submittedAt),
      },
      {
        key: "status",
        header: "Status",
        mobile: "badge",
        cell: (r) => <StatusBadge status={r.status} labels={SUBMISSION_STATUS_LABELS} />,
      },
      reviewColumn<Row>(q.open),
    ],
    dialog: {
      width: "2xl",
      closeOnSuccess: true,
      title: (r) => r.name,
      subtitle: (r) => <SubmissionSubtitle row={r} />,
      body: (r, q) => <SubmissionReview row={r} maxYear={maxYear} q={q} />,
    },
    reject: { inlineNote: true, title: () => "Odbijanje zahteva", noteLabel: "Napomene" },
    remove: {
      title: "Brisanje zahteva",
      description: ({ row }) => (
        <>
          Da li ste sigurni da želite da obrišete zahtev kompanije <strong>{row.name}</strong>? Ova akcija se
          ne može poništiti.
        </>
      ),
    },
  };
}

export default function CompanySubmissions({ loaderData }: Route.ComponentProps) {
  return (
    <ModerationQueue
      data={loaderData}
      area={area(loaderData.maxYear)}
      header={
        <PageHeader
          title="Zahtevi kompanija"
          description="Pregledajte, izmenite, odobrite ili odbijte zahteve posetilaca."
        />
      }
    />
  );
}

export { AdminRouteError as ErrorBoundary };
