import type { JobRow } from "~/domain/jobs/queue.server";
import { readProgress } from "./rules";

/** The headings job as the screen shows it (dates as ISO text, the time it has run so far). */
export type HeadingsJobView = ReturnType<typeof headingsJobView>;

export function headingsJobView(job: JobRow, now = new Date()) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    cancelRequested: job.cancelRequested,
    progress: readProgress(job.progress),
    createdBy: job.createdBy,
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    lastError: job.lastError,
    elapsedMs: job.startedAt ? (job.finishedAt ?? now).getTime() - job.startedAt.getTime() : 0,
  };
}
