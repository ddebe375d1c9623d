import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { cachedCategoryTotal, cachedHomeArticles, cachedNewest } from "~/routes/public/shared-reads.server";
import { articles, siteSettings } from "../app/db/schema";
import { getCachedSettings } from "../app/domain/settings/cache.server";
import { contentChanged } from "../app/lib/content-change.server";
import { createTestDatabase, describeDb, TEST_DRIVER, type TestDatabase } from "../tests/support/db";
import { until } from "../tests/support/until";
import { startContentSync } from "./content-sync";
import { PageCache } from "./http/page-cache";

const ROOT = path.resolve(import.meta.dirname, "..");
let t: TestDatabase;
let stopSync: () => Promise<void>;
const pageCache = new PageCache();

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(articles).values(
    Array.from({ length: 3 }, (_, i) => ({
      title: `Stara vest ${i + 1}`,
      category: "Vesti" as const,
      status: "publish" as const,
      featured: i === 0,
      publishedDate: new Date(Date.UTC(2026, 0, 1 + i)),
    })),
  );
  stopSync = await startContentSync(t.handle, { pageCache });
}, 60_000);

afterAll(async () => {
  await stopSync?.();
  await t?.close();
});

/** What this process shows now: from its caches, as the public pages read them. */
async function shown() {
  return {
    newest: (await cachedNewest(t.db, "Vesti")).map((a) => a.title),
    total: await cachedCategoryTotal(t.db, "Vesti"),
    home: (await cachedHomeArticles(t.db)).vesti.map((a) => a.title),
    siteName: (await getCachedSettings(t.db)).siteName,
    pages: pageCache.size,
  };
}

const storedPage = () => ({
  status: 200,
  headers: [] as [string, string][],
  body: Buffer.from("<p>vesti</p>"),
  etag: '"v"',
  csp: null,
  encoded: {},
  storedAt: Date.now(),
  route: "/vesti",
  compressible: false,
  varyCookie: false,
  setsCyrillicCookie: false,
  wire: {},
  recorders: [],
});

describeDb("a write in one process is seen by another: shared reads, settings and pages", () => {
  it("keeps what it read until a write's signal arrives, then reads again", async () => {
    const before = await shown();
    expect(before.newest).toEqual(["Stara vest 3", "Stara vest 2", "Stara vest 1"]);
    expect(before.total).toBe(3);
    // A row written without the signal (a manual SQL edit) is not seen: the reads are kept.
    const [quiet] = await t.db
      .insert(articles)
      .values({
        title: "Tiha vest",
        category: "Vesti",
        status: "publish",
        publishedDate: new Date(Date.UTC(2026, 0, 9)),
      })
      .returning({ id: articles.id });
    expect((await shown()).newest).toEqual(before.newest);
    expect((await shown()).total).toBe(3);
    await t.db.delete(articles).where(eq(articles.id, quiet.id));
    pageCache.set("/vesti", storedPage(), pageCache.currentGeneration());

    // The write: on PostgreSQL by another process (its NOTIFY reaches this one's LISTEN); PGlite
    // serves one process, so there the write and its signal come from this process.
    const title = `Vest iz drugog procesa ${Date.now()}`;
    if (TEST_DRIVER === "postgres") {
      const url = (t.handle.pool?.options as { connectionString?: string } | undefined)?.connectionString;
      if (!url) throw new Error("no connection string on the test pool");
      await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "tests/support/content-writer.ts", url, title, "Balkan Vozači iz drugog procesa"],
        { cwd: ROOT },
      );
    } else {
      await t.db
        .insert(articles)
        .values({ title, category: "Vesti", status: "publish", publishedDate: new Date() });
      contentChanged("articles");
      await t.db
        .update(siteSettings)
        .set({ siteName: "Balkan Vozači iz drugog procesa" })
        .where(eq(siteSettings.id, 1));
      contentChanged("settings");
    }
    const after = await until(
      shown,
      (s) => s.newest[0] === title && s.siteName.endsWith("iz drugog procesa"),
    );
    expect(after.total).toBe(4);
    expect(after.home[0]).toBe(title);
    expect(after.pages).toBe(0);
  });
});
