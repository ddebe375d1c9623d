import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { articles } from "~/db/schema";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import {
  ARTICLE_PAGE_SIZE,
  articleSearchCondition,
  createArticle,
  deleteArticle,
  EXACT_COUNT_CAP,
  getAdminArticle,
  listAdminArticles,
  parseArticleListQuery,
  roundForDisplay,
  setArticlePopular,
  updateArticle,
} from "./admin.server";
import type { ArticleInput } from "./validation";

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const query = (search: string) => parseArticleListQuery(new URLSearchParams(search));

const INPUT: ArticleInput = {
  title: "Novi članak",
  excerpt: "Opis",
  content: '<p onclick="x()">Tekst <a href="javascript:alert(1)">link</a></p><script>alert(1)</script>',
  author: "Ana Anić",
  publishedDate: new Date("2026-01-01T12:00:00Z"),
  category: "Oglasi",
  featuredImage: "/demo/truck-2.svg",
  metaTitle: "Novi članak",
  metaDescription: "Opis",
  slug: "novi-clanak",
  tags: ["a"],
  status: "draft",
  featured: false,
};

describeDb("admin article list and writes", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(articles).values([
      {
        title: "Šofer iz Čačka: 20 godina za volanom",
        content: '<p>Priča o vozaču.</p><img src="/demo/truck-1.svg">',
        author: "Marko Petrović",
        category: "Vesti",
        status: "publish",
        popular: true,
        publishedDate: new Date("2026-03-01T10:00:00Z"),
      },
      {
        title: "Prodajem kamion",
        content: "<p>Kenvort T680, odlično stanje. Zvati vozača Đorđa.</p>",
        author: "Jelena Jović",
        category: "Oglasi",
        status: "draft",
        publishedDate: new Date("2026-02-01T10:00:00Z"),
      },
      {
        title: "Nove cene goriva",
        content: "<p>Dizel poskupeo 100% u jednoj nedelji_test.</p>",
        author: "Stevan Šarić",
        category: "Vesti",
        status: "publish",
        publishedDate: new Date("2026-01-01T10:00:00Z"),
      },
    ]);
    // Enough rows for the planner to have a choice.
    await t.db.execute(sql`
      insert into articles (title, content, author, category, status, published_date)
      select 'Automatski naslov ' || g, '<p>Tekst broj ' || md5(g::text) || '</p>', 'Autor ' || (g % 40),
             case when g % 2 = 0 then 'Vesti' else 'Oglasi' end,
             case when g % 3 = 0 then 'draft' else 'publish' end,
             timestamptz '2020-01-01' + g * interval '1 hour'
      from generate_series(1, 3000) g`);
    // As after any bulk load: flush the GIN pending lists and give the planner statistics.
    await t.db.execute(sql`vacuum analyze articles`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pages 20 at a time, newest publication date first, with an exact count", async () => {
    const first = await listAdminArticles(t.db, query(""));
    expect(first.total).toBe(3003);
    expect(first.rows).toHaveLength(ARTICLE_PAGE_SIZE);
    expect(first.totalPages).toBe(151);
    expect(first.rows[0].title).toBe("Šofer iz Čačka: 20 godina za volanom");
    const last = await listAdminArticles(t.db, query("page=151"));
    expect(last.rows).toHaveLength(3);
    const past = await listAdminArticles(t.db, query("page=999"));
    expect(past.page).toBe(151);
  });

  it("counts a search exactly up to the cap and estimates a common word, saying so", async () => {
    const rare = await listAdminArticles(t.db, query("q=volanom"));
    expect(rare).toMatchObject({ total: 1, totalIsEstimate: false });
    const common = await listAdminArticles(t.db, query("q=automatski"));
    expect(common.totalIsEstimate).toBe(true);
    expect(common.total).toBeGreaterThan(EXACT_COUNT_CAP);
    expect(common.total).toBeLessThanOrEqual(3003); // never more than the table holds
    expect(common.rows).toHaveLength(ARTICLE_PAGE_SIZE);
    // A page past the real end (an overshooting estimate) shows the real last page, counted exactly.
    const far = await listAdminArticles(t.db, query(`q=automatski&page=${common.totalPages}`));
    expect(far.rows.length).toBeGreaterThan(0);
    expect(far.page).toBeLessThanOrEqual(common.totalPages);
    expect(roundForDisplay(12_345)).toBe(12_000);
    expect(roundForDisplay(1_049)).toBe(1_000);
    expect(roundForDisplay(87)).toBe(87);
  });

  it("finds words without their diacritics, in any case, in title, content and author", async () => {
    const titles = async (search: string) =>
      (await listAdminArticles(t.db, query(search))).rows.map((r) => r.title);
    expect(await titles("q=sofer")).toEqual(["Šofer iz Čačka: 20 godina za volanom"]);
    expect(await titles("q=CACKA")).toEqual(["Šofer iz Čačka: 20 godina za volanom"]);
    expect(await titles("q=vozac")).toEqual(["Šofer iz Čačka: 20 godina za volanom", "Prodajem kamion"]);
    expect(await titles("q=dorda")).toEqual(["Prodajem kamion"]);
    expect(await titles("q=saric")).toEqual(["Nove cene goriva"]);
  });

  it("does not match HTML tag or attribute names, and takes % and _ literally", async () => {
    expect((await listAdminArticles(t.db, query("q=img"))).total).toBe(0);
    expect((await listAdminArticles(t.db, query("q=src"))).total).toBe(0);
    expect((await listAdminArticles(t.db, query("q=100%25"))).total).toBe(1);
    expect((await listAdminArticles(t.db, query("q=%25"))).total).toBe(1);
    expect((await listAdminArticles(t.db, query("q=_test"))).total).toBe(1);
  });

  it("filters by status (both spellings), category and popular", async () => {
    const published = await listAdminArticles(t.db, query("status=published"));
    expect((await listAdminArticles(t.db, query("status=publish"))).total).toBe(published.total);
    expect(published.rows.every((r) => r.status === "publish")).toBe(true);
    const drafts = await listAdminArticles(t.db, query("status=draft&category=Oglasi&q=kamion"));
    expect(drafts.rows.map((r) => r.title)).toEqual(["Prodajem kamion"]);
    expect((await listAdminArticles(t.db, query("popular=yes"))).rows.map((r) => r.title)).toEqual([
      "Šofer iz Čačka: 20 godina za volanom",
    ]);
    expect((await listAdminArticles(t.db, query("popular=no"))).total).toBe(3002);
    expect(published.total + (await listAdminArticles(t.db, query("status=draft"))).total).toBe(3003);
  });

  it("answers the search from the trigram index on search_text", async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<Record<string, string>>(
        tx as unknown as Database,
        sql`explain select id from articles where ${articleSearchCondition("vozac")} order by published_date desc limit 20`,
      );
    });
    const text = plan.map((row) => Object.values(row).join(" ")).join("\n");
    expect(text).toContain("articles_search_text_trgm_idx");
  });

  it("chooses the trigram indexes by itself once the table is analysed", async () => {
    const plan = await rows<Record<string, string>>(
      t.db,
      sql`explain select count(*) from articles where ${articleSearchCondition("petrovic")}`,
    );
    const text = plan.map((row) => Object.values(row).join(" ")).join("\n");
    expect(text).toContain("Bitmap Index Scan on articles_search_text_trgm_idx");
    expect(text).not.toContain("Seq Scan");
  });

  it("creates and updates with the HTML sanitised, keeps popular, toggles popular, deletes", async () => {
    const id = await createArticle(t.db, INPUT);
    const created = await getAdminArticle(t.db, id);
    expect(created?.content).toBe("<p>Tekst <a>link</a></p>");
    await setArticlePopular(t.db, id, true);
    expect(
      await updateArticle(t.db, id, {
        ...INPUT,
        title: "Izmenjen",
        content: "<h2>Novo</h2>",
        status: "publish",
      }),
    ).toBe(true);
    const updated = await getAdminArticle(t.db, id);
    expect(updated).toMatchObject({
      title: "Izmenjen",
      content: "<h2>Novo</h2>",
      status: "publish",
      popular: true,
    });
    const [{ search_text }] = await rows<{ search_text: string }>(
      t.db,
      sql`select search_text from articles where id = ${id}`,
    );
    expect(search_text.replace(/\s+/g, " ")).toBe("izmenjen novo ana anic");
    expect(await deleteArticle(t.db, id)).toBe(true);
    expect(await deleteArticle(t.db, id)).toBe(false);
    expect(await updateArticle(t.db, id, INPUT)).toBe(false);
    expect(await getAdminArticle(t.db, id)).toBeNull();
  });
});
