// The load generator of bench/http-throughput.mjs: wrk (Debian's `wrk`, C, one thread), pinned to
// its own CPU. A closed loop: N keep-alive connections, each sending its next request as soon as the
// previous answer ends. The paths come from a list (a random one per request, like a reader picking
// an article) through a small Lua script; the summary comes back as JSON from wrk's `done` hook.
// Its own CPU time (what it takes from the core it runs on) is read from the shell that waited for
// it (/proc/<pid>/stat: cutime + cstime).
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function wrkInstalled() {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1.
    return error?.status === 1;
  }
}

const LUA = `
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do paths[#paths + 1] = line end
math.randomseed(os.time() + tonumber(os.getenv("BENCH_SEED") or "0"))
local n = #paths
local headers = {
  ["User-Agent"] = os.getenv("BENCH_UA"),
  ["Accept"] = "text/html",
  ["Accept-Encoding"] = "gzip",
}
request = function()
  local path = n == 1 and paths[1] or paths[math.random(n)]
  return wrk.format("GET", path, headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;

/**
 * Runs wrk against `base` for `seconds`, requesting a random path of `paths` each time.
 * Resolves to { requests, rps, errors, non2xx, p50, p90, p99, max (ms), kbPerRequest, loadCpu }.
 */
export async function runWrk({ base, paths, seconds, connections, userAgent, cpu, timeoutSeconds = 10 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-wrk-"));
  try {
    const script = path.join(dir, "paths.lua");
    const list = path.join(dir, "paths.txt");
    fs.writeFileSync(script, LUA);
    fs.writeFileSync(list, `${paths.join("\n")}\n`);
    const wrk = [
      "wrk",
      "-t1",
      `-c${connections}`,
      `-d${seconds}s`,
      `--timeout`,
      `${timeoutSeconds}s`,
      "-s",
      script,
      base,
    ];
    const command = cpu === undefined ? wrk : ["taskset", "-c", String(cpu), ...wrk];
    // The shell waits for wrk, then reads its own children's CPU time (fields 16 and 17, in ticks).
    const shell = `"$@"; status=$?; echo "BENCH_CPU $(cut -d' ' -f16,17 /proc/$$/stat)"; exit $status`;
    const output = await new Promise((resolve, reject) => {
      execFile(
        "sh",
        ["-c", shell, "sh", ...command],
        {
          env: { ...process.env, BENCH_PATHS: list, BENCH_UA: userAgent, BENCH_SEED: String(process.pid) },
          maxBuffer: 16 * 1024 * 1024,
        },
        (error, stdout, stderr) =>
          error ? reject(new Error(`wrk failed: ${stderr || error.message}`)) : resolve(stdout),
      );
    });
    const json = /BENCH_JSON (\{.*\})/.exec(output);
    if (!json) throw new Error(`wrk printed no summary:\n${output}`);
    const s = JSON.parse(json[1]);
    const [cutime, cstime] = (/BENCH_CPU (\d+) (\d+)/.exec(output) ?? [0, "0", "0"]).slice(1).map(Number);
    const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    const measuredSeconds = s.duration_us / 1e6;
    const errors = s.connect + s.read + s.write + s.timeout;
    const good = s.requests - s.status;
    return {
      requests: s.requests,
      rps: good / measuredSeconds,
      errors,
      non2xx: s.status,
      p50: s.p50 / 1000,
      p90: s.p90 / 1000,
      p99: s.p99 / 1000,
      max: s.max / 1000,
      kbPerRequest: s.requests ? s.bytes / s.requests / 1024 : 0,
      loadCpu: (cutime + cstime) / ticks / measuredSeconds,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
