import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigation, useRevalidator, useSubmit } from "react-router";
import { z } from "zod";
import { type Column, DataTable } from "~/components/admin/data-table";
import { Card, PageHeader } from "~/components/admin/page-header";
import { AdminRouteError } from "~/components/admin/route-error";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ACTION, type ActionResult, PreviewDialog, STATE_TONES } from "~/components/headings/preview-dialog";
import { Pagination } from "~/components/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Select } from "~/components/ui/field";
import { Notice, type NoticeTone } from "~/components/ui/notice";
import { recordAudit } from "~/domain/audit/audit.server";
import {
  convertArticle,
  type HeadingRow,
  type HeadingStats,
  headingStats,
  listHeadingArticles,
  restoreArticle,
} from "~/domain/headings/headings.server";
import { latestHeadingsJob, startHeadingsJob, stopHeadingsJob } from "~/domain/headings/jobs.server";
import {
  ANALYZE_ALL_JOB,
  CONVERT_ALL_JOB,
  HEADING_FILTER_LABELS,
  HEADING_FILTERS,
  HEADING_STATE_LABELS,
  HEADINGS_MESSAGES,
  HEADINGS_PAGE_SIZE,
  headingWord,
  minutesLeft,
  parseHeadingFilter,
  percentDone,
  readProgress,
} from "~/domain/headings/rules";
import { requirePermission } from "~/domain/users/auth.server";
import { formatDate, formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/form";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { parsePage, resultCountLine } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/headings";

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
    return {
      stats,
      list,
      filter,
      loadFailed: false,
      job: job
        ? {
            id: job.id,
            kind: job.kind,
            status: job.status,
            cancelRequested: job.cancelRequested,
            progress: readProgress(job.progress),
            createdBy: job.createdBy,
            startedAt: job.startedAt?.toISOString() ?? null,
            finishedAt: job.finishedAt?.toISOString() ?? null,
            lastError: job.lastError,
            elapsedMs: job.startedAt ? (job.finishedAt ?? new Date()).getTime() - job.startedAt.getTime() : 0,
          }
        : null,
    };
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

const idField = z.string().transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: HEADINGS_MESSAGES.missing });
    return z.NEVER;
  }
  return id;
});

/** The screen's one form: its buttons each post an intent. */
const headingsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("analyze-all") }),
  z.object({ intent: z.literal("convert-all") }),
  z.object({ intent: z.literal("stop"), jobId: idField }),
  z.object({ intent: z.literal("convert"), id: idField }),
  z.object({ intent: z.literal("restore"), id: idField }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewHeadings");
  const parsed = parseForm(headingsActionSchema, await request.formData());
  if (!parsed.ok) {
    return data<ActionResult>(
      { ok: false, tone: "error", message: HEADINGS_MESSAGES.missing, intent: "" },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const db = getDb();
  const reply = async (result: ActionResult, status = 200) => {
    if (result.ok) {
      const recordId = "id" in input ? input.id : "jobId" in input ? input.jobId : null;
      await recordAudit(db, {
        actor: user,
        area: "headings",
        action: input.intent,
        recordId,
        ip: context.clientIp,
      });
    }
    return data<ActionResult>(result, { status });
  };
  try {
    switch (input.intent) {
      case "analyze-all":
      case "convert-all": {
        const kind = input.intent === "analyze-all" ? ANALYZE_ALL_JOB : CONVERT_ALL_JOB;
        const { created } = await startHeadingsJob(db, kind, user.email);
        if (!created)
          return reply(
            { ok: false, tone: "info", message: HEADINGS_MESSAGES.alreadyRunning, intent: input.intent },
            409,
          );
        const message =
          kind === ANALYZE_ALL_JOB ? HEADINGS_MESSAGES.analyzeStarted : HEADINGS_MESSAGES.convertStarted;
        return reply({ ok: true, tone: "success", message, intent: input.intent });
      }
      case "stop": {
        const stopped = await stopHeadingsJob(db, input.jobId);
        return stopped
          ? reply({ ok: true, tone: "info", message: HEADINGS_MESSAGES.stopRequested, intent: "stop" })
          : reply({ ok: false, tone: "info", message: HEADINGS_MESSAGES.notRunning, intent: "stop" }, 409);
      }
      case "convert": {
        const result = await convertArticle(db, input.id);
        const base = { intent: "convert", id: input.id };
        switch (result.outcome) {
          case "converted":
            return reply({
              ...base,
              ok: true,
              tone: "success",
              message: HEADINGS_MESSAGES.converted(result.count),
            });
          case "already":
            return reply(
              { ...base, ok: false, tone: "info", message: HEADINGS_MESSAGES.alreadyConverted },
              409,
            );
          case "nothing":
            return reply(
              { ...base, ok: false, tone: "info", message: HEADINGS_MESSAGES.nothingToConvert },
              409,
            );
          default:
            return reply({ ...base, ok: false, tone: "error", message: HEADINGS_MESSAGES.missing }, 404);
        }
      }
      case "restore": {
        const result = await restoreArticle(db, input.id);
        const base = { intent: "restore", id: input.id };
        switch (result.outcome) {
          case "restored":
            return reply({ ...base, ok: true, tone: "success", message: HEADINGS_MESSAGES.restored });
          case "edited":
            return reply(
              { ...base, ok: false, tone: "warning", message: HEADINGS_MESSAGES.editedSince },
              409,
            );
          case "not-converted":
            return reply({ ...base, ok: false, tone: "info", message: HEADINGS_MESSAGES.notConverted }, 409);
          default:
            return reply({ ...base, ok: false, tone: "error", message: HEADINGS_MESSAGES.missing }, 404);
        }
      }
    }
  } catch (error) {
    logger.error({ err: error, intent: input.intent }, "headings action failed");
    const message =
      input.intent === "convert"
        ? HEADINGS_MESSAGES.failed
        : input.intent === "restore"
          ? HEADINGS_MESSAGES.restoreFailed
          : HEADINGS_MESSAGES.startFailed;
    return reply({ ok: false, tone: "error", message, intent: input.intent }, 500);
  }
}

// --- UI -------------------------------------------------------------------------------------------

type LoaderData = Route.ComponentProps["loaderData"];
type JobView = NonNullable<LoaderData["job"]>;

const number = new Intl.NumberFormat("sr-Latn");

function StatCard({
  label,
  value,
  tone,
  hint,
}: {
  label: string;
  value: number;
  tone: string;
  hint?: string;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className={cn("mt-1 text-2xl font-bold sm:text-3xl", tone)}>{number.format(value)}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </Card>
  );
}

/** What "pending" holds: articles with suggestions, and those nothing has looked at yet. */
function pendingHint(stats: HeadingStats): string | undefined {
  if (stats.pending === 0) return undefined;
  if (stats.notAnalyzed >= stats.pending) return "još nisu analizirani";
  const parts = [`${number.format(stats.suggested)} sa predlozima`];
  if (stats.notAnalyzed > 0) parts.push(`${number.format(stats.notAnalyzed)} neanalizirano`);
  return parts.join(" · ");
}

function jobTitle(job: JobView): string {
  const what = job.kind === ANALYZE_ALL_JOB ? "Analiza svih članaka" : "Konverzija svih članaka";
  switch (job.status) {
    case "queued":
      return `${what}: čeka na pokretanje…`;
    case "running":
      return job.cancelRequested ? `${what}: zaustavlja se…` : `${what} je u toku`;
    case "done":
      return `${what} je završena`;
    case "cancelled":
      return `${what} je zaustavljena`;
    default:
      return `${what} nije uspela`;
  }
}

function JobPanel({ job }: { job: JobView }) {
  const stopFetcher = useFetcher<typeof action>({ key: "headings-stop" });
  const active = job.status === "queued" || job.status === "running";
  const p = job.progress;
  const percent = p ? percentDone(p) : 0;
  const left = active && p ? minutesLeft(p, job.elapsedMs) : null;
  const analyze = job.kind === ANALYZE_ALL_JOB;
  return (
    <div data-testid="headings-job" className="mb-6">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900" aria-live="polite">
              {jobTitle(job)}
            </h2>
            <p className="mt-1 text-xs text-slate-500">
              {job.createdBy ? `Pokrenuo ${job.createdBy}` : null}
              {job.startedAt ? ` · ${formatDateTime(job.startedAt)}` : null}
              {job.finishedAt ? ` · završeno ${formatDateTime(job.finishedAt)}` : null}
            </p>
          </div>
          {active ? (
            <stopFetcher.Form method="post" action={ACTION}>
              <input type="hidden" name="jobId" value={job.id} />
              <Button
                type="submit"
                name="intent"
                value="stop"
                variant="secondary"
                size="sm"
                disabled={job.cancelRequested || stopFetcher.state !== "idle"}
              >
                Zaustavi
              </Button>
            </stopFetcher.Form>
          ) : null}
        </div>
        {p ? (
          <>
            <div
              className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Napredak"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div
                className={cn(
                  "h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none",
                  job.status === "failed" ? "bg-red-500" : "bg-brand-600",
                )}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="mt-2 text-sm text-slate-700" data-testid="headings-job-progress">
              {number.format(p.done)} od {number.format(p.total)} članaka ({percent}%) ·{" "}
              {analyze ? "dobilo bi naslove" : "konvertovano"}: {number.format(p.matched)} (
              {headingWord(p.headings)}){p.errors > 0 ? ` · greške: ${number.format(p.errors)}` : ""}
              {left !== null ? ` · preostalo oko ${left} min` : ""}
            </p>
            {active && p.lastTitle ? (
              <p className="mt-1 truncate text-xs text-slate-500">Poslednji: {p.lastTitle}</p>
            ) : null}
          </>
        ) : null}
        {job.status === "failed" && job.lastError ? (
          <p className="mt-2 text-sm text-red-700">Greška: {job.lastError}</p>
        ) : null}
        {active ? (
          <p className="mt-2 text-xs text-slate-500">
            Posao radi na serveru: možete napustiti ovu stranicu, a napredak ostaje sačuvan i posle restarta
            servera.
          </p>
        ) : null}
      </Card>
    </div>
  );
}

function FilterForm({ filter }: { filter: string }) {
  const submit = useSubmit();
  return (
    <Form method="get" action="/admin/headings" className="flex flex-wrap items-center gap-2">
      <label htmlFor="stanje" className="text-sm font-medium text-slate-700">
        Prikaži
      </label>
      <div className="w-64 max-w-full">
        <Select
          id="stanje"
          name="stanje"
          defaultValue={filter}
          key={filter}
          onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
        >
          {HEADING_FILTERS.map((f) => (
            <option key={f} value={f}>
              {HEADING_FILTER_LABELS[f]}
            </option>
          ))}
        </Select>
      </div>
      <noscript>
        <Button type="submit" variant="secondary" size="sm">
          Primeni
        </Button>
      </noscript>
    </Form>
  );
}

export default function Headings({ loaderData }: Route.ComponentProps) {
  const { stats, list, filter, job, loadFailed } = loaderData;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const jobFetcher = useFetcher<typeof action>({ key: "headings-job-start" });
  const stopFetcher = useFetcher<typeof action>({ key: "headings-stop" });
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [confirmConvertAll, setConfirmConvertAll] = useState(false);
  const [message, setMessage] = useState<{ tone: NoticeTone; text: string; key: number } | null>(null);
  const active = job?.status === "queued" || job?.status === "running";

  // While a job runs, the screen follows its progress (the work itself runs on the server).
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const revalidatorState = useRef(revalidator.state);
  revalidatorState.current = revalidator.state;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidatorState.current === "idle") revalidate.current();
    }, 2000);
    return () => clearInterval(timer);
  }, [active]);

  const counter = useRef(0);
  useEffect(() => {
    const result = jobFetcher.data ?? null;
    if (jobFetcher.state === "idle" && result) {
      setMessage({ tone: result.tone, text: result.message, key: ++counter.current });
      setConfirmConvertAll(false);
    }
  }, [jobFetcher.state, jobFetcher.data]);
  useEffect(() => {
    const result = stopFetcher.data ?? null;
    if (stopFetcher.state === "idle" && result)
      setMessage({ tone: result.tone, text: result.message, key: ++counter.current });
  }, [stopFetcher.state, stopFetcher.data]);

  const starting = jobFetcher.state !== "idle";
  const start = (intent: "analyze-all" | "convert-all") =>
    jobFetcher.submit({ intent }, { method: "post", action: ACTION });

  const columns: Column<HeadingRow>[] = [
    {
      key: "title",
      header: "Članak",
      mobile: "title",
      cell: (r) => (
        <div className="min-w-0">
          <button
            type="button"
            className="text-left font-medium text-slate-900 hover:underline"
            onClick={() => setPreviewId(r.id)}
          >
            {r.title}
          </button>
          <p className="mt-0.5 text-xs font-normal text-slate-500">
            {r.category} · {formatDate(r.publishedDate)} · ID {r.id}
          </p>
        </div>
      ),
    },
    {
      key: "state",
      header: "Stanje",
      mobile: "badge",
      cell: (r) => (
        <div className="flex flex-col items-start gap-1">
          <Badge tone={STATE_TONES[r.state]}>{HEADING_STATE_LABELS[r.state]}</Badge>
          {r.restored && r.state !== "converted" ? (
            <span className="text-xs text-slate-500">vraćen</span>
          ) : null}
        </div>
      ),
    },
    {
      key: "count",
      header: "Naslova",
      mobileLabel: "Naslova",
      cell: (r) =>
        r.state === "converted" ? (
          <span>{headingWord(r.headingCount)} dodato</span>
        ) : r.headingCount > 0 ? (
          <span className="font-medium text-slate-900">{headingWord(r.headingCount)}</span>
        ) : (
          <span className="text-slate-400">nema</span>
        ),
    },
    {
      key: "actions",
      header: <span className="sr-only">Akcije</span>,
      mobile: "actions",
      cell: (r) => (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setPreviewId(r.id)}
          aria-label={`Pregled: ${r.title}`}
        >
          Pregled
        </Button>
      ),
    },
  ];

  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/headings";
  return (
    <div className="min-w-0">
      <PageHeader
        title="AI naslovi"
        description="Pretvara običan tekst objavljenih članaka u tekst sa naslovima (h2, h3, h4). Svaki članak zadržava prethodni sadržaj i može se vratiti iz pregleda."
        actions={
          <>
            <Button variant="secondary" disabled={active || starting} onClick={() => start("analyze-all")}>
              Analiziraj sve
            </Button>
            <Button disabled={active || starting} onClick={() => setConfirmConvertAll(true)}>
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

      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Objavljeni članci" value={stats.published} tone="text-slate-900" />
        <StatCard label="Konvertovani" value={stats.converted} tone="text-emerald-700" />
        <StatCard label="Na čekanju" value={stats.pending} tone="text-amber-700" hint={pendingHint(stats)} />
        <StatCard label="Greške" value={stats.errors} tone="text-red-700" />
      </div>
      {stats.suggested > 0 ? (
        <p className="-mt-3 mb-6 text-sm text-slate-600">
          Po poslednjoj analizi {number.format(stats.suggested)} članaka dobija ukupno{" "}
          {headingWord(stats.suggestedHeadings)}.{" "}
          {filter !== "suggested" ? (
            <Link to="/admin/headings?stanje=suggested" className="text-brand-700 underline">
              Prikaži samo njih
            </Link>
          ) : null}
        </p>
      ) : null}

      {job ? <JobPanel job={job} /> : null}

      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <FilterForm filter={filter} />
        <p className="text-sm text-slate-600" data-testid="result-count" aria-live="polite">
          {resultCountLine(list.page, HEADINGS_PAGE_SIZE, list.total)}
          {loading ? " · učitavanje…" : ""}
        </p>
      </div>
      <Card className={cn("overflow-hidden", loading && "opacity-60")}>
        <DataTable
          rows={list.rows}
          columns={columns}
          rowKey={(r) => r.id}
          caption="Objavljeni članci i njihovi naslovi"
          testId="heading"
          empty={filter === "all" ? "Još nema objavljenih članaka." : "Nema članaka za izabrani prikaz."}
        />
      </Card>
      <div className="mt-4">
        <Pagination page={list.page} totalPages={list.totalPages} label="Stranice članaka" />
      </div>

      <PreviewDialog id={previewId} onClose={() => setPreviewId(null)} />
      <ConfirmDialog
        open={confirmConvertAll}
        onOpenChange={setConfirmConvertAll}
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
        onConfirm={() => start("convert-all")}
      />
    </div>
  );
}

export { AdminRouteError as ErrorBoundary };
