#!/usr/bin/env node
/**
 * Lighthouse (mobile) against any running server:
 *
 *   node bench/lighthouse.mjs --base http://127.0.0.1:3000 / /vesti /article/some-slug-12
 *
 * Starts Debian's Chromium headless with the flags of playwright.config.ts (tests/support/chromium.mjs)
 * on a fresh temporary profile and a DevTools port, runs Lighthouse's default (mobile) configuration —
 * a phone's screen, simulated slow 4G and a 4× slower CPU — for the performance, accessibility,
 * best-practices and SEO categories, and prints one table per URL: the category scores, the
 * performance metrics, and every audit that kept a category below 100. See bench/README.md.
 *
 * Options:
 *   --base URL         the server (default http://127.0.0.1:3000); paths are taken relative to it;
 *                      a full http(s) URL among the paths is used as it is
 *   --runs N           Lighthouse runs per URL (default 1); the table gives the median run (by the
 *                      performance score) and every run's scores
 *   --warm             before measuring a URL, load it once (not measured) and keep the browser's
 *                      storage between runs, so a service worker the page registers is installed
 *                      and controls the measured load ("with the service worker registered")
 *   --keep-storage     never clear the origin's storage, caches and service workers between runs
 *                      (Lighthouse clears them before each run by default)
 *   --categories LIST  comma-separated (default performance,accessibility,best-practices,seo)
 *   --desktop          Lighthouse's desktop configuration instead of mobile
 *   --cpu-slowdown N   the simulated CPU slowdown (Lighthouse's default for mobile: 4, calibrated
 *                      for a machine with a benchmark index of ~1,500–2,500; Lighthouse's
 *                      documentation advises a smaller one on a slower machine). Print it beside
 *                      any figure taken with it.
 *   --expect N         exit with status 1 when any category of any URL scores below N (e.g. 100)
 *   --json FILE        also write every run's scores, metrics and failing audits as JSON
 *   --chromium PATH    another Chromium binary (default /usr/bin/chromium)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium.mjs";

const DEFAULT_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = [
  ["first-contentful-paint", "FCP"],
  ["largest-contentful-paint", "LCP"],
  ["total-blocking-time", "TBT"],
  ["cumulative-layout-shift", "CLS"],
  ["speed-index", "Speed Index"],
];

function parseArgs(argv) {
  const options = {
    base: "http://127.0.0.1:3000",
    runs: 1,
    warm: false,
    keepStorage: false,
    categories: DEFAULT_CATEGORIES,
    desktop: false,
    cpuSlowdown: null,
    expect: null,
    json: null,
    chromium: CHROMIUM_PATH,
    paths: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === "--base") options.base = value();
    else if (arg === "--runs") options.runs = Math.max(1, Number.parseInt(value(), 10) || 1);
    else if (arg === "--warm") options.warm = true;
    else if (arg === "--keep-storage") options.keepStorage = true;
    else if (arg === "--categories") options.categories = value().split(",").filter(Boolean);
    else if (arg === "--desktop") options.desktop = true;
    else if (arg === "--cpu-slowdown") options.cpuSlowdown = Number(value());
    else if (arg === "--expect") options.expect = Number(value());
    else if (arg === "--json") options.json = value();
    else if (arg === "--chromium") options.chromium = value();
    else if (arg === "--help" || arg === "-h") {
      console.log("usage: node bench/lighthouse.mjs [--base URL] [--runs N] [--warm] [--keep-storage]");
      console.log("         [--categories a,b] [--desktop] [--expect 100] [--json FILE] PATH...");
      process.exit(0);
    } else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else options.paths.push(arg);
  }
  if (options.paths.length === 0) options.paths.push("/");
  return options;
}

/** Chromium, headless, on a throwaway profile; resolves once its DevTools port is known. */
async function launchChromium(binary) {
  const profile = mkdtempSync(join(tmpdir(), "lighthouse-chromium-"));
  const child = spawn(
    binary,
    [
      ...CHROMIUM_ARGS,
      "--headless=new",
      "--remote-debugging-port=0",
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    // A process group of its own: /usr/bin/chromium is a shell wrapper, and the browser's helpers
    // are its children; the whole group is stopped at the end.
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools:\n${output}`)), 30_000);
    child.stderr.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}) before DevTools opened:\n${output}`));
    });
  });
  child.stderr.resume();
  const close = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    for (let i = 0; i < 50 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
    rmSync(profile, { recursive: true, force: true });
  };
  return { port, close };
}

/** Waits (up to 15 s) until a service worker of the URL's origin runs in the browser. */
async function waitForServiceWorker(port, url) {
  const origin = new URL(url).origin;
  for (let i = 0; i < 75; i++) {
    const targets = await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json());
    const worker = targets.find((t) => t.type === "service_worker" && t.url.startsWith(origin));
    if (worker) return worker.url;
    await sleep(200);
  }
  return null;
}

/** The configuration's own throttling, so that --cpu-slowdown changes nothing else. */
function throttling(desktop) {
  return desktop ? desktopConfig.settings.throttling : constants.throttling.mobileSlow4G;
}

function summarise(lhr) {
  const categories = {};
  for (const [id, category] of Object.entries(lhr.categories)) {
    categories[id] = category.score === null ? null : Math.round(category.score * 100);
  }
  const metrics = {};
  for (const [id, label] of METRICS) {
    const audit = lhr.audits[id];
    if (audit) metrics[label] = audit.displayValue ?? "";
  }
  // Every weighted audit that did not pass, under the category it lowers; and any audit that
  // could not run (its category's score would not mean what it says).
  const failing = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit) continue;
      const erred = audit.scoreDisplayMode === "error";
      if (erred || (ref.weight > 0 && audit.score !== null && audit.score < 1)) {
        failing.push({
          category: id,
          audit: ref.id,
          score: audit.score === null ? null : Math.round(audit.score * 100),
          title: audit.title,
          detail: erred ? audit.errorMessage : (audit.displayValue ?? ""),
        });
      }
    }
  }
  return {
    url: lhr.finalDisplayedUrl,
    categories,
    metrics,
    failing,
    warnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError?.message ?? null,
    lighthouse: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
    // Lighthouse's own measure of the machine's speed during the run (a quiet desktop: ~1,500–2,500);
    // the simulated 4× slower CPU is applied to what this machine did, so a busy machine scores lower.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
  };
}

function printTable(path, runs, chosen) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  console.log(`\n## ${path}  →  ${chosen.url}`);
  console.log(line(["category", "score", ...(runs.length > 1 ? ["runs"] : [])]));
  console.log(line(["---", "---:", ...(runs.length > 1 ? ["---"] : [])]));
  for (const id of Object.keys(chosen.categories)) {
    const all = runs.map((r) => r.categories[id] ?? "–").join(", ");
    console.log(line([id, String(chosen.categories[id] ?? "–"), ...(runs.length > 1 ? [all] : [])]));
  }
  if (Object.keys(chosen.metrics).length > 0) {
    console.log(
      `\n${Object.entries(chosen.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(" · ")}`,
    );
  }
  console.log(
    `benchmark index ${Math.round(chosen.benchmarkIndex ?? 0)}, load average ${loadavg()[0].toFixed(2)}`,
  );
  for (const item of chosen.failing) {
    console.log(
      `  below 100 in ${item.category}: ${item.audit} (${item.score ?? "error"}) ${item.title}${item.detail ? ` — ${item.detail}` : ""}`,
    );
  }
  for (const warning of chosen.warnings ?? []) console.log(`  warning: ${warning}`);
  if (chosen.runtimeError) console.log(`  runtime error: ${chosen.runtimeError}`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const keepStorage = options.keepStorage || options.warm;
  const config = options.desktop ? desktopConfig : undefined;
  const chromium = await launchChromium(options.chromium);
  const report = [];
  let belowExpected = false;
  try {
    for (const path of options.paths) {
      const url = /^https?:\/\//.test(path) ? path : new URL(path, options.base).href;
      let serviceWorker = null;
      if (options.warm) {
        // One load that is not measured: the page registers its service worker, which installs.
        await lighthouse(
          url,
          {
            port: chromium.port,
            hostname: "127.0.0.1",
            logLevel: "error",
            output: "json",
            disableStorageReset: true,
            onlyAudits: ["viewport"],
            throttlingMethod: "provided",
          },
          config,
        );
        serviceWorker = await waitForServiceWorker(chromium.port, url);
        // Installing fills the service worker's caches; give it a moment to finish before measuring.
        if (serviceWorker) await sleep(3000);
      }
      const runs = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await lighthouse(
          url,
          {
            port: chromium.port,
            hostname: "127.0.0.1",
            logLevel: "error",
            output: "json",
            onlyCategories: options.categories,
            disableStorageReset: keepStorage,
            ...(options.cpuSlowdown !== null
              ? { throttling: { ...throttling(options.desktop), cpuSlowdownMultiplier: options.cpuSlowdown } }
              : {}),
          },
          config,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        runs.push(summarise(result.lhr));
      }
      const sorted = [...runs].sort(
        (a, b) => (a.categories.performance ?? 0) - (b.categories.performance ?? 0),
      );
      const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
      printTable(path, runs, chosen);
      if (options.warm) console.log(`  service worker: ${serviceWorker ?? "none registered"}`);
      if (options.expect !== null) {
        for (const score of Object.values(chosen.categories)) {
          if (score === null || score < options.expect) belowExpected = true;
        }
      }
      report.push({ path, url, serviceWorker, median: chosen, runs });
    }
  } finally {
    await chromium.close();
  }
  const first = report[0]?.median;
  console.log(
    `\nLighthouse ${first?.lighthouse ?? "?"}, ${options.desktop ? "desktop" : "mobile"}; ${first?.userAgent ?? ""}`,
  );
  if (options.json) {
    writeFileSync(
      options.json,
      `${JSON.stringify({ date: new Date().toISOString(), options, report }, null, 2)}\n`,
    );
  }
  if (belowExpected) {
    console.log(`\nSome category scored below ${options.expect}.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
