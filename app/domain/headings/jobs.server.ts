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
import { type BatchArticle, countPublished, readPublishedBatch, resetAnalyzing } from "./batch.server";
import {
  analyzeArticle,
  convertArticle,
  markConversionError,
  planConversion,
  recordNothingToConvert,
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

type Mode = "analyze" | "convert";
type Settings = {
  analyzePause: number;
  convertPause: number;
  batchSize: number;
  onConverted: (id: number) => void;
};

/** One execution of a headings job: its checkpoint and the articles waiting to be recorded. */
type Walk = {
  ctx: JobContext;
  mode: Mode;
  settings: Settings;
  log: typeof logger;
  progress: HeadingsProgress;
  sinceReport: number;
  /** Articles with nothing to convert, recorded in one statement before the next checkpoint. */
  nothing: number[];
};

/** What handling one article did: whether it wrote, how long to pause after it; `stop`: return now. */
type Step = { wrote: boolean; pause: number; stop?: boolean };

function handler(mode: Mode, options: HeadingsJobOptions): JobHandler {
  return async (ctx: JobContext) => {
    const settings: Settings = {
      analyzePause: options.analyzePauseMs ?? ANALYZE_PAUSE_MS,
      convertPause: options.convertPauseMs ?? CONVERT_PAUSE_MS,
      batchSize: options.batchSize ?? HEADINGS_FETCH_BATCH,
      onConverted: options.onConverted ?? throttledArticlesChanged(),
    };
    const { db } = ctx;
    const walk: Walk = {
      ctx,
      mode,
      settings,
      log: logger.child({ jobId: ctx.job.id, kind: ctx.job.kind }),
      progress: readProgress(ctx.progress) ?? {
        total: await countPublished(db),
        done: 0,
        matched: 0,
        headings: 0,
        skipped: 0,
        errors: 0,
        cursor: null,
        lastTitle: null,
      },
      sinceReport: 0,
      nothing: [],
    };
    await resetAnalyzing(db);
    if (!(await ctx.report(walk.progress))) return walk.progress;
    try {
      const stopped = await walkArticles(walk);
      if (stopped) return stopped;
    } finally {
      // Whatever happens, what was looked at is recorded before the job lets go.
      await recordNothingToConvert(db, walk.nothing).catch((err) =>
        walk.log.error({ err }, "could not record the articles with nothing to convert"),
      );
      walk.nothing = [];
    }
    await resetAnalyzing(db);
    // Articles published while the job ran may push done past the first count.
    return { ...walk.progress, total: Math.max(walk.progress.total, walk.progress.done) };
  };
}

async function checkpoint(walk: Walk): Promise<boolean> {
  await recordNothingToConvert(walk.ctx.db, walk.nothing);
  walk.nothing = [];
  walk.sinceReport = 0;
  return walk.ctx.report(walk.progress);
}

/** The published articles after the checkpoint, batch by batch; the progress when stopped, else null. */
async function walkArticles(walk: Walk): Promise<HeadingsProgress | null> {
  const { ctx, settings } = walk;
  for (;;) {
    const batch = await readPublishedBatch(ctx.db, walk.progress.cursor, settings.batchSize);
    if (batch.length === 0) break;
    for (const article of batch) {
      if (ctx.signal.aborted) return walk.progress;
      const next = { ...walk.progress, done: walk.progress.done + 1, lastTitle: article.title };
      const step =
        walk.mode === "analyze"
          ? await analyzeStep(walk, article, next)
          : await convertStep(walk, article, next);
      if (step.stop) return walk.progress;
      next.cursor = { date: article.dateKey, id: article.id };
      walk.progress = next;
      walk.sinceReport += 1;
      if (step.wrote || walk.sinceReport >= QUIET_REPORT_EVERY) {
        if (!(await checkpoint(walk))) return walk.progress;
      }
      if (step.pause > 0) {
        if (!(await ctx.sleep(step.pause))) return walk.progress;
      } else {
        // Let requests in between: detection is synchronous work on the server's one thread.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (batch.length < settings.batchSize) break;
  }
  return null;
}

async function analyzeStep(walk: Walk, article: BatchArticle, next: HeadingsProgress): Promise<Step> {
  const result = await analyzeArticle(walk.ctx.db, article);
  if (result.outcome === "skipped") next.skipped += 1;
  else if (result.outcome === "error") next.errors += 1;
  else if (result.count > 0) {
    next.matched += 1;
    next.headings += result.count;
  }
  return { wrote: true, pause: result.outcome === "analyzed" ? walk.settings.analyzePause : 0 };
}

async function convertStep(walk: Walk, article: BatchArticle, next: HeadingsProgress): Promise<Step> {
  const { ctx, log } = walk;
  // A quick look first: most articles have nothing to convert and need no transaction.
  let count = 0;
  try {
    count = planConversion(article.content).headings.length;
  } catch {
    count = 1; // let the transaction below meet the same failure and record it
  }
  if (count === 0) {
    next.skipped += 1;
    walk.nothing.push(article.id);
    return { wrote: false, pause: 0 };
  }
  try {
    const result = await convertArticle(ctx.db, article.id, { skipRestored: true });
    if (result.outcome !== "converted") {
      next.skipped += 1;
      return { wrote: true, pause: 0 };
    }
    next.matched += 1;
    next.headings += result.count;
    walk.settings.onConverted(article.id);
    return { wrote: true, pause: walk.settings.convertPause };
  } catch (error) {
    if (ctx.signal.aborted) return { wrote: false, pause: 0, stop: true };
    log.error({ err: error, articleId: article.id }, "heading conversion failed");
    const message = error instanceof Error ? error.message : String(error);
    await markConversionError(ctx.db, article.id, message).catch((err) =>
      log.error({ err, articleId: article.id }, "could not record the conversion error"),
    );
    next.errors += 1;
    return { wrote: true, pause: 0 };
  }
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
