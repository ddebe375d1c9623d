/**
 * "Analyze all" and "Convert all" as durable background jobs (docs/decisions/062, 102). They walk
 * the published articles newest first in batches of 1,000 (spec §7), pause 100 ms after each
 * analysis and 200 ms after each conversion (spec §9), and save a checkpoint — the last article
 * handled — so that a restart resumes where the job stopped. Each step is idempotent: an article
 * already converted is never converted twice, and analysing one again only rewrites its count.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { enqueueJob, type JobRow, requestCancel } from "~/domain/jobs/queue.server";
import type { JobContext, JobHandler } from "~/domain/jobs/runner.server";
import { contentChanged } from "~/lib/content-change.server";
import { logger } from "~/lib/logger.server";
import {
  analyzeArticle,
  convertArticle,
  countPublished,
  markConversionError,
  planConversion,
  readPublishedBatch,
  recordNothingToConvert,
  resetAnalyzing,
} from "./headings.server";
import {
  ANALYZE_ALL_JOB,
  ANALYZE_PAUSE_MS,
  CONVERT_ALL_JOB,
  CONVERT_PAUSE_MS,
  HEADINGS_FETCH_BATCH,
  HEADINGS_JOB_KEY,
  type HeadingsJobKind,
  type HeadingsProgress,
  readProgress,
} from "./rules";

export type HeadingsJobOptions = {
  analyzePauseMs?: number;
  convertPauseMs?: number;
  batchSize?: number;
  /** Called after each conversion: the article's public page changed. */
  onConverted?: (articleId: number) => void;
};

/**
 * The content-change signal for the public caches, at most once a second while conversions
 * follow each other every 200 ms (each signal empties the page cache and, on PostgreSQL, is a
 * NOTIFY), and always once after the last one.
 */
export function throttledArticlesChanged(everyMs = 1000): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    contentChanged("articles");
  };
  return () => {
    const since = Date.now() - last;
    if (since >= everyMs && !timer) fire();
    else timer ??= setTimeout(fire, Math.max(0, everyMs - since));
  };
}

/** Without a write, the checkpoint is saved every this many articles (a redo of them is harmless). */
const QUIET_REPORT_EVERY = 50;

function handler(mode: "analyze" | "convert", options: HeadingsJobOptions): JobHandler {
  const analyzePause = options.analyzePauseMs ?? ANALYZE_PAUSE_MS;
  const convertPause = options.convertPauseMs ?? CONVERT_PAUSE_MS;
  const batchSize = options.batchSize ?? HEADINGS_FETCH_BATCH;
  return async (ctx: JobContext) => {
    const onConverted = options.onConverted ?? throttledArticlesChanged();
    const { db } = ctx;
    const log = logger.child({ jobId: ctx.job.id, kind: ctx.job.kind });
    let progress: HeadingsProgress = readProgress(ctx.progress) ?? {
      total: await countPublished(db),
      done: 0,
      matched: 0,
      headings: 0,
      skipped: 0,
      errors: 0,
      cursor: null,
      lastTitle: null,
    };
    await resetAnalyzing(db);
    if (!(await ctx.report(progress))) return progress;

    let sinceReport = 0;
    // Articles with nothing to convert, recorded in one statement before the next checkpoint.
    let nothing: number[] = [];
    const checkpoint = async () => {
      await recordNothingToConvert(db, nothing);
      nothing = [];
      sinceReport = 0;
      return ctx.report(progress);
    };
    const walk = async (): Promise<HeadingsProgress | null> => {
      for (;;) {
        const batch = await readPublishedBatch(db, progress.cursor, batchSize);
        if (batch.length === 0) break;
        for (const article of batch) {
          if (ctx.signal.aborted) return progress;
          let wrote = false;
          let pause = 0;
          const next = { ...progress, done: progress.done + 1, lastTitle: article.title };
          if (mode === "analyze") {
            const result = await analyzeArticle(db, article);
            wrote = true;
            if (result.outcome === "analyzed") {
              pause = analyzePause;
              if (result.count > 0) {
                next.matched += 1;
                next.headings += result.count;
              }
            } else if (result.outcome === "skipped") next.skipped += 1;
            else next.errors += 1;
          } else {
            // A quick look first: most articles have nothing to convert and need no transaction.
            let count = 0;
            try {
              count = planConversion(article.content).headings.length;
            } catch {
              count = 1; // let the transaction below meet the same failure and record it
            }
            if (count === 0) {
              next.skipped += 1;
              nothing.push(article.id);
            } else {
              try {
                const result = await convertArticle(db, article.id, { skipRestored: true });
                wrote = true;
                if (result.outcome === "converted") {
                  next.matched += 1;
                  next.headings += result.count;
                  pause = convertPause;
                  onConverted(article.id);
                } else next.skipped += 1;
              } catch (error) {
                if (ctx.signal.aborted) return progress;
                log.error({ err: error, articleId: article.id }, "heading conversion failed");
                const message = error instanceof Error ? error.message : String(error);
                await markConversionError(db, article.id, message).catch((err) =>
                  log.error({ err, articleId: article.id }, "could not record the conversion error"),
                );
                next.errors += 1;
                wrote = true;
              }
            }
          }
          next.cursor = { date: article.dateKey, id: article.id };
          progress = next;
          sinceReport += 1;
          if (wrote || sinceReport >= QUIET_REPORT_EVERY) {
            if (!(await checkpoint())) return progress;
          }
          if (pause > 0) {
            if (!(await ctx.sleep(pause))) return progress;
          } else {
            // Let requests in between: detection is synchronous work on the server's one thread.
            await new Promise((resolve) => setImmediate(resolve));
          }
        }
        if (batch.length < batchSize) break;
      }
      return null;
    };
    try {
      const stopped = await walk();
      if (stopped) return stopped;
    } finally {
      // Whatever happens, what was looked at is recorded before the job lets go.
      await recordNothingToConvert(db, nothing).catch((err) =>
        log.error({ err }, "could not record the articles with nothing to convert"),
      );
      nothing = [];
    }
    await resetAnalyzing(db);
    // Articles published while the job ran may push done past the first count.
    return { ...progress, total: Math.max(progress.total, progress.done) };
  };
}

export function createHeadingsJobHandlers(
  options: HeadingsJobOptions = {},
): Record<HeadingsJobKind, JobHandler> {
  return {
    [ANALYZE_ALL_JOB]: handler("analyze", options),
    [CONVERT_ALL_JOB]: handler("convert", options),
  };
}

/** Starts "Analyze all" or "Convert all"; while one runs, a second start returns it instead. */
export function startHeadingsJob(
  db: DbOrTx,
  kind: HeadingsJobKind,
  createdBy: string,
): Promise<{ job: JobRow; created: boolean }> {
  return enqueueJob(db, { kind, uniqueKey: HEADINGS_JOB_KEY, createdBy, maxAttempts: 5 });
}

/** The newest headings job of either kind (running, or the last one that ran). */
export async function latestHeadingsJob(db: DbOrTx): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(inArray(jobs.kind, [ANALYZE_ALL_JOB, CONVERT_ALL_JOB]))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(1);
  return job ?? null;
}

/** Stop: the job ends after the article in hand. */
export async function stopHeadingsJob(db: DbOrTx, jobId: number): Promise<boolean> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), inArray(jobs.kind, [ANALYZE_ALL_JOB, CONVERT_ALL_JOB])));
  if (!job) return false;
  return requestCancel(db, jobId);
}
