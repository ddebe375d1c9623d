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
import { type DatabaseHandle, openDatabase } from "../app/db/client.server";
import { seedDemo } from "../app/demo/seed.server";
import type { SearchFilters, SearchKind } from "../app/domain/search/kinds";
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
  // US places in every spelling and a state's code (decision 260): each term is several patterns.
  "Kansas",
  "Канзас",
  "OH",
  "Salt Lake City",
];

/** One kind's tab narrowed by its filters (decision 260): state, category, period. */
const FILTERED: { q: string; kind: SearchKind; filters: SearchFilters }[] = [
  { q: "vozac", kind: "poslovi", filters: { state: "Illinois", category: null, period: null } },
  { q: "polovno", kind: "kupoprodaja", filters: { state: "Texas", category: "trailer", period: null } },
  { q: "osiguranje", kind: "clanci", filters: { state: null, category: null, period: "godina" } },
  { q: "kamion", kind: "clanci", filters: { state: null, category: null, period: "mesec" } },
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

/**
 * CPU time of the PostgreSQL backend serving the benchmark's one connection, in ms (from
 * /proc/{pid}/stat: utime + stime, in clock ticks of 10 ms), or null on PGlite (whose work is
 * this process's own CPU time).
 */
type BackendClock = (() => number) | null;

async function backendClock(handle: DatabaseHandle): Promise<BackendClock> {
  if (handle.driver !== "postgres") return null;
  const [{ pid }] = rows<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`));
  return () => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
}

type Measured = { wall: number[]; cpu: number[] };

/**
 * Wall time and CPU time of each run. On a shared machine the wall time includes waiting for a
 * core; the CPU time (this process, plus the PostgreSQL backend's spread evenly over the runs) is
 * the work itself: what a request takes on a machine of its own.
 */
async function measure(fn: () => Promise<unknown>, backend: BackendClock): Promise<Measured> {
  await fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  const backendStart = backend?.() ?? 0;
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const backendMs = backend ? (backend() - backendStart) / RUNS : 0;
  return { wall, cpu: cpu.map((ms) => ms + backendMs) };
}

const cell = (m: Measured) =>
  `${stats(m.cpu).median.toFixed(1)} · ${stats(m.wall).median.toFixed(1)} / ${stats(m.wall).p95.toFixed(1)}`;

async function main() {
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
  const { handle: seeding, url, close } = await openBenchDatabase(opts.driver as string);
  // Measured on one connection: its backend's CPU time is the database's share of every request.
  const handle = url ? await openDatabase({ driver: "postgres", url, max: 1 }) : seeding;
  try {
    const started = performance.now();
    await seedDemo(seeding.db, { storage: createLocalStorage(storageDir) });
    if (TARGET > 0) await grow(seeding, TARGET);
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

    const backend = await backendClock(handle);
    console.log(
      "| query | found: articles / companies / jobs / buy-sell / forum | Sve: CPU · wall median / p95 ms | Vesti i oglasi tab: CPU · wall median / p95 ms |",
    );
    console.log("|---|---|---:|---:|");
    const all: Measured = { wall: [], cpu: [] };
    for (const q of QUERIES) {
      const { terms } = parseSearchQuery(q);
      const overview = await searchOverview(handle.db, terms);
      const found = Object.values(overview.counts)
        .map((c) => `${c.total.toLocaleString("en")}${c.capped ? "+" : ""}`)
        .join(" / ");
      const a = await measure(() => searchOverview(handle.db, terms), backend);
      const b = await measure(() => searchKind(handle.db, "clanci", terms, { page: 1 }), backend);
      all.wall.push(...a.wall, ...b.wall);
      all.cpu.push(...a.cpu, ...b.cpu);
      console.log(`| \`${q}\` | ${found} | ${cell(a)} | ${cell(b)} |`);
      if (opts.explain) {
        const plan = rows<Record<string, string>>(
          await handle.db.execute(
            sql`explain (analyze, buffers) select count(*) from (select 1 from articles where status = 'publish' and search_text like '%' || search_norm(${terms[0]?.text ?? ""}) || '%' limit 1001) m`,
          ),
        );
        console.log(plan.map((r) => `    ${Object.values(r).join(" ")}`).join("\n"));
      }
    }
    console.log("\n| filtered tab | found | CPU · wall median / p95 ms |\n|---|---|---:|");
    for (const { q, kind, filters } of FILTERED) {
      const { terms } = parseSearchQuery(q);
      const page = await searchKind(handle.db, kind, terms, { page: 1, filters });
      const m = await measure(() => searchKind(handle.db, kind, terms, { page: 1, filters }), backend);
      all.wall.push(...m.wall);
      all.cpu.push(...m.cpu);
      const set = Object.entries(filters)
        .filter(([, v]) => v)
        .map(([k, v]) => `${k}=${v}`)
        .join(", ");
      console.log(
        `| \`${q}\` ${kind} (${set}) | ${page.count.total}${page.count.capped ? "+" : ""} | ${cell(m)} |`,
      );
    }
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    console.log(
      `\nAll ${all.wall.length} requests: CPU median ${stats(all.cpu).median.toFixed(1)} ms, p95 ${stats(all.cpu).p95.toFixed(1)} ms; wall median ${stats(all.wall).median.toFixed(1)} ms, p95 ${stats(all.wall).p95.toFixed(1)} ms; load average ${load} on ${os.cpus().length} CPUs`,
    );
  } finally {
    if (handle !== seeding) await handle.close();
    await close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  }
}

await main();
