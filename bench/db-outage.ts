/**
 * The database goes away under load (issue 17, docs/decisions/140), measured: a production server
 * on a PostgreSQL cluster of its own serves readers (`/vesti`, page cache off) and sign-ins (the
 * limiter's transaction) from 16 connections while the cluster is restarted (`pg_ctl stop -m
 * fast`, 2 s down, start) and its sessions killed (`pg_terminate_backend`), three times each.
 * Reports, per fault, how many answers were 200/401/429, 503 and other 5xx, whether the process lived, and
 * how long after the database came back pages were served again.
 *
 *   node --import tsx bench/db-outage.ts                       # this checkout (built first if needed)
 *   node --import tsx bench/db-outage.ts --baseline /path/to/old-checkout   # also an older one
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createPgCluster, freePort } from "../tests/support/pg-cluster";

const ROOT = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const baseline = args.includes("--baseline") ? path.resolve(args[args.indexOf("--baseline") + 1]) : null;
const CONNECTIONS = 16;

type Tally = { ok: number; unavailable: number; errors: number; noAnswer: number; other: number };
const emptyTally = (): Tally => ({ ok: 0, unavailable: 0, errors: 0, noAnswer: 0, other: 0 });

async function measure(checkout: string, label: string) {
  if (!fs.existsSync(path.join(checkout, "build/server/index.js"))) {
    execFileSync("npm", ["run", "build"], { cwd: checkout, stdio: "ignore" });
  }
  const cluster = await createPgCluster();
  await cluster.createDatabase("bench");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const rows: { fault: string; tally: Tally; backMs: number | null }[] = [];
  let died: string | null = null;
  try {
    child = spawn(process.execPath, ["server.js"], {
      cwd: checkout,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: cluster.url("bench"),
        DATA_DIR: path.join(checkout, ".tmp", `bench-outage-${process.pid}`),
        PAGE_CACHE: "0",
        TRUST_PROXY: "1",
        ADMIN_EMAIL: "admin@bench.test",
        ADMIN_PASSWORD: "Bench-Admin-Pass-2026",
        LOG_LEVEL: "silent",
      },
      stdio: "ignore",
    });
    const server = child;
    server.on("exit", (code, signal) => {
      died ??= `exited (${signal ?? code}) at ${rows.length} faults`;
    });
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error("server did not start");
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    let tally = emptyTally();
    let loading = true;
    const worker = async (id: number) => {
      for (let n = id * 100_000; loading; n++) {
        try {
          const res =
            id % 2 === 0
              ? await fetch(`${base}/vesti?strana=${(n % 5) + 1}`)
              : await fetch(`${base}/admin/login`, {
                  method: "POST",
                  redirect: "manual",
                  headers: {
                    "content-type": "application/x-www-form-urlencoded",
                    origin: base,
                    // One address and e-mail per connection: after 5 guesses the limiter refuses
                    // (429) in its transaction without hashing, so the load stays on the database.
                    "x-forwarded-for": `10.0.0.${id}`,
                  },
                  body: `email=bench${id}%40example.com&password=x`,
                });
          await res.arrayBuffer();
          if (res.status === 200 || res.status === 401 || res.status === 429) tally.ok++;
          else if (res.status === 503) tally.unavailable++;
          else if (res.status >= 500) tally.errors++;
          else tally.other++;
        } catch {
          tally.noAnswer++;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const load = Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
    const backAfter = async (): Promise<number | null> => {
      const started = Date.now();
      while (Date.now() - started < 30_000) {
        const ok = await fetch(`${base}/vesti`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) return Date.now() - started;
        await new Promise((r) => setTimeout(r, 10));
      }
      return null;
    };
    const fault = async (name: string, run: () => Promise<void>) => {
      await new Promise((r) => setTimeout(r, 1_000));
      tally = emptyTally();
      await run();
      const backMs = died ? null : await backAfter();
      await new Promise((r) => setTimeout(r, 500));
      rows.push({ fault: name, tally, backMs });
    };
    for (let round = 1; round <= 3; round++) {
      await fault(`pg_terminate_backend #${round}`, async () => {
        await cluster.terminateBackends("bench");
      });
      await fault(`restart, 2 s down #${round}`, async () => {
        cluster.stop();
        await new Promise((r) => setTimeout(r, 2_000));
        cluster.start();
      });
    }
    loading = false;
    await load;
  } finally {
    child?.kill("SIGKILL");
    cluster.destroy();
    fs.rmSync(path.join(checkout, ".tmp", `bench-outage-${process.pid}`), { recursive: true, force: true });
  }
  console.log(`\n${label}: ${died ? `the process ${died}` : "the process lived through every fault"}`);
  console.log("| fault | 200/401/429 | 503 | 5xx other | no answer | back after (ms) |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    const t = r.tally;
    console.log(
      `| ${r.fault} | ${t.ok} | ${t.unavailable} | ${t.errors} | ${t.noAnswer} | ${r.backMs ?? "—"} |`,
    );
  }
}

if (baseline) await measure(baseline, `baseline (${baseline})`);
await measure(ROOT, "this checkout");
