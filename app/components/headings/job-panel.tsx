import { useFetcher } from "react-router";
import { Card } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { HeadingsJobView } from "~/domain/headings/job-view";
import { ANALYZE_ALL_JOB, headingWord, minutesLeft, percentDone } from "~/domain/headings/rules";
import { formatDateTime } from "~/lib/dates";
import { ACTION, type ActionResult } from "./action";

const number = new Intl.NumberFormat("sr-Latn");

function jobTitle(job: HeadingsJobView): string {
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

function StopButton({ job }: { job: HeadingsJobView }) {
  const stopFetcher = useFetcher<ActionResult>({ key: "headings-stop" });
  return (
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
  );
}

function JobProgressBar({ job, active }: { job: HeadingsJobView; active: boolean }) {
  const p = job.progress;
  if (!p) return null;
  const percent = percentDone(p);
  const left = active ? minutesLeft(p, job.elapsedMs) : null;
  const analyze = job.kind === ANALYZE_ALL_JOB;
  return (
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
  );
}

/** The last "Analyze all" / "Convert all": what it is doing, its progress, and Stop while it runs. */
export function JobPanel({ job }: { job: HeadingsJobView }) {
  const active = job.status === "queued" || job.status === "running";
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
          {active ? <StopButton job={job} /> : null}
        </div>
        <JobProgressBar job={job} active={active} />
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
