// Throwaway PostgreSQL and app servers for the benchmarks (the same recipe as scripts/test.sh):
// a cluster in a temp dir owned by the postgres user, trust auth on loopback, removed on stop.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function postgresBin() {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  for (const v of versions.reverse()) {
    const bin = path.join(base, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb")) && fs.existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  throw new Error(
    "No PostgreSQL server under /usr/lib/postgresql/*/bin (apt-get install postgresql postgresql-contrib)",
  );
}

/** Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses root). */
function asPostgres(cmd, args, cwd) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
}

/** Starts a throwaway cluster; resolves to { url, stop() }. */
export async function startPostgres() {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  fs.chmodSync(dir, 0o700);
  asPostgres(
    path.join(bin, "initdb"),
    ["-D", `${dir}/data`, "--auth=trust", "-U", "postgres", "--encoding=UTF8", "--locale=C.UTF-8"],
    dir,
  );
  const port = await freePort();
  asPostgres(
    path.join(bin, "pg_ctl"),
    [
      "-D",
      `${dir}/data`,
      "-l",
      `${dir}/server.log`,
      "-w",
      "-t",
      "60",
      "-o",
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`,
      "start",
    ],
    dir,
  );
  asPostgres(
    path.join(bin, "createdb"),
    ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "bench"],
    dir,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/bench`,
    stop() {
      try {
        asPostgres(path.join(bin, "pg_ctl"), ["-D", `${dir}/data`, "-m", "fast", "-w", "stop"], dir);
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the production server the way users do (`npm start`: builds when stale, migrates, seeds
 * an empty embedded database with the demo data) on a fresh DATA_DIR, or on `databaseUrl`
 * (seeded first with `npm run seed`). Resolves to { baseUrl, stop() }.
 */
export async function startApp({ databaseUrl } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "admin@bench.test",
    ADMIN_PASSWORD: "Bench-Admin-2026",
  };
  delete env.PUBLIC_URL;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    console.error("seeding PostgreSQL with the demo data (npm run seed)…");
    execFileSync("npm", ["run", "-s", "seed"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  } else {
    delete env.DATABASE_URL;
  }
  const child = spawn("node", ["scripts/start.mjs"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("server did not become ready in 5 minutes");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
