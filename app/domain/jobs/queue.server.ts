/**
 * Durable background jobs: the queue. Long work (a newsletter send, converting every article's
 * headings, expiring listings) is a row in `jobs`, run by the job runner (runner.server.ts) in
 * the background of any app process, never inside a request. Its state and progress live in the
 * database, so a screen can show them after a reload and a restart resumes them.
 *
 * Glossary: a job is *queued* (waiting for its run_after), *running* (a process holds its lease),
 * then *done*, *failed* (every attempt used) or *cancelled* (a person stopped it).
 */
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { type JobStatus, jobs } from "~/db/schema";
import { pgErrorCode } from "~/lib/db-errors";

export type JobRow = typeof jobs.$inferSelect;
export type JobProgress = Record<string, unknown>;

export const ACTIVE_STATUSES: JobStatus[] = ["queued", "running"];

type Wake = () => void;
const KEY = Symbol.for("balkan-vozaci.job-wake");
const registry = globalThis as unknown as { [KEY]?: Set<Wake> };
function wakers(): Set<Wake> {
  registry[KEY] ??= new Set();
  return registry[KEY];
}

/** The runner of this process subscribes here, so a new job starts at once instead of at the next poll. */
export function onJobEnqueued(wake: Wake): () => void {
  wakers().add(wake);
  return () => wakers().delete(wake);
}

export type EnqueueInput = {
  kind: string;
  payload?: Record<string, unknown>;
  /** At most one queued or running job per key: a second enqueue returns the existing job. */
  uniqueKey?: string;
  runAfter?: Date;
  maxAttempts?: number;
  /** Who started it (an e-mail), for the screens. */
  createdBy?: string;
  progress?: JobProgress;
};

/**
 * Adds a job, or returns the queued/running job that already holds `uniqueKey` (`created: false`).
 */
export async function enqueueJob(
  db: DbOrTx,
  input: EnqueueInput,
): Promise<{ job: JobRow; created: boolean }> {
  const values = {
    kind: input.kind,
    payload: input.payload ?? {},
    uniqueKey: input.uniqueKey ?? null,
    runAfter: input.runAfter ?? new Date(),
    maxAttempts: input.maxAttempts ?? 5,
    createdBy: input.createdBy ?? null,
    progress: input.progress ?? {},
  };
  try {
    const [job] = await db.insert(jobs).values(values).returning();
    for (const wake of wakers()) wake();
    return { job, created: true };
  } catch (error) {
    if (pgErrorCode(error) !== "23505" || !input.uniqueKey) throw error;
    const existing = await activeJobByKey(db, input.uniqueKey);
    if (!existing) throw error;
    return { job: existing, created: false };
  }
}

export async function getJob(db: DbOrTx, id: number): Promise<JobRow | null> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job ?? null;
}

export async function activeJobByKey(db: DbOrTx, uniqueKey: string): Promise<JobRow | null> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.uniqueKey, uniqueKey), inArray(jobs.status, ACTIVE_STATUSES)))
    .limit(1);
  return job ?? null;
}

/** The newest jobs of a kind (the screens' "last run"). */
export async function latestJobs(db: DbOrTx, kind: string, limit = 1): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

/**
 * Stops a job: a queued one is cancelled at once; a running one is asked to stop and ends as
 * cancelled at its next checkpoint. Returns false when the job had already ended.
 */
export async function requestCancel(db: DbOrTx, id: number): Promise<boolean> {
  const [queued] = await db
    .update(jobs)
    .set({
      status: "cancelled",
      finishedAt: new Date(),
      updatedAt: new Date(),
      lockedUntil: null,
      lockedBy: null,
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, "queued")))
    .returning({ id: jobs.id });
  if (queued) return true;
  const [running] = await db
    .update(jobs)
    .set({ cancelRequested: true, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), eq(jobs.status, "running")))
    .returning({ id: jobs.id });
  return Boolean(running);
}

/** Claims the next job that is due (or whose lease ran out), for `owner`, with a lease of `leaseMs`. */
export async function claimNextJob(
  db: DbOrTx,
  owner: string,
  kinds: readonly string[],
  leaseMs: number,
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    update jobs set
      status = 'running',
      locked_by = ${owner},
      locked_until = now() + (${leaseMs} * interval '1 millisecond'),
      attempts = attempts + 1,
      started_at = coalesce(started_at, now()),
      updated_at = now()
    where id = (
      select id from jobs
      where kind in (${kindList})
        and ((status = 'queued' and run_after <= now())
          or (status = 'running' and locked_until < now()))
      order by run_after, id
      limit 1
      for update skip locked
    )
    returning id`);
  const rows = (result as unknown as { rows: { id: number }[] }).rows;
  const id = rows[0]?.id;
  return id ? getJob(db, Number(id)) : null;
}

/** Renews the lease and saves progress; returns whether a cancel was requested. */
export async function heartbeat(
  db: DbOrTx,
  id: number,
  owner: string,
  leaseMs: number,
  progress?: JobProgress,
): Promise<{ owned: boolean; cancelRequested: boolean }> {
  const [row] = await db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + (${leaseMs} * interval '1 millisecond')`,
      updatedAt: new Date(),
      ...(progress ? { progress } : {}),
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, owner), eq(jobs.status, "running")))
    .returning({ cancelRequested: jobs.cancelRequested });
  return { owned: Boolean(row), cancelRequested: row?.cancelRequested ?? false };
}

type Finish =
  | { status: "done" | "cancelled"; progress?: JobProgress }
  | { status: "failed"; error: string; progress?: JobProgress }
  | { status: "retry"; error: string; runAfter: Date; progress?: JobProgress }
  /** The process is stopping: back to the queue, this attempt not counted. */
  | { status: "requeue"; progress?: JobProgress };

/** Records how a run ended; false when `owner` no longer held the job (another runner took it over). */
export async function finishJob(db: DbOrTx, id: number, owner: string, finish: Finish): Promise<boolean> {
  const now = new Date();
  const common = {
    lockedBy: null,
    lockedUntil: null,
    updatedAt: now,
    ...(finish.progress ? { progress: finish.progress } : {}),
  };
  const where = and(eq(jobs.id, id), eq(jobs.lockedBy, owner));
  const set = (() => {
    switch (finish.status) {
      case "done":
      case "cancelled":
        return { ...common, status: finish.status, finishedAt: now };
      case "failed":
        return { ...common, status: "failed" as const, lastError: finish.error, finishedAt: now };
      case "retry":
        return { ...common, status: "queued" as const, lastError: finish.error, runAfter: finish.runAfter };
      case "requeue":
        return {
          ...common,
          status: "queued" as const,
          runAfter: now,
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        };
    }
  })();
  const rows = await db.update(jobs).set(set).where(where).returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * A job that schedules its next run from inside its handler, before its work (the listing alerts'
 * runs, so that an approval can nudge the queued next run while one is running; the other periodic
 * kinds are queued by the runner when a run ends, periodic.server.ts). Its own row still holds the
 * unique key while it runs (so `enqueueJob` would return the running job itself): the running row
 * gives the key up first, then the next run takes it. If the process dies in between, the job is
 * retried (its lease runs out) and schedules again; the boot-time enqueue covers the rest. The key
 * is passed in (not read from the row) so that a retried run, whose row already gave it up, still
 * schedules under it.
 */
export async function enqueueNextRun(
  db: DbOrTx,
  current: Pick<JobRow, "id" | "kind" | "payload" | "maxAttempts">,
  next: { uniqueKey: string; runAfter: Date },
): Promise<{ job: JobRow; created: boolean }> {
  await db
    .update(jobs)
    .set({ uniqueKey: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, current.id), eq(jobs.uniqueKey, next.uniqueKey)));
  return enqueueJob(db, {
    kind: current.kind,
    payload: current.payload,
    uniqueKey: next.uniqueKey,
    runAfter: next.runAfter,
    maxAttempts: current.maxAttempts,
  });
}

/**
 * A periodic job leaves one finished row per run: its handler drops the finished runs of its kind
 * older than `keepMs` (they would otherwise pile up).
 */
export async function pruneFinishedRuns(
  db: DbOrTx,
  kind: string,
  keepMs: number,
  now = new Date(),
): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.kind, kind),
        eq(jobs.status, "done"),
        lt(jobs.finishedAt, sql`${new Date(now.getTime() - keepMs).toISOString()}::timestamptz`),
      ),
    );
}

/**
 * Moves the queued job holding `uniqueKey` earlier (never later) and wakes this process's runner:
 * "run the daily job now", "an approval: the alerts' run in half a minute". False when no job of
 * that key is waiting (one is running, or none is scheduled).
 */
export async function nudgeJob(db: DbOrTx, uniqueKey: string, runAfter: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      runAfter: sql`least(${jobs.runAfter}, ${runAfter.toISOString()}::timestamptz)`,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.uniqueKey, uniqueKey), eq(jobs.status, "queued")))
    .returning({ id: jobs.id });
  if (rows.length > 0) for (const wake of wakers()) wake();
  return rows.length > 0;
}
