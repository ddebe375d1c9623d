import fs from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeDb, type TestDatabase } from "../../tests/support/db";
import type { Database } from "./client.server";
import { MIGRATIONS_FOLDER, runMigrations } from "./migrate.server";
import { articles } from "./schema";

/** Every table the spec names. */
const SPEC_TABLES = [
  "articles",
  "companies",
  "company_submissions",
  "admin_users",
  "user_sessions",
  "site_settings",
  "banners",
  "banner_periods",
  "banner_analytics",
  "newsletter_subscribers",
  "email_stats",
  "stripe_orders",
  "forum_topics",
  "forum_comments",
  "media_files",
];

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  // node-postgres returns a QueryResult, PGlite a Results object: both carry `rows`.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Everything the migrations create in `public`, plus the migrator's own bookkeeping. */
async function schemaSnapshot(db: Database): Promise<string[]> {
  const items = await rows<{ item: string }>(
    db,
    sql`
      select 'table ' || table_name as item from information_schema.tables where table_schema = 'public'
      union all
      select 'index ' || indexname from pg_indexes where schemaname = 'public'
      union all
      select 'function ' || proname from pg_proc where pronamespace = 'public'::regnamespace
      union all
      select 'extension ' || extname from pg_extension
      union all
      select 'migrations ' || count(*) from drizzle.__drizzle_migrations
      order by 1`,
  );
  return items.map((row) => row.item);
}

describeDb("migrations", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase({ migrated: false });
    await runMigrations(t.handle);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("apply every migration of the journal", async () => {
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"),
    ) as {
      entries: unknown[];
    };
    const [applied] = await rows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(applied.count).toBe(journal.entries.length);
  });

  it("create every table of the spec", async () => {
    const tables = await rows<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(expect.arrayContaining(SPEC_TABLES));
  });

  it("load pg_trgm and unaccent", async () => {
    const extensions = await rows<{ extname: string }>(t.db, sql`select extname from pg_extension`);
    expect(extensions.map((row) => row.extname)).toEqual(expect.arrayContaining(["pg_trgm", "unaccent"]));
  });

  it("are a no-op when run a second time", async () => {
    const before = await schemaSnapshot(t.db);
    await runMigrations(t.handle);
    expect(await schemaSnapshot(t.db)).toEqual(before);
  });
});

describeDb("diacritic-insensitive article search", () => {
  let t: TestDatabase;
  const matches = (term: string) =>
    sql`search_norm(${articles.title}) like '%' || search_norm(${term}) || '%'`;

  beforeAll(async () => {
    t = await createTestDatabase();
    await t.db.insert(articles).values([
      { title: "Šofer Đorđe", category: "Vesti" },
      { title: "Nove cene goriva", category: "Vesti" },
      { title: "Prodajem kamion", category: "Oglasi" },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts from an empty, migrated copy of the template", async () => {
    const [{ count }] = await rows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from admin_users`,
    );
    expect(count).toBe(0);
  });

  it("finds 'Šofer Đorđe' when searching for 'sofer dorde' (and 'ŠOFER')", async () => {
    const plain = await t.db.select({ title: articles.title }).from(articles).where(matches("sofer dorde"));
    expect(plain.map((row) => row.title)).toEqual(["Šofer Đorđe"]);
    const accentedUpper = await t.db.select({ title: articles.title }).from(articles).where(matches("ŠOFER"));
    expect(accentedUpper.map((row) => row.title)).toEqual(["Šofer Đorđe"]);
  });

  it("can answer that search from the trigram index articles_title_trgm_idx", async () => {
    const plan = await t.db.transaction(async (tx) => {
      // Three rows are too few for the planner to prefer the index by itself: forbid the full
      // scan for this transaction only, which proves the index is usable for the expression.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<Record<string, string>>(
        tx as unknown as Database,
        sql`explain select id from articles where ${matches("sofer dorde")}`,
      );
    });
    const text = plan.map((row) => Object.values(row).join(" ")).join("\n");
    expect(text).toContain("articles_title_trgm_idx");
  });
});

describeDb("0023: meta texts stored as copies of the title and excerpt become empty", () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("empties the copies (so the page follows later edits) and keeps meta texts an editor wrote", async () => {
    const stored = await t.db
      .insert(articles)
      .values([
        // What the form stored before decision 290 when the SEO fields were left empty.
        {
          title: "Naslov A",
          excerpt: "Opis A",
          metaTitle: "Naslov A",
          metaDescription: "Opis A",
          category: "Vesti",
        },
        {
          title: "Naslov B",
          excerpt: "Opis B",
          metaTitle: " Naslov B ",
          metaDescription: "",
          category: "Vesti",
        },
        // Written by an editor: kept.
        {
          title: "Naslov C",
          excerpt: "Opis C",
          metaTitle: "SEO C",
          metaDescription: "SEO opis C",
          category: "Vesti",
        },
      ])
      .returning({ id: articles.id });
    // The migration's hand-written part, run again on these rows (it already ran on the empty table).
    const file = fs.readdirSync(MIGRATIONS_FOLDER).find((name) => name.startsWith("0023_")) as string;
    const statements = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, file), "utf8")
      .split("--> statement-breakpoint")
      .filter((s) => /^\s*(--[^\n]*\n\s*)*UPDATE "articles"/.test(s));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.db.execute(sql.raw(statement));
    const after = await t.db
      .select({ id: articles.id, metaTitle: articles.metaTitle, metaDescription: articles.metaDescription })
      .from(articles)
      .orderBy(articles.id);
    expect(after).toEqual([
      { id: stored[0].id, metaTitle: null, metaDescription: null },
      { id: stored[1].id, metaTitle: null, metaDescription: null },
      { id: stored[2].id, metaTitle: "SEO C", metaDescription: "SEO opis C" },
    ]);
  });
});
