/**
 * Durable background jobs: the runner. Started once per app process at boot (server/app.ts),
 * stopped first at shutdown. It claims due jobs of the kinds it has handlers for, runs each with
 * a lease that a heartbeat renews every few seconds, and records the outcome:
 *
 * - the handler returns: *done* (or *cancelled*, when someone asked it to stop);
 * - the handler throws: queued again with a growing delay, or *failed* after `max_attempts`;
 * - the process stops (SIGTERM): the handler's signal aborts, it saves its checkpoint and returns,
 *   and the job goes back to the queue without using up an attempt;
 * - the process dies: the lease runs out and any runner takes the job over, resuming from the
 *   last checkpoint the handler saved with `report()`;
 * - a periodic kind (periodic.server.ts) that ended — done, failed or cancelled — has its next run
 *   queued in the same transaction that records the end.
 *
 * Handlers therefore write their progress as a checkpoint they can resume from, and make each
 * step idempotent (see the newsletter send and the heading conversion).
 */
import { randomUUID } from "node:crypto";
import { databaseAvailability } from "~/db/availability.server";
import type { Database } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { runOutsideRequestContext } from "~/lib/request-context.server";
import { emitTelemetry } from "~/lib/telemetry.server";
import { type PeriodicJob, queueNextRun } from "./periodic.server";
import {
  claimNextJob,
  finishJob,
  heartbeat,
  type JobProgress,
  type JobRow,
  onJobEnqueued,
} from "./queue.server";

export type JobContext = {
  db: Database;
  job: JobRow;
  /** Aborted when a cancel is requested or the process is stopping. */
  signal: AbortSignal;
  /** Saves the checkpoint/progress shown on the screens and renews the lease. False: stop now. */
  report(progress: JobProgress): Promise<boolean>;
  /** Waits, ending early (false) when the job must stop. */
  sleep(ms: number): Promise<boolean>;
  /** The last progress saved (the checkpoint to resume from). */
  progress: JobProgress;
};

// biome-ignore lint/suspicious/noConfusingVoidType: a handler may simply return, or return its final progress
export type JobHandler = (ctx: JobContext) => Promise<JobProgress | undefined | void>;

export type RunnerOptions = {
  db: Database;
  handlers: Record<string, JobHandler>;
  /** How often to look for due jobs when nothing woke the runner (ms). */
  pollMs?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  /** Jobs run at once in this process. */
  concurrency?: number;
  /** Delay before retry n (1-based). */
  retryDelayMs?: (attempt: number) => number;
  /** The periodic kinds among the handlers: the runner queues their next run (periodic.server.ts). */
  periodic?: readonly PeriodicJob[];
};

export type JobRunner = { stop(): Promise<void>; wake(): void; readonly owner: string };

/**
 * Thrown by a handler when retrying cannot help (a provider refused a batch past its own retries,
 * a wrong API key): the job fails at once with this message instead of being queued again.
 */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

const defaultRetryDelay = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 10 * 60_000);

/**
 * The lease a runner holds on a running job, renewed by a heartbeat four times per lease. A process
 * that dies stops renewing: its job is taken over when the lease runs out plus at most one poll,
 * within 10 s of the crash (docs/decisions/140). A stalled event loop longer than the lease lets
 * another runner take the job: the first one notices at its next heartbeat and stops.
 */
export const JOB_LEASE_MS = 8_000;
export const JOB_HEARTBEAT_MS = 2_000;
export const JOB_POLL_MS = 2_000;
/** While the database cannot be reached the runner looks less often, up to this pause. */
const MAX_IDLE_BACKOFF_MS = 10_000;

/** What one runner's jobs share: its settings and whether it is stopping. */
type RunnerState = {
  db: Database;
  handlers: Record<string, JobHandler>;
  owner: string;
  leaseMs: number;
  heartbeatMs: number;
  retryDelay: (attempt: number) => number;
  periodic: ReadonlyMap<string, PeriodicJob>;
  readonly stopping: boolean;
};

export function startJobRunner(options: RunnerOptions): JobRunner {
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  const concurrency = options.concurrency ?? 2;
  const state = {
    db: options.db,
    handlers: options.handlers,
    owner: `${process.pid}-${randomUUID().slice(0, 8)}`,
    leaseMs: options.leaseMs ?? JOB_LEASE_MS,
    heartbeatMs: options.heartbeatMs ?? JOB_HEARTBEAT_MS,
    retryDelay: options.retryDelayMs ?? defaultRetryDelay,
    periodic: new Map((options.periodic ?? []).map((p) => [p.kind, p])),
    stopping: false,
  };
  const kinds = Object.keys(options.handlers);
  const running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let looking = false;
  /** Claims that failed in a row: the next look waits longer (pollMs doubling, at most 10 s). */
  let failedLooks = 0;

  const schedule = (ms: number) => {
    if (state.stopping) return;
    clearTimeout(timer);
    // A wake-up from inside a request must not run the jobs in that request's context.
    timer = setTimeout(() => runOutsideRequestContext(() => void lookForWork()), ms);
    timer.unref();
  };

  async function lookForWork(): Promise<void> {
    if (state.stopping || looking) return;
    looking = true;
    let failed = false;
    try {
      while (!state.stopping && running.size < concurrency) {
        const job = await claimNextJob(state.db, state.owner, kinds, state.leaseMs);
        if (!job) break;
        if (running.has(job.id)) {
          // Our own heartbeat came too late (a stalled event loop) and the lease ran out: the claim
          // renewed it; the job is still running here and must not start a second time.
          logger.warn({ jobId: job.id }, "job lease ran out while running here; renewed");
          continue;
        }
        const controller = new AbortController();
        const done = runJob(state, job, controller).finally(() => {
          running.delete(job.id);
          schedule(0);
        });
        running.set(job.id, { controller, done });
      }
    } catch (error) {
      failed = true;
      if (!databaseAvailability.noteIfUnavailable(error, "jobs"))
        logger.error({ err: error }, "job runner could not claim a job");
    } finally {
      looking = false;
      failedLooks = failed ? failedLooks + 1 : 0;
      schedule(failed ? Math.min(pollMs * 2 ** failedLooks, MAX_IDLE_BACKOFF_MS) : pollMs);
    }
  }

  const unsubscribe = onJobEnqueued(() => schedule(0));
  schedule(0);

  return {
    owner: state.owner,
    wake: () => schedule(0),
    async stop() {
      state.stopping = true;
      unsubscribe();
      clearTimeout(timer);
      for (const { controller } of running.values()) controller.abort();
      await Promise.allSettled([...running.values()].map((r) => r.done));
    },
  };
}

/** Waits `ms`, ending early (false) when the signal aborts. */
function abortableSleep(signal: AbortSignal, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** One job's run: its lease kept by a heartbeat, its handler's context, and how it ended. */
type JobRun = {
  job: JobRow;
  controller: AbortController;
  log: typeof logger;
  progress: JobProgress;
  cancelRequested: boolean;
};

/** Renews the lease (saving `next` as the checkpoint). False: the job must stop now. */
async function beat(state: RunnerState, run: JobRun, next?: JobProgress): Promise<boolean> {
  const result = await heartbeat(state.db, run.job.id, state.owner, state.leaseMs, next);
  if (!result.owned) {
    // Another runner took the job over (our lease ran out): stop without touching it.
    run.controller.abort();
    return false;
  }
  if (result.cancelRequested) {
    run.cancelRequested = true;
    run.controller.abort();
  }
  return !run.controller.signal.aborted;
}

async function runJob(state: RunnerState, job: JobRow, controller: AbortController): Promise<void> {
  const handler = state.handlers[job.kind];
  const run: JobRun = {
    job,
    controller,
    log: logger.child({ jobId: job.id, kind: job.kind }),
    progress: job.progress ?? {},
    cancelRequested: job.cancelRequested,
  };
  if (run.cancelRequested) controller.abort();
  const beatTimer = setInterval(() => {
    beat(state, run).catch((error) => {
      if (!databaseAvailability.noteIfUnavailable(error, "jobs"))
        run.log.warn({ err: error }, "job heartbeat failed");
    });
  }, state.heartbeatMs);
  beatTimer.unref();

  const ctx: JobContext = {
    db: state.db,
    job,
    signal: controller.signal,
    get progress() {
      return run.progress;
    },
    async report(next) {
      run.progress = next;
      return beat(state, run, next);
    },
    sleep: (ms) => abortableSleep(controller.signal, ms),
  };

  try {
    const final = await handler(ctx);
    if (final) run.progress = final;
    await recordReturn(state, run);
  } catch (error) {
    try {
      await recordThrow(state, run, error);
    } catch (finishError) {
      run.log.error({ err: finishError }, "job outcome could not be saved; its lease will expire");
    }
  } finally {
    clearInterval(beatTimer);
  }
}

type Outcome = Parameters<typeof finishJob>[3];

/**
 * Records how the run ended. A periodic kind that ended (done, failed, cancelled) gets its next
 * run in the same transaction: the end is never recorded without it.
 */
async function end(state: RunnerState, job: JobRow, outcome: Outcome): Promise<void> {
  const periodic = state.periodic.get(job.kind);
  const ended = outcome.status === "done" || outcome.status === "failed" || outcome.status === "cancelled";
  if (!periodic || !ended || periodic.enabled?.() === false) {
    await finishJob(state.db, job.id, state.owner, outcome);
    return;
  }
  await state.db.transaction(async (tx) => {
    if (await finishJob(tx, job.id, state.owner, outcome)) await queueNextRun(tx, periodic, job);
  });
}

/** The handler returned: done, cancelled, paused for a shutdown, or lost to another runner. */
async function recordReturn(state: RunnerState, run: JobRun): Promise<void> {
  const { job, progress, log } = run;
  const aborted = run.controller.signal.aborted;
  if (run.cancelRequested) {
    await end(state, job, { status: "cancelled", progress });
    log.info("job cancelled");
  } else if (aborted && state.stopping) {
    await end(state, job, { status: "requeue", progress });
    log.info("job paused for shutdown; it resumes on the next start");
  } else if (aborted) {
    log.warn("job lost its lease to another runner");
  } else {
    await end(state, job, { status: "done", progress });
    log.info("job done");
  }
}

/** The handler threw: paused, cancelled, failed for good, or queued again after a delay. */
async function recordThrow(state: RunnerState, run: JobRun, error: unknown): Promise<void> {
  const { job, progress, log } = run;
  const message = error instanceof Error ? error.message : String(error);
  if (state.stopping && run.controller.signal.aborted) {
    await end(state, job, { status: "requeue", progress });
  } else if (run.cancelRequested) {
    await end(state, job, { status: "cancelled", progress });
  } else if (job.attempts >= job.maxAttempts || error instanceof PermanentJobError) {
    log.error({ err: error }, "job failed for good");
    emitTelemetry({ type: "job-failed", kind: job.kind });
    await end(state, job, { status: "failed", error: message, progress });
  } else {
    log.warn({ err: error, attempt: job.attempts }, "job failed; it will be retried");
    await end(state, job, {
      status: "retry",
      error: message,
      runAfter: new Date(Date.now() + state.retryDelay(job.attempts)),
      progress,
    });
  }
}
