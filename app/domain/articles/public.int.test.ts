import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { articles } from "../../db/schema";
import { setServices } from "../../services.server";
import {
  CATEGORY_COUNT_TTL_MS,
  countPublished,
  countPublishedInCategory,
  feedArticles,
  getPublishedArticle,
  homeArticles,
  listPublished,
  relatedArticles,
  sitemapArticles,
} from "./public.server";
import { ViewCounter, viewCounter } from "./view-counter.server";

let t: TestDatabase;
const ids: Record<string, number> = {};

function day(n: number): Date {
  return new Date(Date.UTC(2026, 0, 1 + n, 12));
}

beforeAll(async () => {
  t = await createTestDatabase();
  const rows = [
    // 15 published Vesti (3 featured, 2 popular), 5 published Oglasi, drafts in both categories
    ...Array.from({ length: 15 }, (_, i) => ({
      title: `Vest ${i + 1}`,
      category: "Vesti" as const,
      status: "publish" as const,
      featured: i >= 12,
      popular: i === 3 || i === 4,
      publishedDate: day(i),
    })),
    ...Array.from({ length: 5 }, (_, i) => ({
      title: `Oglas ${i + 1}`,
      category: "Oglasi" as const,
      status: "publish" as const,
      publishedDate: day(i),
    })),
    // Drafts are the NEWEST, featured and popular: they would win every list if not filtered out.
    {
      title: "Nacrt vesti",
      category: "Vesti" as const,
      status: "draft" as const,
      featured: true,
      popular: true,
      publishedDate: day(100),
    },
    { title: "Nacrt oglasa", category: "Oglasi" as const, status: "draft" as const, publishedDate: day(100) },
  ];
  const inserted = await t.db
    .insert(articles)
    .values(rows)
    .returning({ id: articles.id, title: articles.title });
  for (const row of inserted) ids[row.title] = row.id;
}, 60_000);

afterAll(async () => {
  setServices(undefined);
  await t?.close();
});

const titles = (list: { title: string }[]) => list.map((a) => a.title);

describeDb("public article queries", () => {
  it("pages a category newest first and counts only published articles", async () => {
    const first = await listPublished(t.db, { category: "Vesti", page: 1, pageSize: 12 });
    expect(first.total).toBe(15);
    expect(first.items).toHaveLength(12);
    expect(first.items[0].title).toBe("Vest 15");
    const second = await listPublished(t.db, { category: "Vesti", page: 2, pageSize: 12 });
    expect(titles(second.items)).toEqual(["Vest 3", "Vest 2", "Vest 1"]);
    const oglasi = await listPublished(t.db, { category: "Oglasi", page: 1 });
    expect(oglasi.total).toBe(5);
    expect(titles(oglasi.items)).not.toContain("Nacrt oglasa");
  });

  it("pages deep with ties on the date exactly as one ordered list would", async () => {
    const same = new Date(Date.UTC(2025, 5, 1, 12));
    const inserted = await t.db
      .insert(articles)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          title: `Isti dan ${i}`,
          category: "Oglasi" as const,
          status: "publish" as const,
          publishedDate: same,
        })),
      )
      .returning({ id: articles.id });
    const all = await listPublished(t.db, { category: "Oglasi", page: 1, pageSize: 100 });
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.items.length / 3); page++) {
      paged.push(...titles((await listPublished(t.db, { category: "Oglasi", page, pageSize: 3 })).items));
    }
    expect(paged).toEqual(titles(all.items));
    expect(new Set(paged).size).toBe(paged.length);
    expect((await listPublished(t.db, { category: "Oglasi", page: 99, pageSize: 3 })).items).toEqual([]);
    await t.db.delete(articles).where(
      inArray(
        articles.id,
        inserted.map((r) => r.id),
      ),
    );
  });

  it("reuses a category's count for a few seconds, then counts again", async () => {
    const now = Date.now() + 60_000;
    expect(await countPublishedInCategory(t.db, "Oglasi", now)).toBe(5);
    const [extra] = await t.db
      .insert(articles)
      .values({ title: "Oglas 6", category: "Oglasi", status: "publish", publishedDate: day(-10) })
      .returning({ id: articles.id });
    expect(await countPublishedInCategory(t.db, "Oglasi", now + 1_000)).toBe(5);
    expect(await countPublishedInCategory(t.db, "Oglasi", now + CATEGORY_COUNT_TTL_MS + 1)).toBe(6);
    await t.db.delete(articles).where(eq(articles.id, extra.id));
    expect(await countPublishedInCategory(t.db, "Oglasi", now + 3 * CATEGORY_COUNT_TTL_MS)).toBe(5);
  });

  it("never shows a draft on the home page", async () => {
    const home = await homeArticles(t.db);
    expect(titles(home.hero)).toEqual(["Vest 15", "Vest 14", "Vest 13"]);
    expect(titles(home.vesti)).toEqual(["Vest 12", "Vest 11", "Vest 10", "Vest 9", "Vest 8", "Vest 7"]);
    expect(titles(home.oglasi)[0]).toBe("Oglas 5");
    expect(titles(home.popular)).toEqual(["Vest 5", "Vest 4"]);
    const all = [...home.hero, ...home.vesti, ...home.oglasi, ...home.popular];
    expect(titles(all).some((x) => x.startsWith("Nacrt"))).toBe(false);
  });

  it("finds a published article and treats a draft as missing", async () => {
    expect((await getPublishedArticle(t.db, ids["Vest 1"]))?.title).toBe("Vest 1");
    expect(await getPublishedArticle(t.db, ids["Nacrt vesti"])).toBeNull();
    expect(await getPublishedArticle(t.db, 999_999)).toBeNull();
    const related = await relatedArticles(t.db, { id: ids["Vest 15"], category: "Vesti" });
    expect(titles(related)).toEqual(["Vest 14", "Vest 13", "Vest 12"]);
  });

  it("writes the tallied views in one update, never on a draft, and counts a reader once", async () => {
    const viewsOf = async (id: number) =>
      (await t.db.select({ v: articles.views }).from(articles).where(eq(articles.id, id)))[0].v;
    const counter = new ViewCounter();
    const now = Date.now();
    expect(counter.add(ids["Vest 2"], "10.0.0.1|Chrome", now)).toBe(true);
    expect(counter.add(ids["Vest 2"], "10.0.0.1|Chrome", now + 1000)).toBe(false);
    expect(counter.add(ids["Vest 2"], "10.0.0.2|Chrome", now)).toBe(true);
    expect(counter.add(ids["Vest 2"], "10.0.0.1|Chrome", now + 11 * 60_000)).toBe(true);
    counter.add(ids["Nacrt vesti"], "10.0.0.1|Chrome", now);
    expect(await counter.flush(t.db)).toBe(4);
    expect(await viewsOf(ids["Vest 2"])).toBe(3);
    expect(await viewsOf(ids["Nacrt vesti"])).toBe(0);
    expect(counter.pendingCount).toBe(0);
    expect(await counter.flush(t.db)).toBe(0);
  });

  it("feeds and sitemaps list published articles only", async () => {
    expect(await countPublished(t.db)).toBe(20);
    const feed = await feedArticles(t.db);
    expect(feed).toHaveLength(20);
    expect(titles(feed).some((x) => x.startsWith("Nacrt"))).toBe(false);
    const chunk1 = await sitemapArticles(t.db, { offset: 0, limit: 15 });
    const chunk2 = await sitemapArticles(t.db, { offset: 15, limit: 15 });
    expect(chunk1).toHaveLength(15);
    expect(chunk2).toHaveLength(5);
    const seen = new Set([...chunk1, ...chunk2].map((a) => a.id));
    expect(seen.size).toBe(20);
  });
});

describeDb("article page loader", () => {
  beforeAll(() => {
    setServices({ handle: t.handle });
  });

  const BROWSER = {
    "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36",
  };

  async function load(param: string, headers: Record<string, string> = BROWSER, method = "GET") {
    const { loader } = await import("../../routes/public/article");
    const request = new Request(`http://site.test/article/${param}`, { method, headers });
    try {
      return await loader({ request, params: { param }, context: {} } as never);
    } catch (thrown) {
      return thrown;
    }
  }

  it("redirects other forms of the URL to the canonical one with a 301", async () => {
    const id = ids["Vest 7"];
    for (const param of [String(id), `stari-naslov-${id}`]) {
      const res = (await load(param)) as Response;
      expect(res).toBeInstanceOf(Response);
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(`/article/vest-7-${id}`);
    }
  });

  it("renders the canonical URL and keeps the page cacheable", async () => {
    const id = ids["Vest 8"];
    const result = (await load(`vest-8-${id}`)) as { article: { title: string }; canonicalUrl: string };
    expect(result.article.title).toBe("Vest 8");
    expect(result.canonicalUrl).toMatch(new RegExp(`/article/vest-8-${id}$`));
    const { headers } = await import("../../routes/public/article");
    expect(headers()["Cache-Control"]).toMatch(/^public/);
  });

  it("counts a view from the page's beacon, but not a crawler's", async () => {
    const { action } = await import("../../routes/public/view-beacon");
    const id = ids["Vest 9"];
    const before = (await getPublishedArticle(t.db, id))?.views ?? 0;
    const beacon = (headers: Record<string, string>, ip: string) =>
      action({
        request: new Request("http://site.test/api/views", {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ id: String(id) }),
        }),
        params: {},
        context: { clientIp: ip },
      } as never);
    expect((await beacon(BROWSER, "10.1.1.1")).status).toBe(204);
    await beacon(BROWSER, "10.1.1.1"); // the same reader again: once
    await beacon({ "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }, "10.1.1.2");
    await viewCounter().flush(t.db);
    expect((await getPublishedArticle(t.db, id))?.views).toBe(before + 1);
  });

  it("keeps the query string on the 301 to the canonical URL", async () => {
    const id = ids["Vest 7"];
    const { loader } = await import("../../routes/public/article");
    const request = new Request(`http://site.test/article/${id}?utm_source=fb&x=1`, { headers: BROWSER });
    const res = (await loader({ request, params: { param: String(id) }, context: {} } as never).catch(
      (thrown: unknown) => thrown,
    )) as Response;
    expect(res.status).toBe(301);
    expect(res.headers.get("Location")).toBe(`/article/vest-7-${id}?utm_source=fb&x=1`);
  });

  it("answers 404 for a draft and for nonsense", async () => {
    for (const param of [
      String(ids["Nacrt vesti"]),
      `nacrt-vesti-${ids["Nacrt vesti"]}`,
      "nema-broja",
      "0",
    ]) {
      const thrown = (await load(param)) as { init?: { status?: number } };
      expect(thrown?.init?.status).toBe(404);
    }
  });
});
