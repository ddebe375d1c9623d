#!/usr/bin/env node
// Throughput and latency of the public pages under concurrent load.
//
//   npm run bench:http                         # embedded database (PGlite), fresh DATA_DIR + demo seed
//   npm run bench:http -- --driver postgres    # a throwaway PostgreSQL cluster, seeded with the demo
//   DATABASE_URL=postgres://… npm run bench:http -- --driver postgres   # an existing, seeded database
//   npm run bench:http -- --url http://127.0.0.1:3000                   # a server already running
//
// Options: --duration SECONDS (default 15 per scenario), --connections N (default 50),
//          --warmup SECONDS (default 3), --scenarios article,vesti[,article-cir,vesti-cir,home,home-cir,article-redirect],
//          --no-views (send a crawler's user agent), --articles N (default 500 different articles),
//          --page-cache on|off|both (default both), --no-pin, --no-nginx,
//          --processes 1,2 (compare 1 and 2 app processes in one run: WEB_CONCURRENCY; PostgreSQL only),
//          --baseline DIR (also run an older checkout of the app, e.g. a `git worktree` of the
//          commit before a change, in the same run: its figures then compare directly),
//          --pairs N (Latin against Cyrillic: N rounds of a page and its /cir twin, one request at a
//          time, alternating — the time one page costs the server, under the same load; use
//          --scenarios none to measure only that)
//
// The server (and nginx) run on CPU 0 and this load generator on CPU 1 (taskset), so they never
// compete. The ceiling is nginx serving static copies of the very same pages (gzip on, one
// worker): every figure is also given as a share of it, which stays comparable across machines.
//
// The server is the production build started the way users start it (`npm start`: it builds
// first when the build is missing or stale — in the shared work tree run this under
// `flock /tmp/e2e.lock`). The load generator is Node's own http client with a keep-alive Agent:
// N connections, each sending its next request as soon as the previous response ends (a closed
// loop, like autocannon). Latency is measured per request from write to the last byte.
// Results: see bench/README.md.
import { execFileSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { startApp, startNginx, startPostgres } from "./support/cluster.mjs";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    url: { type: "string" },
    duration: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    scenarios: { type: "string", default: "article,vesti" },
    "no-views": { type: "boolean", default: false },
    /** Pin the server (and nginx) to CPU 0 and this load generator to CPU 1. */
    pin: { type: "boolean", default: true },
    /** on, off or both: the in-process public page cache (PAGE_CACHE). */
    "page-cache": { type: "string", default: "both" },
    /** Also serve static copies of the same pages with nginx: the ceiling, for a ratio. */
    nginx: { type: "boolean", default: true },
    /** How many different articles the article scenario requests (the same set for every server). */
    articles: { type: "string", default: "500" },
    /** Another checkout of the app (built or not) to measure in the same run, as "before". */
    baseline: { type: "string" },
    /**
     * Latin against Cyrillic, one request at a time: N rounds per page kind, each a Latin page and
     * its /cir twin back to back (the order alternating), so both see the same machine load.
     */
    pairs: { type: "string", default: "0" },
    /** App processes to compare, e.g. "1,2" (WEB_CONCURRENCY; more than 1 needs --driver postgres). */
    processes: { type: "string", default: "1" },
  },
});
const DURATION_MS = Number(opts.duration) * 1000;
const WARMUP_MS = Number(opts.warmup) * 1000;
const CONNECTIONS = Number(opts.connections);
/** A phone browser: real page views are counted, so the article scenario includes its UPDATE. */
const USER_AGENT = opts["no-views"]
  ? "BenchBot/1.0 (+https://example.com/bot)"
  : "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

function get(agent, base, path) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      `${base}${path}`,
      { agent, headers: { "user-agent": USER_AGENT, accept: "text/html", "accept-encoding": "gzip" } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk) => {
          bytes += chunk.length;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode, bytes, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
        res.on("error", () => resolve({ status: 0, bytes, ms: 0 }));
      },
    );
    req.on("error", () =>
      resolve({ status: 0, bytes: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
    );
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** N connections in a closed loop for warm-up + duration; statistics over the measured part only. */
async function run(base, nextPath, expected) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  let bytes = 0;
  const warmupEnds = Date.now() + WARMUP_MS;
  const ends = warmupEnds + DURATION_MS;
  let measuredFrom = 0;
  // The load generator's own CPU time (over warm-up and measurement), to show what it takes from
  // the core it shares with the second app process.
  const cpuAtStart = process.cpuUsage();
  const wallAtStart = Date.now();
  async function worker() {
    while (Date.now() < ends) {
      const r = await get(agent, base, nextPath());
      const now = Date.now();
      if (now < warmupEnds || now > ends) continue;
      if (measuredFrom === 0) measuredFrom = now;
      if (r.status === 0) errors++;
      else if (r.status !== expected) non2xx++;
      else latencies.push(r.ms);
      bytes += r.bytes;
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  const seconds = DURATION_MS / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + non2xx + errors,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    errors,
    non2xx,
    kbPerRequest: latencies.length ? bytes / (latencies.length + non2xx) / 1024 : 0,
    loadCpu: (cpu.user + cpu.system) / 1000 / (Date.now() - wallAtStart),
  };
}

/** The canonical article URLs of every published article, read from the sitemap. */
async function articlePaths(base) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  let locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  if (xml.includes("<sitemapindex")) {
    locs = [];
    for (const m of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const part = await (await fetch(m[1])).text();
      locs.push(...[...part.matchAll(/<loc>([^<]+)<\/loc>/g)].map((x) => x[1]));
    }
  }
  return locs.map((loc) => new URL(loc).pathname).filter((p) => p.startsWith("/article/"));
}

const SCENARIOS = {
  /** A random published article, by its canonical URL (the full page: query, sanitise, render, +1 view). */
  article: (paths) => () => paths[Math.floor(Math.random() * paths.length)],
  /** The same articles' Cyrillic twins (/cir/article/…): the same render plus the script pass. */
  "article-cir": (paths) => () => `/cir${paths[Math.floor(Math.random() * paths.length)]}`,
  /** The first page of /vesti (list query + count + banners + render). */
  vesti: () => () => "/vesti",
  /** Its Cyrillic twin. */
  "vesti-cir": () => () => "/cir/vesti",
  /** The home page and its Cyrillic twin (the largest page: every banner position). */
  home: () => () => "/",
  "home-cir": () => () => "/cir",
  /** A bare /article/{id}: the 301 to the canonical URL. */
  "article-redirect": (paths) => () => {
    const p = paths[Math.floor(Math.random() * paths.length)];
    return `/article/${p.slice(p.lastIndexOf("-") + 1)}`;
  },
};

/** How the table names each scenario's URL. */
const SHOWN = {
  article: "/article/{slug}-{id}",
  "article-cir": "/cir/article/{slug}-{id}",
  vesti: "/vesti",
  "vesti-cir": "/cir/vesti",
  home: "/",
  "home-cir": "/cir",
  "article-redirect": "/article/{id} → 301",
};

/** Every page a scenario list asks for, for nginx's static copy. */
function snapshotPaths(paths) {
  const cyrillic = opts.scenarios.includes("-cir");
  return [
    ...paths,
    ...(cyrillic ? paths.map((p) => `/cir${p}`) : []),
    "/vesti",
    ...(cyrillic ? ["/cir/vesti", "/cir"] : []),
    "/",
  ];
}

/** Latin and Cyrillic twins, one request at a time, alternating; medians and their ratio. */
async function comparePairs(base, paths, server) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const rounds = Number(opts.pairs);
  const kinds = [
    ["article", (i) => paths[i % Math.min(paths.length, 50)]],
    ["vesti", () => "/vesti"],
    ["home", () => "/"],
  ];
  const out = [];
  for (const [kind, pathOf] of kinds) {
    const twin = (p) => (p === "/" ? "/cir" : `/cir${p}`);
    // Every page once in both scripts first: with the page cache on, the rounds measure hits.
    for (let i = 0; i < Math.min(rounds, 50); i++) {
      await get(agent, base, pathOf(i));
      await get(agent, base, twin(pathOf(i)));
    }
    const latin = [];
    const cyrillic = [];
    /** Cyrillic minus Latin, round by round: the two requests ran back to back, under one load. */
    const differences = [];
    for (let i = 0; i < rounds; i++) {
      const p = pathOf(i);
      const order = i % 2 === 0 ? [p, twin(p)] : [twin(p), p];
      const ms = {};
      for (const path of order) {
        const r = await get(agent, base, path);
        if (r.status === 200) ms[path === p ? "lat" : "cir"] = r.ms;
      }
      if (ms.lat === undefined || ms.cir === undefined) continue;
      latin.push(ms.lat);
      cyrillic.push(ms.cir);
      differences.push(ms.cir - ms.lat);
    }
    for (const list of [latin, cyrillic, differences]) list.sort((a, b) => a - b);
    out.push({
      kind,
      server,
      latin: percentile(latin, 50),
      cyrillic: percentile(cyrillic, 50),
      difference: percentile(differences, 50),
      n: latin.length,
    });
  }
  agent.destroy();
  return out;
}

function fmt(n, digits = 1) {
  return n.toFixed(digits);
}

/** The HTML of each path as the app serves it (uncompressed), for nginx's static copy. */
async function snapshot(base, paths) {
  const files = [];
  for (const p of paths) {
    const res = await fetch(`${base}${p}`, {
      headers: { "user-agent": USER_AGENT, "accept-encoding": "identity" },
    });
    if (res.ok) files.push([p, await res.text()]);
  }
  return files;
}

function sample(list, n) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

async function main() {
  const cleanups = [];
  const stopAll = async () => {
    for (const fn of cleanups.reverse()) await fn();
    cleanups.length = 0;
  };
  process.on("SIGINT", async () => {
    await stopAll();
    process.exit(130);
  });
  const pin = opts.pin && os.availableParallelism() >= 2;
  if (pin) execFileSync("taskset", ["-cp", "1", String(process.pid)], { stdio: "ignore" });
  const serverCpu = pin ? 0 : undefined;
  try {
    const names = opts.scenarios === "none" ? [] : opts.scenarios.split(",");
    const pairResults = [];
    for (const name of names) {
      if (!SCENARIOS[name])
        throw new Error(`unknown scenario ${name} (${Object.keys(SCENARIOS).join(", ")})`);
    }
    const results = [];
    const runAll = async (base, server, paths) => {
      for (const name of names) {
        const r = await run(base, SCENARIOS[name](paths), name === "article-redirect" ? 301 : 200);
        results.push({ name, server, ...r });
        console.error(`  ${server} ${name}: ${fmt(r.rps, 0)} req/s`);
      }
    };

    let paths;
    let pages;
    if (opts.url) {
      const all = await articlePaths(opts.url);
      paths = sample(all, Number(opts.articles));
      await runAll(opts.url, `server at ${opts.url}`, paths);
      pages = opts.nginx ? await snapshot(opts.url, snapshotPaths(paths)) : null;
    } else {
      let databaseUrl;
      let baselineUrl;
      if (opts.driver === "postgres") {
        databaseUrl = process.env.DATABASE_URL;
        if (!databaseUrl) {
          console.error("starting a throwaway PostgreSQL cluster…");
          const pg = await startPostgres();
          cleanups.push(() => pg.stop());
          databaseUrl = pg.url;
          if (opts.baseline) baselineUrl = pg.createDatabase("baseline");
        }
      } else if (opts.driver !== "pglite") {
        throw new Error(`--driver must be pglite or postgres, not ${opts.driver}`);
      }
      const driver = opts.driver === "postgres" ? "PostgreSQL" : "PGlite";
      if (opts.baseline) {
        console.error(`starting the baseline server from ${opts.baseline} (${driver})…`);
        if (databaseUrl && !baselineUrl)
          throw new Error("--baseline with DATABASE_URL: give the baseline no database of ours");
        const app = await startApp({ databaseUrl: baselineUrl, cpu: serverCpu, root: opts.baseline });
        cleanups.push(() => app.stop());
        paths ??= sample(await articlePaths(app.baseUrl), Number(opts.articles));
        await runAll(app.baseUrl, `before (${opts.baseline.split("/").pop()}), ${driver}`, paths);
        await app.stop();
        cleanups.pop();
      }
      const modes = opts["page-cache"] === "both" ? [false, true] : [opts["page-cache"] === "on"];
      const processCounts = opts.processes.split(",").map(Number);
      if (processCounts.some((n) => n > 1) && !databaseUrl)
        throw new Error("--processes above 1 needs --driver postgres (PGlite serves one process)");
      let seeded = false;
      for (const pageCache of modes) {
        for (const workers of processCounts) {
          const label = `app, ${driver}, cache ${pageCache ? "on" : "off"}${processCounts.length > 1 || workers > 1 ? `, ${workers} process${workers > 1 ? "es" : ""}` : ""}`;
          console.error(`starting the production server (${label})…`);
          const app = await startApp({ databaseUrl, cpu: serverCpu, pageCache, workers, seed: !seeded });
          seeded = true;
          cleanups.push(() => app.stop());
          paths ??= sample(await articlePaths(app.baseUrl), Number(opts.articles));
          await runAll(app.baseUrl, label, paths);
          if (Number(opts.pairs) > 0) {
            console.error(`  Latin against Cyrillic, ${opts.pairs} rounds per page…`);
            pairResults.push(...(await comparePairs(app.baseUrl, paths, label)));
          }
          if (opts.nginx && names.length > 0 && !pages)
            pages = await snapshot(app.baseUrl, snapshotPaths(paths));
          await app.stop();
          cleanups.pop();
        }
      }
    }
    if (pages) {
      console.error("starting nginx with static copies of the same pages…");
      const nginx = await startNginx(pages, { cpu: serverCpu });
      cleanups.push(() => nginx.stop());
      await runAll(nginx.baseUrl, "nginx, static copy, gzip per response", paths);
      await runAll(nginx.staticUrl, "nginx, precompressed copy (gzip_static)", paths);
    }

    console.log(
      `\n${paths.length} different articles, ${CONNECTIONS} connections, ${opts.warmup} s warm-up + ${opts.duration} s per scenario, ` +
        `${pin ? "one process and nginx on CPU 0, two processes on CPUs 0 and 1 (one each), load generator on CPU 1 in every run; PostgreSQL not pinned" : "not pinned"}, Node ${process.version}\n`,
    );
    console.log(
      "| scenario | server | req/s | of nginx gzip_static | p50 ms | p90 ms | p99 ms | max ms | errors | KiB/resp | load generator CPU |",
    );
    console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      // The ceiling: nginx sending precompressed copies (gzip_static), else nginx compressing each.
      const ceiling =
        results.find((x) => x.name === r.name && x.server.startsWith("nginx, precompressed")) ??
        results.find((x) => x.name === r.name && x.server.startsWith("nginx"));
      const ratio = ceiling ? `${fmt((r.rps / ceiling.rps) * 100, 1)} %` : "—";
      const shown = SHOWN[r.name] ?? r.name;
      console.log(
        `| ${shown} | ${r.server} | ${fmt(r.rps, 0)} | ${ratio} | ${fmt(r.p50)} | ${fmt(r.p90)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.errors + r.non2xx} | ${fmt(r.kbPerRequest)} | ${fmt(r.loadCpu * 100, 0)} % |`,
      );
    }
    if (pairResults.length > 0) {
      console.log(
        `\nLatin against Cyrillic, one request at a time, ${opts.pairs} rounds each (median ms):\n`,
      );
      console.log(
        "| page | server | Latin p50 ms | Cyrillic p50 ms | paired difference p50 ms | Cyrillic / Latin |",
      );
      console.log("|---|---|---:|---:|---:|---:|");
      for (const r of pairResults) {
        console.log(
          `| ${SHOWN[r.kind]} | ${r.server} | ${fmt(r.latin, 2)} | ${fmt(r.cyrillic, 2)} | ${fmt(r.difference, 2)} | ${fmt(((r.latin + r.difference) / r.latin) * 100, 1)} % |`,
        );
      }
    }
  } finally {
    await stopAll();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
