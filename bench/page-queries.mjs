#!/usr/bin/env node
// SQL statements per rendered public page: how many each page kind runs and how long they take.
//
//   node bench/page-queries.mjs                              # PGlite: fresh DATA_DIR, demo seed
//   node bench/page-queries.mjs --driver postgres            # a throwaway PostgreSQL cluster
//   node bench/page-queries.mjs --baseline /path/to/checkout # an older checkout too (repeatable)
//   options: --rounds 20 (requests per page kind, after one warm-up each), --with-cache (the page
//            cache on: only the first request of each page renders; default off)
//
// The production server runs with a counting hook on its database drivers (bench/support/
// count-queries.mjs, loaded with `node --import`): every request's statements are counted from the
// driver call to its answer. The page cache is off (PAGE_CACHE=0), so every request renders; the
// requests go one at a time. The first request of each kind is a warm-up (it fills the in-process
// caches of banners and settings) and is reported apart: "cold". Results: bench/README.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startApp, startPostgres } from "./support/cluster.mjs";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    /** Older checkouts to measure too (repeat the option for several), in the order given. */
    baseline: { type: "string", multiple: true, default: [] },
    rounds: { type: "string", default: "20" },
    "with-cache": { type: "boolean", default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const HOOK = path.join(import.meta.dirname, "support/count-queries.mjs");
const USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

/** The sitemap's page URLs (its index followed), as paths. */
async function sitemapPaths(base) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  if (!xml.includes("<sitemapindex")) return locs.map((l) => new URL(l).pathname);
  const out = [];
  for (const loc of locs) {
    const part = await (await fetch(new URL(new URL(loc).pathname, base))).text();
    out.push(...[...part.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
  }
  return out;
}

/** One URL per page kind (the same for every server: taken from the first one's sitemap). */
async function pageKinds(base) {
  const paths = await sitemapPaths(base);
  const first = (re) => paths.find((p) => re.test(p));
  const kinds = [
    ["home", "/"],
    ["/vesti", "/vesti"],
    ["article", first(/^\/article\/.+-\d+$/)],
    ["/kompanije", "/kompanije"],
    ["company", first(/^\/kompanije\/\d+$/)],
    ["/poslovi", "/poslovi"],
    ["job", first(/^\/poslovi\/[^/]+$/)],
    ["/forum", "/forum"],
    ["topic", first(/^\/forum\/\d+$/)],
    ["/pretraga", "/pretraga?q=kamion"],
  ];
  for (const [kind, url] of kinds) if (!url) throw new Error(`no ${kind} page in the sitemap`);
  return kinds;
}

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
}

async function measure(app, log, kinds, server) {
  const rows = [];
  for (const [kind, url] of kinds) {
    fs.writeFileSync(log, "");
    const wall = [];
    for (let i = 0; i <= ROUNDS; i++) {
      const started = performance.now();
      const res = await fetch(`${app.baseUrl}${url}`, {
        headers: { "user-agent": USER_AGENT, "accept-encoding": "gzip" },
      });
      await res.arrayBuffer();
      // A page kind this checkout does not have yet (/pretraga before issue 21).
      if (res.status === 404 && i === 0) break;
      if (res.status !== 200) throw new Error(`${server}: ${url} answered ${res.status}`);
      if (i > 0) wall.push(performance.now() - started);
    }
    // The log line is written when the response finishes: give the last one a moment.
    await new Promise((r) => setTimeout(r, 50));
    const lines = fs
      .readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((l) => l.url === url && l.method === "GET");
    if (lines.length === 1 && lines[0].status === 404) {
      rows.push({ kind, url, server, missing: true });
      console.error(`  ${server} ${kind}: no such page`);
      continue;
    }
    if (lines.length !== ROUNDS + 1) throw new Error(`${server}: ${lines.length} log lines for ${url}`);
    const [cold, ...warm] = lines;
    rows.push({
      kind,
      url,
      server,
      cold: cold.statements,
      statements: median(warm.map((l) => l.statements)),
      ms: median(warm.map((l) => l.ms)),
      wall: median(wall),
    });
    console.error(
      `  ${server} ${kind}: ${rows.at(-1).statements} statements, ${rows.at(-1).ms.toFixed(2)} ms`,
    );
  }
  return rows;
}

async function main() {
  const cleanups = [];
  try {
    let databaseUrl;
    let baselineUrls = [];
    if (opts.driver === "postgres") {
      const pg = await startPostgres();
      cleanups.push(() => pg.stop());
      databaseUrl = pg.url;
      baselineUrls = opts.baseline.map((_, i) => pg.createDatabase(`baseline${i}`));
    } else if (opts.driver !== "pglite") throw new Error("--driver pglite|postgres");
    const driver = opts.driver === "postgres" ? "PostgreSQL" : "PGlite";
    const servers = [];
    opts.baseline.forEach((root, i) => {
      servers.push({ root, databaseUrl: baselineUrls[i], name: `before (${path.basename(root)})` });
    });
    servers.push({ root: undefined, databaseUrl, name: "this checkout" });
    let kinds;
    const rows = [];
    for (const server of servers) {
      const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "bench-queries-")), "queries.jsonl");
      console.error(`starting ${server.name} (${driver})…`);
      const app = await startApp({
        databaseUrl: server.databaseUrl,
        root: server.root,
        pageCache: opts["with-cache"],
        extraEnv: {
          BENCH_QUERY_LOG: log,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${HOOK}`.trim(),
        },
      });
      cleanups.push(() => app.stop());
      kinds ??= await pageKinds(app.baseUrl);
      rows.push(...(await measure(app, log, kinds, server.name)));
      await app.stop();
      cleanups.pop();
      fs.rmSync(path.dirname(log), { recursive: true, force: true });
    }
    console.log(
      `\n${driver}, page cache ${opts["with-cache"] ? "on" : "off"}, ${ROUNDS} requests per page after one warm-up, one at a time; ${new Date().toISOString()}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
    );
    console.log(
      "| page | URL | server | statements (first request) | statements | DB time ms (median) | request ms (median) |",
    );
    console.log("|---|---|---|---:|---:|---:|---:|");
    for (const r of rows) {
      const shownUrl = r.url
        .replace(/\/article\/.*/, "/article/{slug}-{id}")
        .replace(/\/(kompanije|forum)\/\d+$/, "/$1/{id}")
        .replace(/^\/poslovi\/.+$/, "/poslovi/{slug}-{id}");
      if (r.missing) {
        console.log(`| ${r.kind} | \`${shownUrl}\` | ${r.server} | — | — | — | — |`);
        continue;
      }
      console.log(
        `| ${r.kind} | \`${shownUrl}\` | ${r.server} | ${r.cold} | ${r.statements} | ${r.ms.toFixed(2)} | ${r.wall.toFixed(1)} |`,
      );
    }
  } finally {
    for (const fn of cleanups.reverse()) await fn();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
