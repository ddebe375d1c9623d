/**
 * The public search (/pretraga) at the demo's size and at 100,000 articles, on the embedded database
 * (PGlite) and on PostgreSQL: the database work of one search request, measured by calling the
 * real `searchOverview` (the "Sve" tab: counts of every kind + the best 3 of each) and `searchKind`
 * (one kind's tab: counts + a page of 20) for a mix of queries.
 *
 *   npx tsx bench/public-search.ts                              # PGlite, the demo data (5,200 articles)
 *   npx tsx bench/public-search.ts --articles 100000            # PGlite, the demo grown to 100,000 articles
 *   npx tsx bench/public-search.ts --driver postgres            # a throwaway PostgreSQL cluster
 *   npx tsx bench/public-search.ts --runs 50 --explain          # more runs; EXPLAIN ANALYZE the article queries
 *   DATABASE_URL=postgres://… npx tsx bench/public-search.ts --driver postgres   # an existing, EMPTY database
 *
 * The demo is seeded by the real seeder (companies, jobs, buy/sell, forum with comments, 5,200
 * articles in both scripts); `--articles N` adds copies of the demo's articles, each copy shifted
 * a few years back, until there are N. Results: bench/README.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../app/db/client.server";
import { seedDemo } from "../app/db/seed/seed.server";
import { parseSearchQuery } from "../app/domain/search/normalize";
import { searchKind, searchOverview } from "../app/domain/search/search.server";
import { createLocalStorage } from "../app/integrations/storage/local.server";
import { openBenchDatabase } from "./support/database";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    articles: { type: "string", default: "0" },
    runs: { type: "string", default: "30" },
    explain: { type: "boolean", default: false },
  },
});
const RUNS = Number(opts.runs);
const TARGET = Number(opts.articles);

/** What visitors type: names, words in both scripts and spellings, phrases, nothing found. */
const QUERIES = [
  "dordevic",
  "djordjevic",
  "ђорђевић",
  "vozac",
  "возач",
  "kamion",
  "parking chicago",
  '"polovni kamioni"',
  "freightliner cascadia",
  "cdl-a",
  "dispečer plata",
  "I-80",
  "hladnjača",
  "osiguranje",
  "zzxqjw",
];

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Copies of the demo's articles, each generation a few years older, until there are `target`. */
async function grow(handle: DatabaseHandle, target: number) {
  const [{ n }] = rows<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from articles`));
  const base = n;
  for (let copy = 1, have = n; have < target; copy++) {
    const take = Math.min(base, target - have);
    await handle.db.execute(sql`
      insert into articles (title, excerpt, content, author, featured_image, category, featured, popular,
        meta_title, meta_description, slug, status, tags, published_date, views, created_at, updated_at)
      select title, excerpt, content, author, featured_image, category, false, popular,
        meta_title, meta_description, slug, status, tags, published_date - ${`${copy * 3} years`}::interval,
        views, created_at, updated_at
      from articles where id <= ${take} order by id`);
    have += take;
    process.stdout.write(`\r  ${have.toLocaleString("en")} articles`);
  }
  process.stdout.write("\n");
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { median: at(0.5), p95: at(0.95) };
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

async function main() {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
  const { handle, close } = await openBenchDatabase(opts.driver as string, { max: 10 });
  try {
    const started = performance.now();
    await seedDemo(handle.db, { storage: createLocalStorage(storageDir) });
    if (TARGET > 0) await grow(handle, TARGET);
    await handle.db.execute(sql.raw("vacuum analyze"));
    const [counts] = rows<Record<string, number>>(
      await handle.db.execute(sql`select
        (select count(*)::int from articles) as articles,
        (select count(*)::int from articles where status = 'publish') as published,
        (select count(*)::int from companies) as companies,
        (select count(*)::int from listings) as listings,
        (select count(*)::int from forum_topics) as topics,
        (select count(*)::int from forum_comments) as comments`),
    );
    console.log(
      `${opts.driver}: ${Object.entries(counts)
        .map(([k, v]) => `${v.toLocaleString("en")} ${k}`)
        .join(
          ", ",
        )}; ready in ${((performance.now() - started) / 1000).toFixed(0)} s; ${RUNS} runs per scenario\n`,
    );

    console.log(
      "| query | found (articles / companies / jobs / buy-sell / forum) | Sve: median / p95 ms | Vesti i oglasi tab: median / p95 ms |",
    );
    console.log("|---|---|---:|---:|");
    const all: number[] = [];
    for (const q of QUERIES) {
      const { terms } = parseSearchQuery(q);
      const overview = await searchOverview(handle.db, terms);
      const found = Object.values(overview.counts)
        .map((c) => `${c.total.toLocaleString("en")}${c.capped ? "+" : ""}`)
        .join(" / ");
      const a = await time(() => searchOverview(handle.db, terms));
      const b = await time(() => searchKind(handle.db, "clanci", terms, { page: 1 }));
      all.push(...a, ...b);
      const sa = stats(a);
      const sb = stats(b);
      console.log(
        `| \`${q}\` | ${found} | ${sa.median.toFixed(1)} / ${sa.p95.toFixed(1)} | ${sb.median.toFixed(1)} / ${sb.p95.toFixed(1)} |`,
      );
      if (opts.explain) {
        const plan = rows<Record<string, string>>(
          await handle.db.execute(
            sql`explain (analyze, buffers) select count(*) from (select 1 from articles where status = 'publish' and search_text like '%' || search_norm(${terms[0]?.text ?? ""}) || '%' limit 1001) m`,
          ),
        );
        console.log(plan.map((r) => `    ${Object.values(r).join(" ")}`).join("\n"));
      }
    }
    const overall = stats(all);
    console.log(
      `\nAll ${all.length} requests: median ${overall.median.toFixed(1)} ms, p95 ${overall.p95.toFixed(1)} ms`,
    );
  } finally {
    await close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
