#!/usr/bin/env node
// What anonymous uploads cost the server (issue 17, items 3 and 4; docs/decisions/150).
//
//   npx tsx bench/upload-abuse.mjs                     # the production build on a fresh embedded database
//   npx tsx bench/upload-abuse.mjs --driver postgres   # a throwaway PostgreSQL cluster (initdb), demo seed
//   npx tsx bench/upload-abuse.mjs --baseline DIR      # also measure another checkout (the commit before)
//
// Options: --parallel 8 (posts at once), --size-mb 38 (each large post), --refused 50 (small refused
//          posts measured one after the other), --no-accepted (skip the accepted-uploads phase)
//
// The server is started the way users start it (`npm start`: builds when stale) on a fresh DATA_DIR,
// with TRUST_PROXY=1 so that each post can come from its own address (X-Forwarded-For), no demo data
// and no page cache (every page renders). Its CPU time and RSS are read from /proc/<pid> (CPU in
// clock ticks: 10 ms; per-post figures are a batch divided by its size). Phases, in order:
//
// 1. warm-up: a few pages and one accepted listing with a photo;
// 2. the limit of one address is filled (5 posts), then `--refused` posts of the issue's payload —
//    eight 7000×7000 PNGs, ~50 KB in all — are sent one after the other: all must be 429; CPU per post;
// 3. `--parallel` posts of about `--size-mb` MB (8 noise JPEGs of up to 5 MB) at once from that same
//    address: all 429; RSS growth (peak during the phase, sampled every 20 ms, minus the RSS before)
//    and CPU per post;
// 4. the same posts at once, each from its own address (`--baseline`: not run): all accepted (or
//    503 when every upload slot stayed taken for 30 s); RSS growth, CPU per photo, and the latency of
//    a page (`/kupoprodaja`) requested every 100 ms meanwhile, against the same page when idle.
//
// Results: bench/README.md.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { pngBomb } from "../tests/support/png-bomb.ts";
import { ROOT, startApp, startPostgres } from "./support/cluster.mjs";

const { values: opts } = parseArgs({
  options: {
    driver: { type: "string", default: "pglite" },
    parallel: { type: "string", default: "8" },
    "size-mb": { type: "string", default: "38" },
    refused: { type: "string", default: "50" },
    accepted: { type: "boolean", default: true },
    baseline: { type: "string" },
  },
  allowNegative: true,
});
const PARALLEL = Number(opts.parallel);
const SIZE = Math.round(Number(opts["size-mb"]) * 1024 * 1024);
const REFUSED = Number(opts.refused);
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

const FIELDS = {
  saleCategory: "truck",
  condition: "used",
  title: "Volvo VNL 860 2021, jedan vlasnik",
  make: "Volvo",
  model: "VNL 860",
  year: "2021",
  mileage: "310.000",
  price: "89.500",
  description: "Jedan vlasnik, redovno servisiran, spreman za rad odmah. Nove gume i kočnice.",
  city: "Dallas",
  state: "Texas",
  contactName: "Goran Petrović",
  contactPhone: "214-555-0142",
  contactEmail: "",
  company_fax: "",
};

function multipart(fields, files) {
  const boundary = `----bench${crypto.randomBytes(12).toString("hex")}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [i, file] of files.entries()) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="foto-${i + 1}.${file.ext}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One POST; resolves to { status, ms }. */
function post(baseUrl, pathname, { body, contentType }, ip) {
  const url = new URL(pathname, baseUrl);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": contentType,
          "Content-Length": body.length,
          "X-Forwarded-For": ip,
          Origin: baseUrl,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function get(baseUrl, pathname) {
  const started = performance.now();
  const res = await fetch(new URL(pathname, baseUrl));
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
function rssMb(pid) {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` while sampling the server's RSS every 20 ms; returns its result and the peak. */
async function withRssPeak(pid, work) {
  let peak = rssMb(pid);
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(pid));
      await sleep(20);
    }
  })();
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    running = false;
    await sampler;
  }
}

/** A noise photo of about `bytes` (JPEG; noise does not compress, like a real sharp photo). */
async function photoOfAbout(bytes) {
  let width = 3000;
  for (;;) {
    const height = Math.round((width * 3) / 4);
    const raw = crypto.randomBytes(width * height * 3);
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length <= bytes) return { jpeg, width, height };
    width = Math.floor(width * Math.sqrt(bytes / jpeg.length) * 0.98);
  }
}

const percentile = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

async function measure(label, root, databaseUrl, accepted = opts.accepted) {
  const app = await startApp({
    root,
    databaseUrl,
    pageCache: false,
    extraEnv: { TRUST_PROXY: "1", SEED_DEMO: "0" },
  });
  const { baseUrl, pid } = app;
  const rows = [];
  try {
    // 1. Warm-up.
    for (let i = 0; i < 5; i++) await get(baseUrl, "/kupoprodaja");
    const small = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    const warm = await post(
      baseUrl,
      "/kupoprodaja/novi",
      multipart(FIELDS, [{ ext: "jpg", type: "image/jpeg", bytes: small }]),
      "10.1.0.1",
    );
    if (warm.status !== 200) throw new Error(`the warm-up listing was answered ${warm.status}`);

    // 2. Fill one address's limit, then the issue's small refused post, one after the other.
    const abuser = "10.9.9.9";
    const trap = multipart({ ...FIELDS, company_fax: "bot" }, []);
    for (let i = 0; i < 5; i++) await post(baseUrl, "/kupoprodaja/novi", trap, abuser);
    const bombs = multipart(
      FIELDS,
      Array.from({ length: 8 }, () => ({ ext: "png", type: "image/png", bytes: pngBomb(7000, 7000) })),
    );
    let cpu = cpuMs(pid);
    const statuses = new Map();
    for (let i = 0; i < REFUSED; i++) {
      const r = await post(baseUrl, "/kupoprodaja/novi", bombs, abuser);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
    const smallCpu = (cpuMs(pid) - cpu) / REFUSED;
    rows.push([
      `${REFUSED} refused posts of 8 × 7000×7000 PNG (${round(bombs.body.length / 1024)} KB each), one at a time`,
      [...statuses].map(([s, n]) => `${n} × ${s}`).join(", "),
      "—",
      `${round(smallCpu, 1)} ms / post`,
    ]);

    // 3. Large refused posts, all at once: eight real photos each (what a refused post used to decode).
    const { jpeg, width, height } = await photoOfAbout(Math.min(SIZE / 8, 5 * 1024 * 1024) - 2048);
    const large = multipart(
      FIELDS,
      Array.from({ length: 8 }, () => ({ ext: "jpg", type: "image/jpeg", bytes: jpeg })),
    );
    await sleep(1000);
    const before = rssMb(pid);
    cpu = cpuMs(pid);
    const { result: big, peak } = await withRssPeak(pid, () =>
      Promise.all(Array.from({ length: PARALLEL }, () => post(baseUrl, "/kupoprodaja/novi", large, abuser))),
    );
    const bigCpu = (cpuMs(pid) - cpu) / PARALLEL;
    rows.push([
      `${PARALLEL} refused posts of ${round(large.body.length / 1048576, 1)} MB (8 photos of ${width}×${height}) at once`,
      summarize(big),
      `${round(before)} → ${round(peak)} MB (+${round(peak - before)})`,
      `${round(bigCpu, 1)} ms / post`,
    ]);

    // 4. Accepted uploads of real photos, each from its own address, while a page is requested.
    if (accepted) {
      const full = large;
      const idle = [];
      for (let i = 0; i < 20; i++) idle.push((await get(baseUrl, "/kupoprodaja")).ms);
      await sleep(1000);
      const rssBefore = rssMb(pid);
      const cpuBefore = cpuMs(pid);
      const busy = [];
      let uploading = true;
      const pages = (async () => {
        while (uploading) {
          busy.push((await get(baseUrl, "/kupoprodaja")).ms);
          await sleep(100);
        }
      })();
      const started = performance.now();
      const { result: accepted, peak: peakAccepted } = await withRssPeak(pid, () =>
        Promise.all(
          Array.from({ length: PARALLEL }, (_, i) =>
            post(baseUrl, "/kupoprodaja/novi", full, `10.2.0.${i + 1}`),
          ),
        ),
      );
      const wall = performance.now() - started;
      uploading = false;
      await pages;
      const photos = accepted.filter((r) => r.status === 200).length * 8;
      rows.push([
        `${PARALLEL} accepted posts at once, 8 photos of ${round(jpeg.length / 1048576, 2)} MB (${width}×${height}) each`,
        `${summarize(accepted)}; all done in ${round(wall / 1000, 1)} s`,
        `${round(rssBefore)} → ${round(peakAccepted)} MB (+${round(peakAccepted - rssBefore)})`,
        photos ? `${round((cpuMs(pid) - cpuBefore) / photos)} ms / photo` : "—",
      ]);
      rows.push([
        "`GET /kupoprodaja` (rendered, no page cache): idle vs during the accepted uploads",
        `median ${round(percentile(idle, 50))} → ${round(percentile(busy, 50))} ms, p90 ${round(percentile(idle, 90))} → ${round(percentile(busy, 90))} ms, max ${round(Math.max(...idle))} → ${round(Math.max(...busy))} ms (${busy.length} requests)`,
        "—",
        "—",
      ]);
    }
  } finally {
    await app.stop();
  }
  console.log(`\n### ${label}\n`);
  console.log("| phase | answers | server RSS | server CPU |");
  console.log("|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

function summarize(results) {
  const counts = new Map();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const ms = results.map((r) => r.ms);
  return `${[...counts].map(([s, n]) => `${n} × ${s}`).join(", ")} (slowest ${round(Math.max(...ms))} ms)`;
}

let pg;
try {
  let databaseUrl;
  if (opts.driver === "postgres") {
    pg = await startPostgres();
    databaseUrl = pg.url;
  }
  if (opts.baseline) {
    const before = pg ? pg.createDatabase("before") : undefined;
    // The old code's accepted uploads are not the point (and take long): refused posts only.
    await measure(`before: ${path.resolve(opts.baseline)}`, path.resolve(opts.baseline), before, false);
  }
  await measure(`now (${opts.driver})`, ROOT, databaseUrl);
} finally {
  await pg?.stop();
}
