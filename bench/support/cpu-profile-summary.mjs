#!/usr/bin/env node
// Where a CPU profile's time went: `node bench/support/cpu-profile-summary.mjs FILE.cpuprofile [--top 25]`.
// Prints the share of samples by self time per function (with its file) and per package or app
// area, and the inclusive share of a few frames that name per-request work (the framework, the
// page cache, compression, rendering). Used by bench/http-throughput.mjs --cpu-prof.
import fs from "node:fs";
import { parseArgs } from "node:util";

/** The package or app area a frame's file belongs to. */
export function areaOf(url) {
  if (!url) return "(native / V8)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm !== -1) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return url;
  if (/build\/server\//.test(url)) return "app (build/server)";
  return url.replace(/^file:\/\//, "").replace(/^.*\/(server|app|bench)\//, "$1/");
}

export function summarise(profile, top = 25) {
  const { nodes, samples, timeDeltas } = profile;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // The profiler's own stopping (bench/support/cpu-profile-hook.mjs) is not the server's work.
  const own = new Set();
  for (const n of nodes) {
    if (n.callFrame.url.includes("cpu-profile-hook")) {
      const stack = [n.id];
      while (stack.length) {
        const id = stack.pop();
        own.add(id);
        stack.push(...(byId.get(id).children ?? []));
      }
    }
  }
  const weight = new Map();
  for (let i = 0; i < samples.length; i++) {
    if (own.has(samples[i])) continue;
    weight.set(samples[i], (weight.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
  }
  let total = 0;
  for (const w of weight.values()) total += w;
  const selfByFn = new Map();
  const selfByArea = new Map();
  let idle = 0;
  for (const [id, w] of weight) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === "(idle)") {
      idle += w;
      continue;
    }
    const key = `${functionName || "(anonymous)"} ${areaOf(url)}:${lineNumber + 1}`;
    selfByFn.set(key, (selfByFn.get(key) ?? 0) + w);
    const area = functionName === "(garbage collector)" ? "(garbage collector)" : areaOf(url);
    selfByArea.set(area, (selfByArea.get(area) ?? 0) + w);
  }
  // Inclusive: a sample counts once for every package or area on its stack.
  const inclusiveByArea = new Map();
  for (const [id, w] of weight) {
    if (byId.get(id).callFrame.functionName === "(idle)") continue;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { url, functionName } = byId.get(at).callFrame;
      if (!url && functionName !== "(garbage collector)") continue;
      seen.add(functionName === "(garbage collector)" ? "(garbage collector)" : areaOf(url));
    }
    for (const area of seen) inclusiveByArea.set(area, (inclusiveByArea.get(area) ?? 0) + w);
  }
  // Inclusive by function (recursion counted once).
  const inclusiveByFn = new Map();
  for (const [id, w] of weight) {
    if (byId.get(id).callFrame.functionName === "(idle)") continue;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at).callFrame;
      if (!url) continue;
      seen.add(`${functionName || "(anonymous)"} ${areaOf(url)}:${lineNumber + 1}`);
    }
    for (const fn of seen) inclusiveByFn.set(fn, (inclusiveByFn.get(fn) ?? 0) + w);
  }
  const busy = total - idle;
  const pct = (w) => `${((w / busy) * 100).toFixed(1)} %`;
  const lines = [];
  lines.push(
    `busy ${(busy / 1e6).toFixed(2)} s of ${(total / 1e6).toFixed(2)} s sampled (idle ${((idle / total) * 100).toFixed(1)} %)`,
  );
  lines.push("", "self time by package or area (share of busy time):");
  for (const [area, w] of [...selfByArea].sort((a, b) => b[1] - a[1]).slice(0, 15))
    lines.push(`  ${pct(w).padStart(7)}  ${area}`);
  lines.push("", "inclusive time by package or area (on the stack):");
  for (const [area, w] of [...inclusiveByArea].sort((a, b) => b[1] - a[1]).slice(0, 15))
    lines.push(`  ${pct(w).padStart(7)}  ${area}`);
  lines.push("", `inclusive time by function (top ${top * 2}, outside Node's own modules):`);
  for (const [fn, w] of [...inclusiveByFn]
    .filter(([fn]) => !/ node:/.test(fn))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top * 2))
    lines.push(`  ${pct(w).padStart(7)}  ${fn}`);
  lines.push("", `self time by function (top ${top}):`);
  for (const [fn, w] of [...selfByFn].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(w).padStart(7)}  ${fn}`);
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    options: { top: { type: "string", default: "25" } },
    allowPositionals: true,
  });
  for (const file of positionals) {
    console.log(`\n## ${file}\n`);
    console.log(summarise(JSON.parse(fs.readFileSync(file, "utf8")), Number(values.top)));
  }
}
