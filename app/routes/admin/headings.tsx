import { useState } from "react";
import { data, useNavigation } from "react-router";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import type { ActionResult } from "~/components/headings/action";
import { HeadingsStats } from "~/components/headings/headings-stats";
import { HeadingsFilterForm, HeadingsTable } from "~/components/headings/headings-table";
import { JobPanel } from "~/components/headings/job-panel";
import { PreviewDialog } from "~/components/headings/preview-dialog";
import { useFollowJob, useJobControls } from "~/components/headings/use-headings-screen";
import { Pagination } from "~/components/pagination";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Notice } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import { headingsJobView } from "~/domain/headings/job-view";
import { latestHeadingsJob } from "~/domain/headings/jobs.server";
import {
  type HeadingRow,
  type HeadingStats,
  headingStats,
  listHeadingArticles,
} from "~/domain/headings/list.server";
import { HEADINGS_PAGE_SIZE, parseHeadingFilter } from "~/domain/headings/rules";
import { requirePermission } from "~/http/auth.server";
import { failure, unknownIntent } from "~/http/errors";
import { readIntent } from "~/http/intent";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/headings";
import { failedReply, headingsActionSchema, runHeadingsIntent } from "./headings-intents.server";

const number = new Intl.NumberFormat("sr-Latn");

export const meta: Route.MetaFunction = () => [{ title: "AI naslovi — Admin panel" }];

const EMPTY_STATS: HeadingStats = {
  published: 0,
  converted: 0,
  pending: 0,
  errors: 0,
  suggested: 0,
  suggestedHeadings: 0,
  notAnalyzed: 0,
};

/** A light list: 100 articles with their state and count; each preview is fetched when it opens. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewHeadings");
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const filter = parseHeadingFilter(url.searchParams.get("stanje"));
  const db = getDb();
  try {
    const job = await latestHeadingsJob(db);
    const jobActive = job?.status === "queued" || job?.status === "running";
    const [stats, list] = await Promise.all([
      headingStats(db),
      listHeadingArticles(db, { page, filter, jobActive }),
    ]);
    return { stats, list, filter, loadFailed: false, job: job ? headingsJobView(job) : null };
  } catch (error) {
    // Spec §8: list load errors show an empty list; the log says why.
    logger.error({ err: error }, "headings screen could not load");
    return {
      stats: EMPTY_STATS,
      list: { rows: [] as HeadingRow[], total: 0, page: 1, totalPages: 1 },
      filter,
      loadFailed: true,
      job: null,
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewHeadings");
  const parsed = await readIntent(request, headingsActionSchema);
  if (!parsed.ok) {
    // A known intent without its article or job: the article is not there to act on.
    return parsed.known
      ? failure("heading.not_found", { status: 400, tone: "error", intent: "" })
      : unknownIntent({ tone: "error", intent: "" });
  }
  const input = parsed.data;
  const db = getDb();
  let reply: Awaited<ReturnType<typeof runHeadingsIntent>>;
  try {
    reply = await runHeadingsIntent(db, input, user.email);
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "headings action failed");
    reply = failedReply(input.intent);
  }
  if (!reply.ok) return failure(reply.code, reply.extra);
  const recordId = "id" in input ? input.id : "jobId" in input ? input.jobId : null;
  await recordAudit(db, {
    actor: user,
    area: "headings",
    action: input.intent,
    recordId,
    ip: context.clientIp,
  });
  return data<ActionResult>(reply.result);
}

export default function Headings({ loaderData }: Route.ComponentProps) {
  const { stats, list, filter, job, loadFailed } = loaderData;
  const navigation = useNavigation();
  const [previewId, setPreviewId] = useState<number | null>(null);
  const controls = useJobControls();
  const active = job?.status === "queued" || job?.status === "running";
  useFollowJob(active);
  const { message, starting } = controls;
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/headings";
  return (
    <div className="min-w-0">
      <PageHeader
        title="AI naslovi"
        description="Pretvara običan tekst objavljenih članaka u tekst sa naslovima (h2, h3, h4). Svaki članak zadržava prethodni sadržaj i može se vratiti iz pregleda."
        actions={
          <>
            <Button
              variant="secondary"
              disabled={active || starting}
              onClick={() => controls.start("analyze-all")}
            >
              Analiziraj sve
            </Button>
            <Button disabled={active || starting} onClick={() => controls.setConfirmConvertAll(true)}>
              Konvertuj sve
            </Button>
          </>
        }
      />
      {message ? (
        <Notice
          key={message.key}
          tone={message.tone}
          message={message.text}
          className="mb-4"
          vanishAfterMs={6000}
        />
      ) : null}
      {loadFailed ? (
        <Notice tone="error" message="Podaci trenutno nisu dostupni. Osvežite stranicu." className="mb-4" />
      ) : null}
      <HeadingsStats stats={stats} filter={filter} />
      {job ? <JobPanel job={job} /> : null}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <HeadingsFilterForm filter={filter} />
        <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
          {resultCountLine(list.page, HEADINGS_PAGE_SIZE, list.total)}
          {loading ? " · učitavanje…" : ""}
        </p>
      </div>
      <Card className={cn("overflow-hidden", loading && "opacity-60")}>
        <HeadingsTable rows={list.rows} filter={filter} onPreview={setPreviewId} />
      </Card>
      <div className="mt-4">
        <Pagination page={list.page} totalPages={list.totalPages} label="Stranice članaka" />
      </div>
      <PreviewDialog id={previewId} onClose={() => setPreviewId(null)} />
      <ConfirmDialog
        open={controls.confirmConvertAll}
        onOpenChange={controls.setConfirmConvertAll}
        tone="warning"
        title="Konvertovati sve članke?"
        description={
          <>
            Svi objavljeni članci dobijaju pronađene naslove, jedan po jedan, u pozadini (
            {number.format(stats.pending)} na čekanju). Članci koje ste ručno vratili se preskaču, a svaki
            konvertovan članak se može vratiti iz pregleda.
          </>
        }
        confirmLabel="Konvertuj sve"
        busy={starting}
        onConfirm={() => controls.start("convert-all")}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
