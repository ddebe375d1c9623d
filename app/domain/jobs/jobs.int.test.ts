import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { jobs } from "~/db/schema";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { until as waitUntil } from "../../../tests/support/until";
import { ensurePeriodicScheduled, type PeriodicJob, scheduledRuns } from "./periodic.server";
import { enqueueJob, getJob, requestCancel } from "./queue.server";
import { type JobHandler, type JobRunner, startJobRunner } from "./runner.server";

let t: TestDatabase;
let runner: JobRunner | undefined;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await t.db.delete(jobs);
});
afterAll(async () => t?.close());

const start = (
  handlers: Record<string, JobHandler>,
  extra: { retryDelayMs?: () => number; periodic?: PeriodicJob[] } = {},
) => {
  runner = startJobRunner({ db: t.db, handlers, pollMs: 50, heartbeatMs: 50, ...extra });
  return runner;
};

const until = <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000) => waitUntil(read, ok, ms, 25);
const statusOf = (id: number) => async () => (await getJob(t.db, id))?.status;

describeDb("durable jobs", () => {
  it("runs a job, saves its progress and marks it done", async () => {
    start({
      count: async (ctx) => {
        for (let i = 1; i <= 3; i++) await ctx.report({ done: i, total: 3 });
        return { done: 3, total: 3, message: "gotovo" };
      },
    });
    const { job } = await enqueueJob(t.db, { kind: "count" });
    await until(statusOf(job.id), (s) => s === "done");
    expect(await getJob(t.db, job.id)).toMatchObject({
      progress: { done: 3, total: 3, message: "gotovo" },
      attempts: 1,
      lockedBy: null,
    });
  });

  it("keeps one queued or running job per unique key", async () => {
    const a = await enqueueJob(t.db, { kind: "x", uniqueKey: "samo-jedan" });
    const b = await enqueueJob(t.db, { kind: "x", uniqueKey: "samo-jedan" });
    expect(a.created).toBe(true);
    expect(b).toMatchObject({ created: false, job: { id: a.job.id } });
    await t.db.update(jobs).set({ status: "done" }).where(eq(jobs.id, a.job.id));
    expect((await enqueueJob(t.db, { kind: "x", uniqueKey: "samo-jedan" })).created).toBe(true);
  });

  it("retries a failing job and fails it after its attempts are used up", async () => {
    let calls = 0;
    start(
      {
        flaky: async () => {
          calls++;
          throw new Error(`pokušaj ${calls}`);
        },
      },
      { retryDelayMs: () => 10 },
    );
    const { job } = await enqueueJob(t.db, { kind: "flaky", maxAttempts: 3 });
    await until(statusOf(job.id), (s) => s === "failed");
    expect(calls).toBe(3);
    expect(await getJob(t.db, job.id)).toMatchObject({ attempts: 3, lastError: "pokušaj 3" });
  });

  it("cancels a queued job at once and a running one at its next checkpoint", async () => {
    const queued = await enqueueJob(t.db, { kind: "never-run" });
    expect(await requestCancel(t.db, queued.job.id)).toBe(true);
    expect(await statusOf(queued.job.id)()).toBe("cancelled");

    start({
      long: async (ctx) => {
        for (let i = 0; i < 1000; i++) {
          if (!(await ctx.report({ done: i }))) return;
          if (!(await ctx.sleep(20))) return;
        }
      },
    });
    const { job } = await enqueueJob(t.db, { kind: "long" });
    await until(statusOf(job.id), (s) => s === "running");
    expect(await requestCancel(t.db, job.id)).toBe(true);
    await until(statusOf(job.id), (s) => s === "cancelled");
    const row = await getJob(t.db, job.id);
    expect(Number(row?.progress.done)).toBeLessThan(1000);
  });

  it("puts a running job back in the queue on shutdown and resumes it from its checkpoint", async () => {
    const seen: number[] = [];
    const handler: JobHandler = async (ctx) => {
      let next = Number(ctx.progress.next ?? 0);
      while (next < 40) {
        seen.push(next);
        next++;
        if (!(await ctx.report({ next }))) return;
        if (!(await ctx.sleep(10))) return;
      }
      return { next };
    };
    const first = start({ resumable: handler });
    const { job } = await enqueueJob(t.db, { kind: "resumable" });
    await until(
      async () => (await getJob(t.db, job.id))?.progress.next,
      (n) => Number(n) >= 5,
    );
    await first.stop();
    runner = undefined;
    const paused = await getJob(t.db, job.id);
    expect(paused).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });

    start({ resumable: handler });
    await until(statusOf(job.id), (s) => s === "done");
    // Every step ran, none was skipped; at most the step in flight at the stop ran twice.
    expect(new Set(seen).size).toBe(40);
    expect(seen.length).toBeLessThanOrEqual(41);
  });

  it("takes over a job whose process died (its lease ran out)", async () => {
    const { job } = await enqueueJob(t.db, { kind: "orphan", progress: { next: 7 } });
    await t.db
      .update(jobs)
      .set({
        status: "running",
        lockedBy: "dead-process",
        lockedUntil: sql`now() - interval '1 second'`,
        attempts: 1,
      })
      .where(eq(jobs.id, job.id));
    let resumedFrom: unknown;
    start({
      orphan: async (ctx) => {
        resumedFrom = ctx.progress.next;
        return { next: 10 };
      },
    });
    await until(statusOf(job.id), (s) => s === "done");
    expect(resumedFrom).toBe(7);
    expect(await getJob(t.db, job.id)).toMatchObject({ attempts: 2, progress: { next: 10 } });
  });

  it("never runs one job in two runners at once", async () => {
    const handler: JobHandler = async (ctx) => {
      await ctx.sleep(30);
      return {};
    };
    const other = startJobRunner({ db: t.db, handlers: { single: handler }, pollMs: 20 });
    start({ single: handler });
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await enqueueJob(t.db, { kind: "single" })).job.id);
    for (const id of ids) await until(statusOf(id), (s) => s === "done");
    await other.stop();
    const rows = await t.db.select().from(jobs);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it("a periodic job queues its next run whatever the run did: done, failed after its retries, cancelled", async () => {
    const HOUR = 3_600_000;
    const every = (kind: string): PeriodicJob => ({
      kind,
      uniqueKey: kind,
      maxAttempts: 2,
      nextRun: (now) => new Date(now.getTime() + HOUR),
    });
    const periodic = [every("p:ok"), every("p:fails"), every("p:cancelled")];
    let failures = 0;
    start(
      {
        "p:ok": async () => ({ ran: true }),
        "p:fails": async () => {
          failures++;
          throw new Error("disk full");
        },
        "p:cancelled": async (ctx) => {
          while (await ctx.sleep(20));
        },
      },
      { retryDelayMs: () => 10, periodic },
    );
    const first = await Promise.all(periodic.map((p) => ensurePeriodicScheduled(t.db, p)));
    const [ok, failing, cancelled] = first.map((f) => f.job.id);
    await until(statusOf(cancelled), (s) => s === "running");
    await requestCancel(t.db, cancelled);
    for (const [id, status] of [
      [ok, "done"],
      [failing, "failed"],
      [cancelled, "cancelled"],
    ] as const) {
      await until(statusOf(id), (s) => s === status);
    }
    expect(failures).toBe(2);
    // Each kind has exactly one run queued again, due an hour after the last one ended.
    const kinds = periodic.map((p) => p.kind);
    await until(
      () => scheduledRuns(t.db, kinds),
      (c) => Object.values(c).every((n) => n === 1),
    );
    const queued = await t.db.select().from(jobs).where(eq(jobs.status, "queued"));
    expect(queued.map((j) => j.kind).sort()).toEqual([...kinds].sort());
    for (const job of queued) {
      expect(job.uniqueKey).toBe(job.kind);
      expect(job.maxAttempts).toBe(2);
      expect(job.runAfter.getTime() - Date.now()).toBeGreaterThan(HOUR - 60_000);
    }
    // The ended runs gave their key up; a second start finds the queued run and adds none.
    for (const p of periodic) expect((await ensurePeriodicScheduled(t.db, p)).created).toBe(false);
    expect(await scheduledRuns(t.db, kinds)).toEqual({ "p:ok": 1, "p:fails": 1, "p:cancelled": 1 });
  });

  it("a periodic kind that is switched off is not queued again", async () => {
    const off: PeriodicJob = {
      kind: "p:off",
      uniqueKey: "p:off",
      maxAttempts: 1,
      nextRun: (now) => new Date(now.getTime() + 60_000),
      enabled: () => false,
    };
    start({ "p:off": async () => ({}) }, { periodic: [off] });
    const { job } = await ensurePeriodicScheduled(t.db, off);
    await until(statusOf(job.id), (s) => s === "done");
    expect(await scheduledRuns(t.db, ["p:off"])).toEqual({ "p:off": 0 });
  });
});
