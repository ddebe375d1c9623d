import { useEffect, useRef, useState } from "react";
import { data, useFetcher, useSearchParams } from "react-router";
import { DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { StatusTabs } from "~/components/admin/status-tabs";
import {
  REVIEW_FETCHER,
  type ReviewResult,
  SubmissionReviewDialog,
  SubmissionStatusBadge,
} from "~/components/companies/submission-review";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import { afterCompanyApproved } from "~/domain/companies/after-approval.server";
import {
  categoryOptions,
  currentYear,
  SUBMISSION_CATEGORIES,
  SUBMISSION_MESSAGES,
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
  updatePendingSubmission,
} from "~/domain/companies/submissions.server";
import {
  approveSubmissionSchema,
  companyFormSchema,
  rejectSubmissionSchema,
} from "~/domain/companies/validation";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDateTime } from "~/lib/dates";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, totalPagesOf } from "~/lib/pagination";
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
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message (the log has the error).
    logger.error({ err: error }, "company submissions could not be loaded");
    return {
      tab: tab.value,
      page,
      counts: { all: 0, pending: 0, approved: 0, rejected: 0 },
      rows: [],
      maxYear: currentYear(),
    };
  }
}

function outcomeMessage(
  outcome: DecisionOutcome,
  success: string,
): { status: number; ok: boolean; message: string } {
  if (outcome.ok) return { status: 200, ok: true, message: success };
  return outcome.reason === "notPending"
    ? { status: 409, ok: false, message: SUBMISSION_MESSAGES.notPending }
    : { status: 404, ok: false, message: SUBMISSION_MESSAGES.notFound };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewCompanies");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const submissionId = parseId(form.get("submissionId")) ?? 0;
  const reply = (
    status: number,
    body: { ok: boolean; message: string; fieldErrors?: FieldErrors; values?: FormValues },
  ) => data<ReviewResult>({ intent, submissionId, ...body }, { status });
  if (submissionId === 0) return reply(400, { ok: false, message: SUBMISSION_MESSAGES.notFound });
  const db = getDb();
  const audited = async (
    status: number,
    body: { ok: boolean; message: string; fieldErrors?: FieldErrors; values?: FormValues },
  ) => {
    if (body.ok) {
      const notes = form.get("adminNotes");
      await recordAudit(db, {
        actor: user,
        area: "requests",
        action: intent,
        recordId: submissionId,
        ip: context.clientIp,
        changes: typeof notes === "string" && notes.trim() ? { admin_notes: [null, notes.trim()] } : null,
      });
    }
    return reply(status, body);
  };

  if (intent === "update") {
    try {
      const stored = await getSubmission(db, submissionId);
      if (!stored) return reply(404, { ok: false, message: SUBMISSION_MESSAGES.notFound });
      const schema = companyFormSchema({
        mode: "submission",
        categories: categoryOptions(SUBMISSION_CATEGORIES, stored.category),
      });
      const parsed = parseForm(schema, form);
      if (!parsed.ok) {
        return reply(400, {
          ok: false,
          message: SUBMISSION_MESSAGES.updateFailed,
          fieldErrors: parsed.fieldErrors,
          values: parsed.values,
        });
      }
      const r = outcomeMessage(
        await updatePendingSubmission(db, submissionId, parsed.data),
        SUBMISSION_MESSAGES.updated,
      );
      return audited(r.status, { ok: r.ok, message: r.message, values: r.ok ? undefined : parsed.values });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission update failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.updateFailed });
    }
  }

  if (intent === "approve") {
    const parsed = parseForm(approveSubmissionSchema, form);
    const values = parsed.values;
    try {
      const outcome = await approveSubmission(db, submissionId, {
        reviewer: user.email,
        notes: (parsed.ok && parsed.data.adminNotes) || null,
      });
      if (outcome.ok) afterCompanyApproved();
      const r = outcomeMessage(outcome, SUBMISSION_MESSAGES.approved);
      return audited(r.status, { ok: r.ok, message: r.message, values });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission approval failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.approveFailed, values });
    }
  }

  if (intent === "reject") {
    const parsed = parseForm(rejectSubmissionSchema, form);
    if (!parsed.ok) {
      return reply(400, {
        ok: false,
        message: SUBMISSION_MESSAGES.rejectNoteRequired,
        fieldErrors: parsed.fieldErrors,
        values: parsed.values,
      });
    }
    try {
      const outcome = await rejectSubmission(db, submissionId, {
        reviewer: user.email,
        notes: parsed.data.adminNotes,
      });
      const r = outcomeMessage(outcome, SUBMISSION_MESSAGES.rejected);
      return audited(r.status, { ok: r.ok, message: r.message, values: parsed.values });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission rejection failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.rejectFailed, values: parsed.values });
    }
  }

  if (intent === "delete") {
    try {
      const deleted = await deleteSubmission(db, submissionId);
      return deleted
        ? audited(200, { ok: true, message: SUBMISSION_MESSAGES.deleted })
        : reply(404, { ok: false, message: SUBMISSION_MESSAGES.deleteFailed });
    } catch (error) {
      logger.error({ err: error, submissionId }, "company submission delete failed");
      return reply(500, { ok: false, message: SUBMISSION_MESSAGES.deleteFailed });
    }
  }

  return reply(400, { ok: false, message: "Nepoznata akcija." });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function CompanySubmissions({ loaderData }: Route.ComponentProps) {
  const { tab, page, counts, rows, maxYear } = loaderData;
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const open = rows.find((r) => r.id === openId) ?? null;
  const fetcher = useFetcher<ReviewResult>({ key: REVIEW_FETCHER });
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
  const place = (r: Row) => [r.location, r.state].filter(Boolean).join(", ") || "—";

  return (
    <div>
      <PageHeader
        title="Zahtevi kompanija"
        description="Pregledajte, izmenite, odobrite ili odbijte zahteve posetilaca."
      />
      <div className="mb-4">
        {notice ? <Notice tone={notice.ok ? "success" : "error"} message={notice.message} /> : null}
      </div>
      <StatusTabs
        label="Status zahteva"
        current={tab}
        tabs={TABS.map((t) => ({
          value: t.value,
          label: t.label,
          href: tabHref(t.value),
          count: counts[t.count],
          attention: t.status === "pending",
          testId: `tab-count-${t.count}`,
        }))}
      />
      <Card className="overflow-hidden">
        <DataTable
          caption="Zahtevi kompanija"
          rows={rows}
          rowKey={(r) => r.id}
          testId="submission"
          empty="Nema zahteva."
          columns={[
            {
              key: "name",
              header: "Kompanija",
              mobile: "title",
              cell: (r) => (
                <button
                  type="button"
                  onClick={() => setOpenId(r.id)}
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
              cell: (r) => <SubmissionStatusBadge status={r.status} />,
            },
            {
              key: "actions",
              header: "Akcije",
              align: "right",
              mobile: "actions",
              cell: (r) => (
                <Button size="sm" variant="secondary" onClick={() => setOpenId(r.id)}>
                  Pregledaj
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={page} totalPages={totalPagesOf(total, SUBMISSIONS_PAGE_SIZE)} />
      </div>
      {open ? (
        <SubmissionReviewDialog key={open.id} row={open} maxYear={maxYear} onClose={() => setOpenId(null)} />
      ) : null}
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
