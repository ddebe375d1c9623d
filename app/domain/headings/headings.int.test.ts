import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { articleHeadings, articles, jobs } from "~/db/schema";
import { getJob } from "~/domain/jobs/queue.server";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { until } from "../../../tests/support/until";
import { readPublishedBatch } from "./batch.server";
import { convertArticle, restoreArticle } from "./headings.server";
import {
  createHeadingsJobHandlers,
  latestHeadingsJob,
  startHeadingsJob,
  stopHeadingsJob,
} from "./jobs.server";
import { headingStats, listHeadingArticles } from "./list.server";
import { getHeadingPreview } from "./preview.server";
import { ANALYZE_ALL_JOB, CONVERT_ALL_JOB, readProgress } from "./rules";

const LEGACY = (n: number) =>
  `<p>Uvodni pasus broj ${n}. Ima dve rečenice.</p>\n<p><strong>Šta se menja od ${n}. maja</strong></p>\n<p>Tekst odeljka. Još jedna rečenica.</p>\n<p>Najvažnije u kratkim crtama</p>\n<ul><li>Stavka</li></ul>\n<p>Kraj članka. Hvala.</p>`;
const HEADED = "<p>Uvod. Dve rečenice.</p><h2>Već ima naslov</h2><p>Tekst. I još.</p>";

let t: TestDatabase;
let runner: JobRunner | undefined;
const converted: number[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await t.db.delete(jobs);
  await t.db.delete(articleHeadings);
  await t.db.delete(articles);
  converted.length = 0;
});
afterAll(async () => t?.close());

/** Articles with ids 1..n, newest first by id; every 3rd already has headings, every 5th is a draft. */
async function seed(n: number): Promise<{ legacy: number[]; headed: number[]; drafts: number[] }> {
  const base = Date.parse("2026-05-01T12:00:00Z");
  const rows = Array.from({ length: n }, (_, i) => {
    const id = i + 1;
    const draft = id % 5 === 0;
    const headed = id % 3 === 0;
    return {
      id,
      title: `Članak ${id}`,
      category: "Vesti" as const,
      status: draft ? ("draft" as const) : ("publish" as const),
      content: headed ? HEADED : LEGACY(id),
      // Two articles share each timestamp: the cursor must tell them apart by id.
      publishedDate: new Date(base + Math.floor(id / 2) * 60_000 + 0.5),
    };
  });
  await t.db.insert(articles).values(rows);
  return {
    legacy: rows.filter((r) => r.status === "publish" && r.content !== HEADED).map((r) => r.id),
    headed: rows.filter((r) => r.status === "publish" && r.content === HEADED).map((r) => r.id),
    drafts: rows.filter((r) => r.status === "draft").map((r) => r.id),
  };
}

const contentOf = async (id: number) =>
  (await t.db.select({ c: articles.content }).from(articles).where(eq(articles.id, id)))[0]?.c;

const startRunner = (options: Parameters<typeof createHeadingsJobHandlers>[0] = {}) => {
  runner = startJobRunner({
    db: t.db,
    handlers: createHeadingsJobHandlers({
      analyzePauseMs: 1,
      convertPauseMs: 1,
      onConverted: (id) => converted.push(id),
      ...options,
    }),
    pollMs: 50,
    heartbeatMs: 50,
  });
  return runner;
};

describeDb("heading conversion of one article", () => {
  it("converts, keeps the previous content and restores it exactly", async () => {
    await seed(1);
    const original = await contentOf(1);
    expect(await convertArticle(t.db, 1)).toEqual({ outcome: "converted", count: 2 });
    const headed = await contentOf(1);
    expect(headed).toContain("<h2>Šta se menja od 1. maja</h2>");
    expect(headed).toContain("<h3>Najvažnije u kratkim crtama</h3>");
    const [state] = await t.db.select().from(articleHeadings).where(eq(articleHeadings.articleId, 1));
    expect(state).toMatchObject({ state: "converted", headingCount: 2, previousContent: original });

    // Idempotent: a second conversion changes nothing.
    expect(await convertArticle(t.db, 1)).toEqual({ outcome: "already", count: 2 });
    expect(await contentOf(1)).toBe(headed);

    const preview = await getHeadingPreview(t.db, 1);
    expect(preview).toMatchObject({
      state: "converted",
      canRestore: true,
      canConvert: false,
      headingCount: 2,
    });
    expect(preview?.after).toContain('<h2 data-heading="new">');

    expect(await restoreArticle(t.db, 1)).toEqual({ outcome: "restored" });
    expect(await contentOf(1)).toBe(original);
    const [after] = await t.db.select().from(articleHeadings).where(eq(articleHeadings.articleId, 1));
    expect(after).toMatchObject({ state: "pending", headingCount: 2, previousContent: null });
    expect(after.restoredAt).not.toBeNull();
    expect(await restoreArticle(t.db, 1)).toEqual({ outcome: "not-converted" });
  });

  it("refuses to restore an article edited after its conversion", async () => {
    await seed(1);
    await convertArticle(t.db, 1);
    const edited = `${await contentOf(1)}<p>Dodato posle konverzije.</p>`;
    await t.db.update(articles).set({ content: edited }).where(eq(articles.id, 1));
    expect(await restoreArticle(t.db, 1)).toEqual({ outcome: "edited" });
    expect(await contentOf(1)).toBe(edited);
    expect(await getHeadingPreview(t.db, 1)).toMatchObject({ canRestore: false, restoreBlocked: "edited" });
  });

  it("reports an article with nothing to convert, and a missing one", async () => {
    await seed(3);
    expect(await convertArticle(t.db, 3)).toEqual({ outcome: "nothing" });
    expect(await contentOf(3)).toBe(HEADED);
    expect(await convertArticle(t.db, 999)).toEqual({ outcome: "missing" });
    expect(await restoreArticle(t.db, 999)).toEqual({ outcome: "missing" });
  });
});

describeDb("the headings list and stats", () => {
  it("counts published articles by state and lists them newest first with live counts", async () => {
    const { legacy, headed, drafts } = await seed(10);
    await convertArticle(t.db, legacy[0]);
    await t.db.insert(articleHeadings).values({ articleId: legacy[1], state: "error", error: "x" });
    await t.db.insert(articleHeadings).values({ articleId: legacy[2], state: "analyzing" });
    const stats = await headingStats(t.db);
    const published = legacy.length + headed.length;
    expect(stats).toMatchObject({
      published,
      converted: 1,
      errors: 1,
      pending: published - 2,
      notAnalyzed: published - 2,
    });

    const list = await listHeadingArticles(t.db, { page: 1, filter: "all", jobActive: false });
    expect(list.total).toBe(published);
    expect(list.rows.map((r) => r.id)).toEqual([...legacy, ...headed].sort((a, b) => b - a));
    expect(list.rows.some((r) => drafts.includes(r.id))).toBe(false);
    const byId = new Map(list.rows.map((r) => [r.id, r]));
    expect(byId.get(legacy[0])).toMatchObject({ state: "converted", headingCount: 2 });
    expect(byId.get(legacy[3])).toMatchObject({ state: "pending", headingCount: 2 });
    expect(byId.get(headed[0])).toMatchObject({ state: "pending", headingCount: 0 });
    // "analyzing" left by a job that is not running any more reads as pending.
    expect(byId.get(legacy[2])?.state).toBe("pending");
    const running = await listHeadingArticles(t.db, { page: 1, filter: "all", jobActive: true });
    expect(running.rows.find((r) => r.id === legacy[2])?.state).toBe("analyzing");

    const onlyConverted = await listHeadingArticles(t.db, { page: 1, filter: "converted", jobActive: false });
    expect(onlyConverted.rows.map((r) => r.id)).toEqual([legacy[0]]);
    const errors = await listHeadingArticles(t.db, { page: 1, filter: "error", jobActive: false });
    expect(errors.total).toBe(1);
  });

  it("reads published articles in batches after a cursor, ties broken by id", async () => {
    const { legacy, headed } = await seed(12);
    const seen: number[] = [];
    let cursor: { date: string; id: number } | null = null;
    for (;;) {
      const batch = await readPublishedBatch(t.db, cursor, 3);
      if (batch.length === 0) break;
      seen.push(...batch.map((b) => b.id));
      const last = batch[batch.length - 1];
      cursor = { date: last.dateKey, id: last.id };
    }
    expect(seen).toEqual([...legacy, ...headed].sort((a, b) => b - a));
  });
});

describeDb("Analyze all and Convert all as background jobs", () => {
  it("analyzes every published article and stores its count", async () => {
    const { legacy, headed } = await seed(10);
    startRunner({ batchSize: 3 });
    const { job } = await startHeadingsJob(t.db, ANALYZE_ALL_JOB, "admin@x.com");
    const done = await until(
      () => getJob(t.db, job.id),
      (j) => j?.status === "done",
    );
    expect(readProgress(done?.progress)).toMatchObject({
      total: legacy.length + headed.length,
      done: legacy.length + headed.length,
      matched: legacy.length,
      headings: legacy.length * 2,
    });
    const stats = await headingStats(t.db);
    expect(stats).toMatchObject({
      suggested: legacy.length,
      suggestedHeadings: legacy.length * 2,
      converted: 0,
    });
    const states = await t.db.select({ s: articleHeadings.state }).from(articleHeadings);
    expect(states.every((s) => s.s === "pending")).toBe(true);
    expect(await contentOf(legacy[0])).toBe(LEGACY(legacy[0]));
  });

  it("keeps one headings job at a time and stops on request", async () => {
    await seed(6);
    const first = await startHeadingsJob(t.db, CONVERT_ALL_JOB, "admin@x.com");
    const second = await startHeadingsJob(t.db, ANALYZE_ALL_JOB, "admin@x.com");
    expect(second).toMatchObject({ created: false, job: { id: first.job.id } });
    expect((await latestHeadingsJob(t.db))?.id).toBe(first.job.id);
    expect(await stopHeadingsJob(t.db, first.job.id)).toBe(true);
    expect((await getJob(t.db, first.job.id))?.status).toBe("cancelled");
    expect(await stopHeadingsJob(t.db, first.job.id)).toBe(false);
  });

  it("resumes Convert all after a restart from its checkpoint and converts each article once", async () => {
    const { legacy, headed, drafts } = await seed(24);
    const originals = new Map<number, string>();
    for (const id of legacy) originals.set(id, (await contentOf(id)) as string);

    // A slow first run (a pause per conversion), stopped as a restart would stop it.
    const first = startRunner({ convertPauseMs: 150, batchSize: 4 });
    const { job } = await startHeadingsJob(t.db, CONVERT_ALL_JOB, "admin@x.com");
    await until(
      async () => readProgress((await getJob(t.db, job.id))?.progress)?.matched ?? 0,
      (n) => n >= 3,
    );
    await first.stop();
    runner = undefined;
    const paused = await getJob(t.db, job.id);
    expect(paused?.status).toBe("queued");
    const checkpoint = readProgress(paused?.progress);
    expect(checkpoint?.done).toBeGreaterThan(0);
    expect(checkpoint?.done).toBeLessThan(legacy.length + headed.length);
    const convertedBefore = converted.length;
    expect(convertedBefore).toBeLessThan(legacy.length);

    // The next process takes it over and finishes.
    startRunner({ batchSize: 4 });
    const done = await until(
      () => getJob(t.db, job.id),
      (j) => j?.status === "done",
    );
    expect(readProgress(done?.progress)).toMatchObject({
      total: legacy.length + headed.length,
      done: legacy.length + headed.length,
      matched: legacy.length,
      headings: legacy.length * 2,
      errors: 0,
    });
    // Every legacy article converted exactly once, with its original kept for a restore.
    expect([...converted].sort((a, b) => a - b)).toEqual([...legacy].sort((a, b) => a - b));
    const states = await t.db
      .select()
      .from(articleHeadings)
      .where(inArray(articleHeadings.articleId, legacy));
    expect(states).toHaveLength(legacy.length);
    for (const s of states) {
      expect(s.state).toBe("converted");
      expect(s.previousContent).toBe(originals.get(s.articleId));
    }
    // The articles with nothing to convert are recorded as looked at: nothing is left to analyse.
    expect(await headingStats(t.db)).toMatchObject({
      converted: legacy.length,
      pending: headed.length,
      suggested: 0,
      notAnalyzed: 0,
    });
    // Drafts and articles that already had headings are untouched.
    for (const id of drafts) expect(await contentOf(id)).toBe(id % 3 === 0 ? HEADED : LEGACY(id));
    for (const id of headed) expect(await contentOf(id)).toBe(HEADED);
  });

  it("leaves articles an editor restored to Convert all", async () => {
    const { legacy } = await seed(6);
    await convertArticle(t.db, legacy[0]);
    await restoreArticle(t.db, legacy[0]);
    startRunner();
    const { job } = await startHeadingsJob(t.db, CONVERT_ALL_JOB, "admin@x.com");
    await until(
      () => getJob(t.db, job.id),
      (j) => j?.status === "done",
    );
    expect(await contentOf(legacy[0])).toBe(LEGACY(legacy[0]));
    expect([...converted].sort((a, b) => a - b)).toEqual(legacy.slice(1));
    // A single conversion from the preview still works for it.
    expect(await convertArticle(t.db, legacy[0])).toMatchObject({ outcome: "converted" });
  });
});
