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
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startApp, startNginx, startPostgres, startShippedNginx } from "./support/cluster.mjs";
import { summarise } from "./support/cpu-profile-summary.mjs";
import { runWrk, wrkInstalled } from "./support/wrk.mjs";

const PROFILE_HOOK = path.join(import.meta.dirname, "support/cpu-profile-hook.mjs");

const { values: opts } = parseArgs({
  // --no-nginx, --no-pin (Node ≥ 20.16).
  allowNegative: true,
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
    /** wrk (C, one thread: the default) or node (Node's http client, as before issue 26). */
    "load-generator": { type: "string", default: "wrk" },
    /** Write a CPU profile of every measured run of a one-process server into this directory. */
    "cpu-prof": { type: "string" },
    /**
     * Also run the shipped topology: deploy/nginx-site.conf (TLS, its micro-cache) in front of
     * --processes N app processes, one per port (PostgreSQL for N > 1).
     */
    edge: { type: "boolean", default: false },
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
    const req = (base.startsWith("https:") ? https : http).get(
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
async function runNode(base, list, expected) {
  const nextPath = () => list[Math.floor(Math.random() * list.length)];
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

/** Each scenario's URLs (a request takes a random one): `paths` are the sampled article URLs. */
const SCENARIOS = {
  /** A random published article, by its canonical URL (query, sanitise, render). */
  article: (paths) => paths,
  /** The same articles' Cyrillic twins (/cir/article/…): the same render plus the script pass. */
  "article-cir": (paths) => paths.map((p) => `/cir${p}`),
  /** The first page of /vesti (list query + count + banners + render). */
  vesti: () => ["/vesti"],
  /** Its Cyrillic twin. */
  "vesti-cir": () => ["/cir/vesti"],
  /** The home page and its Cyrillic twin (the largest page: every banner position). */
  home: () => ["/"],
  "home-cir": () => ["/cir"],
  /** A bare /article/{id}: the 301 to the canonical URL. */
  "article-redirect": (paths) => paths.map((p) => `/article/${p.slice(p.lastIndexOf("-") + 1)}`),
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

/** One scenario against one server: a warm-up (discarded), then the measured run. */
async function measure(base, list, expected, { onMeasureStart, onMeasureEnd } = {}) {
  if (opts["load-generator"] === "node") {
    // The Node generator measures after its own warm-up inside one run: the hooks bracket it all.
    await onMeasureStart?.();
    const r = await runNode(base, list, expected);
    await onMeasureEnd?.();
    return r;
  }
  const common = {
    base,
    paths: list,
    connections: CONNECTIONS,
    userAgent: USER_AGENT,
    cpu: loadCpu,
  };
  if (WARMUP_MS > 0) await runWrk({ ...common, seconds: WARMUP_MS / 1000 });
  await onMeasureStart?.();
  const r = await runWrk({ ...common, seconds: DURATION_MS / 1000 });
  await onMeasureEnd?.();
  return r;
}

/** Every URL once, one at a time: with the page cache on, the measured run then sees hits. */
async function prime(base, list) {
  const agent = base.startsWith("https:")
    ? new https.Agent({ keepAlive: true, maxSockets: 4, rejectUnauthorized: false })
    : new http.Agent({ keepAlive: true, maxSockets: 4 });
  const unique = [...new Set(list)];
  for (let i = 0; i < unique.length; i += 4) {
    await Promise.all(unique.slice(i, i + 4).map((p) => get(agent, base, p)));
  }
  agent.destroy();
}

let loadCpu;

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** utime + stime of a process, in clock ticks (null when it cannot be read). */
function cpuTicks(pid) {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Measured windows profiled so far, per server process (the hook numbers its files 1, 2, …). */
const profileWindows = new Map();

/**
 * The server's CPU profile of one measured run (--cpu-prof): SIGUSR2 starts and stops it (the hook
 * writes `<server>-<window>.cpuprofile`), then the file is named after the scenario.
 */
function profiler(pid, dir, serverLabel, scenario) {
  if (!dir || pid === undefined) return {};
  return {
    onMeasureStart: async () => {
      process.kill(pid, "SIGUSR2");
      await new Promise((r) => setTimeout(r, 100));
    },
    onMeasureEnd: async () => {
      const window = (profileWindows.get(pid) ?? 0) + 1;
      profileWindows.set(pid, window);
      process.kill(pid, "SIGUSR2");
      const written = path.join(dir, `${serverLabel}-${window}`);
      for (let i = 0; i < 300 && !fs.existsSync(`${written}.done`); i++)
        await new Promise((r) => setTimeout(r, 100));
      if (!fs.existsSync(`${written}.done`)) return;
      fs.renameSync(`${written}.cpuprofile`, path.join(dir, `${serverLabel}-${scenario}.cpuprofile`));
      fs.rmSync(`${written}.done`);
    },
  };
}

function slug(text) {
  return text
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
}

/** The app's page cache misses (renders stored) and hits, from its metrics (METRICS_TOKEN). */
async function cacheCounts(base) {
  try {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const read = (result) =>
      Number(new RegExp(`bv_page_cache_requests_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    return { hits: read("hit"), misses: read("miss") };
  } catch {
    return null;
  }
}

const METRICS_TOKEN = "bench-metrics-token-0123456789";

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
  loadCpu = pin ? 1 : undefined;
  if (opts["load-generator"] === "wrk" && !wrkInstalled())
    throw new Error("wrk is not installed (apt-get install -y wrk), or use --load-generator node");
  const profileDir = opts["cpu-prof"] ? path.resolve(opts["cpu-prof"]) : null;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const hookArgs = (label) =>
    profileDir
      ? {
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${PROFILE_HOOK}`.trim(),
          BENCH_CPU_PROF_DIR: profileDir,
          BENCH_CPU_PROF_LABEL: label,
        }
      : {};
  const started = new Date();
  const loadBefore = os.loadavg();
  try {
    const names = opts.scenarios === "none" ? [] : opts.scenarios.split(",");
    const pairResults = [];
    for (const name of names) {
      if (!SCENARIOS[name])
        throw new Error(`unknown scenario ${name} (${Object.keys(SCENARIOS).join(", ")})`);
    }
    const results = [];
    /** Runs every scenario against one server; `pid` is profiled with --cpu-prof. */
    const runAll = async (base, server, paths, { pid, primed = false, extra } = {}) => {
      for (const name of names) {
        const list = SCENARIOS[name](paths);
        if (primed) await prime(base, list);
        const before = extra ? await extra() : null;
        const prof = profiler(pid, profileDir, slug(server), name);
        let cpuAtStart = null;
        let cpuAtEnd = null;
        const r = await measure(base, list, name === "article-redirect" ? 301 : 200, {
          onMeasureStart: async () => {
            await prof.onMeasureStart?.();
            cpuAtStart = cpuTicks(pid);
          },
          onMeasureEnd: async () => {
            cpuAtEnd = cpuTicks(pid);
            await prof.onMeasureEnd?.();
          },
        });
        const after = extra ? await extra() : null;
        // The server process's own CPU time per answer (PGlite's queries included; PostgreSQL's
        // backends are processes of their own): what a request costs, whatever else the machine does.
        const cpuMs =
          cpuAtStart !== null && cpuAtEnd !== null && r.requests > 0
            ? ((cpuAtEnd - cpuAtStart) / CLOCK_TICKS / r.requests) * 1000
            : null;
        results.push({ name, server, ...r, cpuMs, extra: before && after ? { before, after } : null });
        console.error(`  ${server} ${name}: ${fmt(r.rps, 0)} req/s`);
      }
    };

    let paths;
    let pages;
    const processCounts = opts.processes.split(",").map(Number);
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
      const modes = opts["page-cache"] === "both" ? [false, true] : [opts["page-cache"] === "on"];
      if (processCounts.some((n) => n > 1) && !databaseUrl)
        throw new Error("--processes above 1 needs --driver postgres (PGlite serves one process)");
      if (opts.baseline) {
        if (databaseUrl && !baselineUrl)
          throw new Error("--baseline with DATABASE_URL: give the baseline no database of ours");
        // The baseline with the same page-cache settings, one process, first.
        let baselineSeeded = false;
        for (const pageCache of modes) {
          const label = `before (${path.basename(opts.baseline)}), ${driver}, cache ${pageCache ? "on" : "off"}`;
          console.error(`starting the baseline server (${label})…`);
          const app = await startApp({
            databaseUrl: baselineUrl,
            cpu: serverCpu,
            root: opts.baseline,
            pageCache,
            seed: !baselineSeeded,
            extraEnv: hookArgs(slug(label)),
          });
          baselineSeeded = true;
          cleanups.push(() => app.stop());
          paths ??= sample(await articlePaths(app.baseUrl), Number(opts.articles));
          await runAll(app.baseUrl, label, paths, { pid: app.pid, primed: pageCache });
          await app.stop();
          cleanups.pop();
        }
      }
      let seeded = false;
      for (const pageCache of modes) {
        for (const workers of processCounts) {
          const many = processCounts.length > 1 || workers > 1;
          const label = `app, ${driver}, cache ${pageCache ? "on" : "off"}${many ? `, ${workers} process${workers > 1 ? "es" : ""}` : ""}`;
          console.error(`starting the production server (${label})…`);
          const app = await startApp({
            databaseUrl,
            cpu: serverCpu,
            pageCache,
            workers,
            seed: !seeded,
            extraEnv: { ...(workers === 1 ? hookArgs(slug(label)) : {}), METRICS_TOKEN },
          });
          seeded = true;
          cleanups.push(() => app.stop());
          paths ??= sample(await articlePaths(app.baseUrl), Number(opts.articles));
          await runAll(app.baseUrl, label, paths, {
            pid: workers === 1 ? app.pid : undefined,
            primed: pageCache,
          });
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
      if (opts.edge) {
        // The shipped topology: deploy/nginx-site.conf in front of N processes (one per port, as the
        // systemd units run them), its micro-cache shared by them, TLS as shipped.
        for (const count of processCounts) {
          const label = `shipped nginx + ${count} process${count > 1 ? "es" : ""}, ${driver}, page cache on`;
          console.error(`starting ${label}…`);
          const apps = [];
          for (let i = 0; i < count; i++) {
            const app = await startApp({
              databaseUrl,
              cpu: pin ? i % 2 : undefined,
              pageCache: true,
              seed: !seeded,
              extraEnv: { METRICS_TOKEN, TRUST_PROXY: "loopback" },
            });
            seeded = true;
            cleanups.push(() => app.stop());
            apps.push(app);
          }
          const edge = await startShippedNginx(
            apps.map((a) => Number(new URL(a.baseUrl).port)),
            { cpu: serverCpu },
          );
          cleanups.push(() => edge.stop());
          paths ??= sample(await articlePaths(apps[0].baseUrl), Number(opts.articles));
          const counts = async () => Promise.all(apps.map((a) => cacheCounts(a.baseUrl)));
          await runAll(edge.baseUrl, label, paths, { primed: true, extra: counts });
          await edge.stop();
          cleanups.pop();
          for (const app of apps) {
            await app.stop();
            cleanups.pop();
          }
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

    const loadAfter = os.loadavg();
    console.log(
      `\n${started.toISOString()} – ${new Date().toISOString()}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" ")}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"})`,
    );
    console.log(
      `${paths.length} different articles, ${CONNECTIONS} connections, ${opts.warmup} s warm-up + ${opts.duration} s per scenario (page cache on: every URL requested once first), load generator ${opts["load-generator"] === "wrk" ? "wrk (one thread)" : "Node's http client"}; ` +
        `${pin ? "one process and nginx on CPU 0, two processes on CPUs 0 and 1 (one each), load generator on CPU 1 in every run; PostgreSQL not pinned" : "not pinned"}, Node ${process.version}\n`,
    );
    console.log(
      "| scenario | server | req/s | of nginx gzip_static | server CPU ms/req | p50 ms | p90 ms | p99 ms | max ms | errors | KiB/resp | load generator CPU |",
    );
    console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      // The ceiling: nginx sending precompressed copies (gzip_static), else nginx compressing each.
      const ceiling =
        results.find((x) => x.name === r.name && x.server.startsWith("nginx, precompressed")) ??
        results.find((x) => x.name === r.name && x.server.startsWith("nginx"));
      const ratio = ceiling ? `${fmt((r.rps / ceiling.rps) * 100, 1)} %` : "—";
      const shown = SHOWN[r.name] ?? r.name;
      console.log(
        `| ${shown} | ${r.server} | ${fmt(r.rps, 0)} | ${ratio} | ${r.cpuMs === null ? "—" : fmt(r.cpuMs, 3)} | ${fmt(r.p50)} | ${fmt(r.p90)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.errors + r.non2xx} | ${fmt(r.kbPerRequest)} | ${fmt(r.loadCpu * 100, 0)} % |`,
      );
    }
    const edgeRows = results.filter((r) => r.extra);
    if (edgeRows.length > 0) {
      console.log(
        "\nBehind the shipped nginx: what each process did during the warm-up and the measured run\n",
      );
      console.log(
        "| scenario | server | requests answered | renders (page cache misses) per process | hits per process |",
      );
      console.log("|---|---|---:|---|---|");
      for (const r of edgeRows) {
        const per = r.extra.after.map((a, i) => {
          const b = r.extra.before[i];
          return a && b ? { misses: a.misses - b.misses, hits: a.hits - b.hits } : null;
        });
        console.log(
          `| ${SHOWN[r.name] ?? r.name} | ${r.server} | ${r.requests} | ${per.map((p) => (p ? p.misses : "?")).join(" / ")} | ${per.map((p) => (p ? p.hits : "?")).join(" / ")} |`,
        );
      }
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
    if (profileDir) {
      console.log(`\nCPU profiles of the measured runs (${profileDir}):`);
      for (const file of fs
        .readdirSync(profileDir)
        .filter((f) => f.endsWith(".cpuprofile"))
        .sort()) {
        const summary = summarise(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")), 20);
        fs.writeFileSync(path.join(profileDir, file.replace(/\.cpuprofile$/, ".txt")), `${summary}\n`);
        console.log(`  ${file} (summary: ${file.replace(/\.cpuprofile$/, ".txt")})`);
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
