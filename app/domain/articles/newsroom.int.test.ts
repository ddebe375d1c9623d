/**
 * The newsroom's rules on a real database (issue 20): scheduled publishing (absent from every
 * public query until its minute, then live by itself through the durable job), revisions (kept,
 * diffed, restored, pruned in SQL), the stale-save refusal, autosave and presence, signed preview
 * links and the audit log's queries. Runs on PGlite and PostgreSQL.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articles, auditLog, jobs, mediaFiles } from "~/db/schema";
import { listAudit, pruneAudit, recordAudit } from "~/domain/audit/audit.server";
import { parseAuditQuery } from "~/domain/audit/labels";
import { startJobRunner } from "~/domain/jobs/runner.server";
import { mediaUsage, updateMediaWords } from "~/domain/media/usage.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { insertUser } from "../../../tests/support/fixtures";
import { countArticles, latestPublished } from "./articles.server";
import { discardAutosave, getAutosave, saveAutosave, touchPresence } from "./drafts.server";
import { saveArticle, unscheduleArticle } from "./editing.server";
import {
  checkPreviewLink,
  createPreviewLink,
  listPreviewLinks,
  revokePreviewLink,
} from "./preview-link.server";
import {
  feedArticles,
  getPublishedArticle,
  homeArticles,
  listPublished,
  sitemapArticles,
} from "./public.server";
import {
  insertRevision,
  listRevisions,
  pruneRevisions,
  restoreRevision,
  revisionDiff,
} from "./revisions.server";
import {
  ensureScheduledPublishing,
  PUBLISH_JOB_KIND,
  publishDueArticles,
  publishJobKey,
  publishScheduledHandler,
} from "./scheduling.server";
import type { ArticleInput } from "./validation";

let t: TestDatabase;
let ana: { id: number; name: string };
let boris: { id: number; name: string };

beforeAll(async () => {
  t = await createTestDatabase();
  ana = {
    id: (await insertUser(t.db, { email: "ana@x.rs", firstName: "Ana", lastName: "Anić" })).id,
    name: "Ana Anić",
  };
  boris = {
    id: (await insertUser(t.db, { email: "boris@x.rs", firstName: "Boris", lastName: "Babić" })).id,
    name: "Boris Babić",
  };
});
afterAll(async () => t?.close());

function input(over: Partial<ArticleInput> = {}): ArticleInput {
  return {
    title: "Zakazani članak",
    excerpt: "Opis",
    content: "<p>Prvi tekst članka.</p>",
    author: "Redakcija",
    publishedDate: new Date("2026-01-01T12:00:00Z"),
    category: "Vesti",
    featuredImage: "/demo/truck-1.svg",
    metaTitle: "",
    metaDescription: "",
    slug: "zakazani-clanak",
    tags: [],
    status: "publish",
    featured: true,
    ...over,
  };
}

async function saved(
  over: Partial<ArticleInput> = {},
  id: number | null = null,
  baseVersion: number | null = null,
) {
  const result = await saveArticle(t.db, { id, input: input(over), author: ana, baseVersion });
  if (!result.ok) throw new Error(`save refused: ${result.code}`);
  return result;
}

/** Every public list of the site, as ids. */
async function publicIds(id: number) {
  const home = await homeArticles(t.db);
  const vesti = await listPublished(t.db, { category: "Vesti", page: 1 });
  return {
    hero: home.hero.some((a) => a.id === id),
    home: home.vesti.some((a) => a.id === id),
    vesti: vesti.items.some((a) => a.id === id),
    feed: (await feedArticles(t.db)).some((a) => a.id === id),
    sitemap: (await sitemapArticles(t.db, { offset: 0, limit: 1000 })).some((a) => a.id === id),
    page: (await getPublishedArticle(t.db, id)) !== null,
    latest: (await latestPublished(t.db, { limit: 50 })).some((a) => a.id === id),
  };
}

const nowhere = {
  hero: false,
  home: false,
  vesti: false,
  feed: false,
  sitemap: false,
  page: false,
  latest: false,
};

describeDb("scheduled publishing", () => {
  it("a publish with a future date is scheduled: absent from every public query, with its job queued", async () => {
    const at = new Date(Date.now() + 3_600_000);
    const { id, status } = await saved({ publishedDate: at, title: "Sutrašnja vest" });
    expect(status).toBe("scheduled");
    expect(await publicIds(id)).toEqual(nowhere);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, publishJobKey(id)));
    expect(job.status).toBe("queued");
    expect(job.runAfter.getTime()).toBe(at.getTime());
    expect((await countArticles(t.db)).scheduled).toBeGreaterThanOrEqual(1);

    // Rescheduled: the same job moves; a publish job that runs early publishes nothing.
    const later = new Date(Date.now() + 7_200_000);
    await saved({ publishedDate: later, title: "Sutrašnja vest" }, id);
    const moved = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.uniqueKey, publishJobKey(id)));
    expect(moved).toHaveLength(1);
    expect(moved[0].runAfter.getTime()).toBe(later.getTime());
    expect(await publishDueArticles(t.db, new Date())).not.toContain(id);

    // Unscheduled: a draft, still absent.
    const off = await unscheduleArticle(t.db, { id, author: ana });
    expect(off.ok).toBe(true);
    const [row] = await t.db.select({ status: articles.status }).from(articles).where(eq(articles.id, id));
    expect(row.status).toBe("draft");
    expect(await unscheduleArticle(t.db, { id, author: ana })).toEqual({ ok: false, code: "not-scheduled" });
  });

  it("goes live by itself at its minute through the durable job, and nowhere before", async () => {
    const at = new Date(Date.now() + 1_500);
    const { id } = await saved({ publishedDate: at, title: "Za sekundu" });
    expect((await publicIds(id)).vesti).toBe(false);
    const runner = startJobRunner({
      db: t.db,
      handlers: { [PUBLISH_JOB_KIND]: publishScheduledHandler },
      pollMs: 100,
      heartbeatMs: 100,
    });
    try {
      const deadline = Date.now() + 15_000;
      while (!(await publicIds(id)).page) {
        if (Date.now() > deadline) throw new Error("the scheduled article did not go live");
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await runner.stop();
    }
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(await publicIds(id)).toEqual({
      ...nowhere,
      hero: true,
      home: false,
      vesti: true,
      feed: true,
      sitemap: true,
      page: true,
      latest: true,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "publish-scheduled"), eq(auditLog.recordId, String(id))));
    expect(entry.userId).toBeNull();
  });

  it("at boot, a scheduled article without a job gets one", async () => {
    const [row] = await t.db
      .insert(articles)
      .values({
        title: "Bez posla",
        category: "Vesti",
        status: "scheduled",
        publishedDate: new Date(Date.now() + 60_000),
      })
      .returning({ id: articles.id });
    await ensureScheduledPublishing(t.db);
    await ensureScheduledPublishing(t.db);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(eq(jobs.uniqueKey, publishJobKey(row.id)));
    expect(n).toBe(1);
  });
});

describeDb("revisions and the stale save", () => {
  it("keeps the version before the first save and every save, with who and when", async () => {
    const [row] = await t.db
      .insert(articles)
      .values({
        title: "Stari članak",
        category: "Vesti",
        content: "<p>Jedan dva tri.</p>",
        status: "publish",
      })
      .returning({ id: articles.id, version: articles.version });
    const first = await saved(
      { title: "Stari članak", content: "<p>Jedan dva četiri pet.</p>" },
      row.id,
      row.version,
    );
    const revisions = await listRevisions(t.db, row.id);
    expect(revisions.map((r) => r.kind)).toEqual(["save", "original"]);
    expect(revisions[0].createdByName).toBe("Ana Anić");
    const diff = await revisionDiff(t.db, row.id, revisions[0].id);
    expect(diff?.added).toBe(2);
    expect(diff?.removed).toBe(1);
    expect(diff?.content.filter((p) => p.op === "removed").map((p) => p.text.trim())).toEqual(["tri"]);

    // Boris saves from the version he opened: refused, with who saved the newer one.
    const stale = await saveArticle(t.db, {
      id: row.id,
      input: input({ title: "Borisova verzija" }),
      author: boris,
      baseVersion: row.version,
    });
    expect(stale).toMatchObject({
      ok: false,
      code: "stale",
      current: { version: first.version, savedBy: "Ana Anić" },
    });
    // "Keep mine as a new revision": saved, and Ana's stays a revision.
    const forced = await saveArticle(t.db, {
      id: row.id,
      input: input({ title: "Borisova verzija" }),
      author: boris,
      baseVersion: row.version,
      force: true,
    });
    expect(forced.ok).toBe(true);
    const after = await listRevisions(t.db, row.id);
    expect(after.map((r) => r.kind)).toEqual(["conflict", "save", "original"]);

    // Restore Ana's: her words come back as a new revision; the status stays.
    const restored = await restoreRevision(t.db, { articleId: row.id, revisionId: after[1].id, author: ana });
    expect(restored.ok).toBe(true);
    const [now] = await t.db.select().from(articles).where(eq(articles.id, row.id));
    expect(now.title).toBe("Stari članak");
    expect(now.content).toBe("<p>Jedan dva četiri pet.</p>");
    expect(now.status).toBe("publish");
    const last = await listRevisions(t.db, row.id);
    expect(last[0]).toMatchObject({ kind: "restore", restoredFrom: after[1].id });
  });

  it("keeps the last 50 per article plus the newest of each day, in SQL", async () => {
    const [row] = await t.db
      .insert(articles)
      .values({ title: "Mnogo izmena", category: "Vesti" })
      .returning({ id: articles.id });
    const fields = {
      title: "x",
      excerpt: "",
      content: "",
      featuredImage: null,
      status: "draft" as const,
      publishedDate: new Date(),
    };
    const day = 86_400_000;
    for (let d = 10; d >= 1; d--) {
      await insertRevision(t.db, {
        articleId: row.id,
        fields,
        kind: "save",
        author: ana,
        at: new Date(Date.now() - d * day),
      });
      await insertRevision(t.db, {
        articleId: row.id,
        fields,
        kind: "save",
        author: ana,
        at: new Date(Date.now() - d * day + 60_000),
      });
    }
    for (let i = 0; i < 55; i++) {
      await insertRevision(t.db, {
        articleId: row.id,
        fields,
        kind: "save",
        author: ana,
        at: new Date(Date.now() - 55_000 + i * 1000),
      });
    }
    await pruneRevisions(t.db, row.id);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, row.id));
    // 50 newest (all today) + the newest of each of the 10 earlier days.
    expect(n).toBe(60);
  });
});

describeDb("autosave, presence and preview links", () => {
  it("keeps one draft per user and article (and one for a new article), replaced on each autosave", async () => {
    await saveAutosave(t.db, {
      userId: ana.id,
      articleId: null,
      values: { title: "Prvi" },
      baseVersion: null,
    });
    await saveAutosave(t.db, {
      userId: ana.id,
      articleId: null,
      values: { title: "Drugi" },
      baseVersion: null,
    });
    expect((await getAutosave(t.db, ana.id, null))?.values).toEqual({ title: "Drugi" });
    expect(await getAutosave(t.db, boris.id, null)).toBeNull();
    await discardAutosave(t.db, ana.id, null);
    expect(await getAutosave(t.db, ana.id, null)).toBeNull();
  });

  it("tells the second editor who has the article open and since when", async () => {
    const { id } = await saved({ title: "Zajednički" });
    const t0 = new Date();
    await touchPresence(t.db, { articleId: id, userId: ana.id, now: t0 });
    const seen = await touchPresence(t.db, {
      articleId: id,
      userId: boris.id,
      now: new Date(t0.getTime() + 5_000),
    });
    expect(seen.others).toEqual([{ userId: ana.id, name: "Ana Anić", since: t0 }]);
    // A form whose heartbeat stopped is no longer open.
    const later = await touchPresence(t.db, {
      articleId: id,
      userId: boris.id,
      now: new Date(t0.getTime() + 120_000),
    });
    expect(later.others).toEqual([]);
  });

  it("makes preview links that expire and cannot be changed, lists the working ones and revokes one", async () => {
    const { id } = await saved({ title: "Pregled", status: "draft" });
    const link = await createPreviewLink(t.db, { articleId: id, status: "draft", author: ana });
    const parts = (path: string) => {
      const [, , linkId, expires, signature] = path.split("/");
      return { id: linkId, expires, signature };
    };
    const { id: linkId, expires, signature } = parts(link.path);
    expect(await checkPreviewLink(t.db, { id: linkId, expires, signature })).toMatchObject({
      ok: true,
      articleId: id,
    });
    expect(await checkPreviewLink(t.db, { id: String(id + 1), expires, signature })).toEqual({
      ok: false,
      code: "invalid",
    });
    expect(
      await checkPreviewLink(t.db, { id: linkId, expires: String(Number(expires) + 1), signature }),
    ).toEqual({ ok: false, code: "invalid" });
    expect(
      await checkPreviewLink(t.db, { id: linkId, expires, signature }, Number(expires) * 1000 + 1),
    ).toEqual({ ok: false, code: "expired" });
    const other = await createPreviewLink(t.db, { articleId: id, status: "draft", author: ana });
    expect((await listPreviewLinks(t.db, id)).map((l) => l.id)).toEqual([other.id, link.id]);
    expect(await revokePreviewLink(t.db, { articleId: id, linkId: link.id })).toEqual({ ok: true });
    expect(await revokePreviewLink(t.db, { articleId: id, linkId: link.id })).toEqual({
      ok: false,
      code: "not-found",
    });
    expect(await checkPreviewLink(t.db, { id: linkId, expires, signature })).toEqual({
      ok: false,
      code: "revoked",
      articleId: id,
      reason: "revoked",
    });
    expect((await listPreviewLinks(t.db, id)).map((l) => l.id)).toEqual([other.id]);
  });

  it("revokes an article's links when it is published or moved back to draft, not when a draft is scheduled", async () => {
    const check = (path: string) => {
      const [, , id, expires, signature] = path.split("/");
      return checkPreviewLink(t.db, { id, expires, signature });
    };
    const draft = await saved({ title: "Nacrt sa linkom", status: "draft" });
    const kept = await createPreviewLink(t.db, { articleId: draft.id, status: "draft", author: ana });
    // Draft → scheduled: still unpublished, the link keeps working.
    const future = new Date(Date.now() + 86_400_000);
    await saved({ status: "publish", publishedDate: future }, draft.id, draft.version);
    expect((await check(kept.path)).ok).toBe(true);
    // Scheduled → draft (unscheduled): revoked.
    await unscheduleArticle(t.db, { id: draft.id, author: ana });
    expect(await check(kept.path)).toMatchObject({ ok: false, code: "revoked", reason: "draft" });
    // Draft → published: revoked as published (the route then leads to the public page).
    const second = await createPreviewLink(t.db, { articleId: draft.id, status: "draft", author: ana });
    const [{ version }] = await t.db
      .select({ version: articles.version })
      .from(articles)
      .where(eq(articles.id, draft.id));
    await saved({ status: "publish" }, draft.id, version);
    expect(await check(second.path)).toMatchObject({ ok: false, code: "revoked", reason: "published" });
    expect(await listPreviewLinks(t.db, draft.id)).toEqual([]);
    // The scheduled job's publish revokes too.
    const scheduled = await saved({ title: "Zakazan sa linkom", status: "publish", publishedDate: future });
    const third = await createPreviewLink(t.db, {
      articleId: scheduled.id,
      status: "scheduled",
      author: ana,
    });
    await publishDueArticles(t.db, new Date(future.getTime() + 60_000));
    expect(await check(third.path)).toMatchObject({ ok: false, code: "revoked", reason: "published" });
  });
});

describe("media words and uses", () => {
  it("stores alt text and caption and finds where a file is used", async () => {
    const url = "/media/images/1700000000001-kamion.png";
    await t.db.insert(mediaFiles).values({
      bucket: "images",
      name: "1700000000001-kamion.png",
      url,
      size: 1,
      mimeType: "image/png",
      type: "image",
    });
    expect(
      await updateMediaWords(t.db, {
        bucket: "images",
        name: "1700000000001-kamion.png",
        alt: " Kamion ",
        caption: "Foto: redakcija",
      }),
    ).toEqual({ before: { alt: "", caption: "" } });
    const { id } = await saved({
      title: "Sa slikom",
      content: `<figure><img src="${url}" alt="Kamion"></figure>`,
    });
    const usage = await mediaUsage(t.db, url);
    expect(usage.articles).toEqual([{ id, title: "Sa slikom" }]);
    expect((await mediaUsage(t.db, "/media/images/nije-korisceno.png")).articleCount).toBe(0);
  });
});

describeDb("audit log queries", () => {
  it("filters by user, area, action and day, pages in SQL and prunes by age", async () => {
    await recordAudit(t.db, {
      actor: { id: ana.id, email: "ana@x.rs" },
      area: "banners",
      action: "toggle",
      recordId: 7,
      ip: "10.0.0.1",
      changes: { active: [true, false] },
    });
    await recordAudit(t.db, {
      actor: { id: null, email: "nepoznat@x.rs" },
      area: "auth",
      action: "sign-in-failed",
      ip: "10.0.0.2",
    });
    const q = (s: string) => parseAuditQuery(new URLSearchParams(s));
    expect((await listAudit(t.db, q("oblast=banners"))).rows.map((r) => r.action)).toEqual(["toggle"]);
    expect((await listAudit(t.db, q("akcija=sign-in-failed"))).rows[0].userEmail).toBe("nepoznat@x.rs");
    expect((await listAudit(t.db, q(`korisnik=${ana.id}&oblast=banners`))).total).toBe(1);
    expect((await listAudit(t.db, q("od=2000-01-01&do=2000-01-02"))).total).toBe(0);
    await t.db
      .update(auditLog)
      .set({ at: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(auditLog.area, "banners"));
    expect(await pruneAudit(t.db, 365)).toBe(1);
    expect((await listAudit(t.db, q("oblast=banners"))).total).toBe(0);
  });
});
