// Throwaway PostgreSQL and app servers for the benchmarks (the same recipe as scripts/test.sh):
// a cluster in a temp dir owned by the postgres user, trust auth on loopback, removed on stop.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { renderNginxSite, writeNginxConfig } from "../../tests/support/nginx-site.mjs";

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
  const createDatabase = (name) => {
    asPostgres(
      path.join(bin, "createdb"),
      ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", name],
      dir,
    );
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  };
  return {
    url: createDatabase("bench"),
    /** Another empty database in the same cluster (a baseline checkout seeds its own). */
    createDatabase,
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
/**
 * The production server in its own process. `cpu`: pin it to that CPU (taskset), so that the load
 * generator, pinned to another one, never competes with it. `pageCache: false` turns the
 * in-process public page cache off (PAGE_CACHE=0): every request renders.
 */
export async function startApp({
  databaseUrl,
  cpu,
  pageCache = true,
  root = ROOT,
  workers = 1,
  seed = true,
  extraEnv = {},
  /** Options for node itself, e.g. ["--cpu-prof", "--cpu-prof-dir=…"] (not allowed in NODE_OPTIONS). */
  nodeArgs = [],
} = {}) {
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
    // Under a closed-loop load every query queues: the slow-query log would only measure the load.
    SLOW_QUERY_MS: "0",
    ADMIN_EMAIL: "admin@bench.test",
    ADMIN_PASSWORD: "Bench-Admin-2026",
    PAGE_CACHE: pageCache ? "1" : "0",
    // As `npm start` sets it (package.json, decision 150).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    // N > 1: Node's cluster; the primary pins worker i to CPU i (server.js).
    WEB_CONCURRENCY: String(workers),
    ...extraEnv,
  };
  delete env.PUBLIC_URL;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    if (seed) {
      console.error("seeding PostgreSQL with the demo data (npm run seed)…");
      execFileSync("npm", ["run", "-s", "seed"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
    }
  } else {
    delete env.DATABASE_URL;
  }
  const [command, args] =
    cpu === undefined || workers > 1
      ? ["node", [...nodeArgs, "scripts/start.mjs"]]
      : ["taskset", ["-c", String(cpu), "node", ...nodeArgs, "scripts/start.mjs"]];
  const child = spawn(command, args, {
    cwd: root,
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
    /** The server's process id (`npm start` runs the server in its own process). */
    pid: child.pid,
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

/**
 * nginx serving static copies of pages (the ceiling the app is compared with): `files` maps URL
 * paths to their HTML. gzip on, one worker (like the app's one process), pinned to `cpu`.
 * Installs nothing: needs Debian's nginx (`apt-get install nginx-light` or `nginx`).
 */
export async function startNginx(files, { cpu } = {}) {
  const bin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((f) => fs.existsSync(f));
  if (!bin)
    throw new Error("nginx is not installed (apt-get install -y nginx-light): it is the benchmark's ceiling");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  // nginx's workers drop to an unprivileged user when started as root: they must read the copies.
  fs.chmodSync(dir, 0o755);
  const root = path.join(dir, "root");
  for (const [urlPath, html] of files) {
    const target = path.join(root, urlPath, "index.html");
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, html);
    // The precompressed copy gzip_static serves (what a build step would write beside the page).
    fs.writeFileSync(`${target}.gz`, zlib.gzipSync(html, { level: 9 }));
  }
  const port = await freePort();
  const staticPort = await freePort();
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  default_type text/html;
  keepalive_requests 100000;
  gzip on; gzip_comp_level 6; gzip_min_length 1024;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri/index.html =404; }
  }
  server {
    listen 127.0.0.1:${staticPort};
    root ${root};
    gzip off;
    gzip_static on;
    location / { try_files $uri/index.html =404; }
  }
}
`,
  );
  fs.mkdirSync(path.join(dir, "tmp"));
  const [command, args] =
    cpu === undefined
      ? [bin, ["-c", path.join(dir, "nginx.conf"), "-p", dir]]
      : ["taskset", ["-c", String(cpu), bin, "-c", path.join(dir, "nginx.conf"), "-p", dir]];
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/vesti`);
      if (res.status < 500) break;
    } catch {}
    if (Date.now() > deadline) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    /** The server's process id (`npm start` runs the server in its own process). */
    pid: child.pid,
    /** The same pages from their precompressed .gz copies (gzip_static): the cached pages' ceiling. */
    staticUrl: `http://127.0.0.1:${staticPort}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The shipped nginx site (deploy/nginx-site.conf: TLS, its micro-cache, the upstreams) in front of
 * the app processes on `ports`, with a throwaway certificate, one worker pinned to `cpu`. Resolves
 * to { baseUrl (https), stop() }.
 */
export async function startShippedNginx(ports, { cpu } = {}) {
  const bin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((f) => fs.existsSync(f));
  if (!bin) throw new Error("nginx is not installed (apt-get install -y nginx-light)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-edge-"));
  fs.chmodSync(dir, 0o755);
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const site = renderNginxSite(fs.readFileSync(path.join(ROOT, "deploy/nginx-site.conf"), "utf8"), {
    dir,
    httpPort,
    httpsPort,
    upstreams: ports,
    cert: { cert, key },
  });
  const conf = writeNginxConfig(dir, site);
  // nginx's workers (an unprivileged user when started as root) write the cache and the logs.
  if (process.getuid?.() === 0) execFileSync("chmod", ["-R", "a+rwX", dir]);
  const [command, args] =
    cpu === undefined
      ? [bin, ["-c", conf, "-p", dir]]
      : ["taskset", ["-c", String(cpu), bin, "-c", conf, "-p", dir]];
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
  const baseUrl = `https://127.0.0.1:${httpsPort}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const up = await new Promise((resolve) => {
      const s = net.connect(httpsPort, "127.0.0.1", () => {
        s.end();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
