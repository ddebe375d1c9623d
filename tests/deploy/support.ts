/**
 * Pieces of the deployment test (tests/deploy/deployment.test.ts): the production install made the
 * way docs/operations.md says, the deploy/ files read and obeyed, app processes started as the
 * systemd unit starts them, nginx with the site file, and a small HTTPS client.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

import { renderNginxSite, writeNginxConfig } from "../support/nginx-site.mjs";

export { freePort } from "../support/pg-cluster";

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

/**
 * `npm ci && npm run build`, then `npm prune --omit=dev` — in a copy of this checkout (its tracked
 * files, the build, and node_modules as hard links, which prune unlinks without touching ours).
 */
export function makeProductionInstall(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT })
    .toString()
    .split("\0")
    .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
  for (const file of files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), target);
  }
  fs.cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
  // Hard links (fast, no space); a copy where the two are on different filesystems.
  try {
    execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")], {
      stdio: "pipe",
    });
  } catch {
    fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
    execFileSync("cp", ["-a", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  }
  execFileSync("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], { cwd: dir, stdio: "pipe" });
}

/** KEY=VALUE lines of an environment file (comments and blank lines skipped). */
export function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2].trim();
  }
  return env;
}

export type Unit = {
  execStart: string[];
  workingDirectory: string;
  environmentFile: string;
  environment: Record<string, string>;
  killSignal: NodeJS.Signals;
  timeoutStopSec: number;
  restart: string;
  restartSec: number;
};

/** The [Service] settings of a systemd unit file that the test obeys. */
export function readUnit(file: string): Unit {
  const service: Record<string, string[]> = {};
  let section = "";
  for (const raw of fs.readFileSync(file, "utf8").split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    if (section !== "Service") continue;
    const at = line.indexOf("=");
    const key = line.slice(0, at);
    service[key] = [...(service[key] ?? []), line.slice(at + 1)];
  }
  const one = (key: string) => {
    const value = service[key]?.at(-1);
    if (value === undefined) throw new Error(`${path.basename(file)}: no ${key}=`);
    return value;
  };
  const environment: Record<string, string> = {};
  for (const pair of service.Environment ?? []) {
    for (const item of pair.split(/\s+/)) {
      const at = item.indexOf("=");
      environment[item.slice(0, at)] = item.slice(at + 1);
    }
  }
  return {
    execStart: one("ExecStart").split(/\s+/),
    workingDirectory: one("WorkingDirectory"),
    environmentFile: one("EnvironmentFile"),
    environment,
    killSignal: one("KillSignal") as NodeJS.Signals,
    timeoutStopSec: Number(one("TimeoutStopSec")),
    restart: one("Restart"),
    restartSec: Number(one("RestartSec")),
  };
}

export type AppProcess = {
  port: number;
  child: ChildProcess;
  log: string;
  /** Resolves to the exit code (or signal name). */
  exited: Promise<number | string>;
};

/**
 * Starts one instance of the unit (instance name = port) as systemd would: ExecStart in
 * WorkingDirectory, the EnvironmentFile's variables then Environment= with %i put in.
 */
export function startInstance(
  unit: Unit,
  options: {
    instance: number;
    workingDirectory: string;
    envFile: Record<string, string>;
    extra?: Record<string, string>;
    logDir: string;
  },
): AppProcess {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", ...options.envFile };
  for (const [key, value] of Object.entries(unit.environment))
    env[key] = value.replace(/%i/g, String(options.instance));
  Object.assign(env, options.extra ?? {});
  const [command, ...args] = unit.execStart;
  const executable = path.basename(command) === "node" ? process.execPath : command;
  const log = path.join(options.logDir, `app-${options.instance}-${Date.now()}.log`);
  const out = fs.openSync(log, "a");
  const child = spawn(executable, args, {
    cwd: options.workingDirectory,
    env,
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { port: Number(env.PORT), child, log, exited };
}

export async function waitReady(app: AppProcess, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `the app on port ${app.port} to be ready (log: ${app.log})`,
    async () => {
      if (app.child.exitCode !== null)
        throw new Error(`exited: ${fs.readFileSync(app.log, "utf8").slice(-2000)}`);
      const res = await fetch(`http://127.0.0.1:${app.port}/readyz`);
      return res.ok;
    },
    timeoutMs,
    100,
  );
}

/**
 * Stops it as systemd does (KillSignal, then SIGKILL after TimeoutStopSec); resolves to the exit
 * code and whether the SIGKILL had to be sent (the process did not stop within TimeoutStopSec).
 */
export async function stopInstance(
  app: AppProcess,
  unit: Unit,
): Promise<{ code: number | string; killed: boolean }> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) {
    return { code: await app.exited, killed: false };
  }
  let killed = false;
  app.child.kill(unit.killSignal);
  const timer = setTimeout(() => {
    killed = true;
    app.child.kill("SIGKILL");
  }, unit.timeoutStopSec * 1000);
  const code = await app.exited;
  clearTimeout(timer);
  return { code, killed };
}

/** A self-signed certificate for 127.0.0.1 (openssl, from Debian). */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1"].concat([
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ]),
    { stdio: "pipe" },
  );
  return { cert, key };
}

export type Nginx = {
  stop(): Promise<void>;
  accessLog: string;
  errorLog: string;
  /** The rendered site file nginx runs. */
  siteFile: string;
  /** The command line that names this nginx (for `-t`, `-s reload`). */
  command: string;
};

/**
 * nginx (Debian's) running deploy/nginx-site.conf, with this run's ports, upstreams and certificate
 * put in, inside a minimal main configuration of its own (pid, logs and temp files in `dir`).
 */
export async function startNginx(options: {
  dir: string;
  siteFile: string;
  httpPort: number;
  httpsPort: number;
  upstreams: number[];
  cert: { cert: string; key: string };
}): Promise<Nginx> {
  const bin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((f) => fs.existsSync(f));
  if (!bin) throw new Error("nginx is not installed (scripts/test.sh installs Debian's nginx-light)");
  const { dir } = options;
  const site = renderNginxSite(fs.readFileSync(options.siteFile, "utf8"), options);
  writeNginxConfig(dir, site);
  // The site's own logs (the main configuration's are for what the site does not log itself).
  const accessLog = path.join(dir, "log", "balkan-vozaci.access.log");
  const errorLog = path.join(dir, "log", "balkan-vozaci.error.log");
  const child = spawn(bin, ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (d: Buffer) => {
    output += d.toString();
  });
  await waitFor(
    "nginx",
    async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
      return new Promise<boolean>((resolve) => {
        const s = net.connect(options.httpsPort, "127.0.0.1", () => {
          s.end();
          resolve(true);
        });
        s.on("error", () => resolve(false));
      });
    },
    20_000,
  );
  return {
    accessLog,
    errorLog,
    siteFile: path.join(dir, "site.conf"),
    command: `${bin} -c ${path.join(dir, "nginx.conf")} -p ${dir}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await Promise.race([exited, sleep(5_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
    },
  };
}

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request over http or https (trusting `ca`), with a keep-alive agent when given. */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    ca?: string;
    /** `false`: a connection of its own, closed after the answer. */
    agent?: http.Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<Reply> {
  const target = new URL(url);
  const lib = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      {
        method: options.method ?? "GET",
        headers: {
          ...(options.body !== undefined
            ? { "content-length": String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
        ca: options.ca,
        agent: options.agent,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error: Error & { reusedSocket?: boolean }) => {
      // Whether it went out on a kept-alive connection another request had used (see startLoad).
      error.reusedSocket = req.reusedSocket;
      reject(error);
    });
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export function cookieFrom(reply: Reply): string {
  const set = reply.headers["set-cookie"] ?? [];
  return set.map((c) => c.split(";")[0]).join("; ");
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * Load: `connections` loops of requests through `baseUrl` until stopped — GETs of `paths`, and, when
 * `posts` are given, every third request a POST of one of them. A GET answered with a status that
 * is not 2xx/3xx/404, a POST answered with a 5xx, and every network error count as failures (with
 * what they were).
 */
export function startLoad(
  baseUrl: string,
  paths: string[],
  options: {
    connections: number;
    ca?: string;
    posts?: { path: string; body: () => string; contentType?: string }[];
  },
) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: options.connections, ca: options.ca });
  let running = true;
  let requests = 0;
  let posts = 0;
  let resent = 0;
  const failures: string[] = [];
  // As a browser does (Chromium, Firefox; Node's own advice for `request.reusedSocket`): a request
  // written into a kept-alive connection the server closed while it was idle — nginx's old workers
  // close theirs on every reload — is sent once more on a new connection. Only that: the error
  // must be the connection's end before any answer, on a reused connection; anything else, or a
  // second failure, is a failed request.
  const send = async (url: string, init: Parameters<typeof request>[1]) => {
    try {
      return await request(url, init);
    } catch (error) {
      const e = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
      if (!e.reusedSocket || e.code !== "ECONNRESET") throw error;
      resent++;
      return request(url, { ...init, agent: false });
    }
  };
  const loop = async () => {
    for (let i = 0; running; i++) {
      const post = options.posts?.length && i % 3 === 2 ? options.posts[i % options.posts.length] : null;
      const p = post ? post.path : paths[Math.floor(Math.random() * paths.length)];
      try {
        const reply = await send(`${baseUrl}${p}`, {
          agent,
          ca: options.ca,
          method: post ? "POST" : "GET",
          body: post?.body(),
          headers: {
            "accept-encoding": "gzip",
            "user-agent": "deploy-test/1.0",
            ...(post
              ? { origin: baseUrl, "content-type": post.contentType ?? "application/x-www-form-urlencoded" }
              : {}),
          },
        });
        requests++;
        if (post) posts++;
        const failed = post ? reply.status >= 500 : reply.status >= 400 && reply.status !== 404;
        if (failed) failures.push(`${reply.status} ${post ? "POST" : "GET"} ${p}`);
      } catch (error) {
        requests++;
        failures.push(`${(error as Error).message} ${post ? "POST" : "GET"} ${p}`);
      }
    }
  };
  const loops = Array.from({ length: options.connections }, loop);
  return {
    get requests() {
      return requests;
    },
    get posts() {
      return posts;
    },
    /** Requests sent again because their kept-alive connection had been closed while idle. */
    get resent() {
      return resent;
    },
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** Runs `npm run <script> -- args` in `cwd`; resolves to its exit code and output. */
export function npmRun(
  cwd: string,
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", script, "--", ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d.toString();
    });
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * Reads every process's command line (/proc/PID/cmdline) over and over until stopped: the ones
 * that held `secret`, and how many sweeps saw a process whose program is `program` (so that a test
 * knows it looked while that program ran).
 */
export function watchCommandLines(secret: string, program: string) {
  let running = true;
  const leaks = new Set<string>();
  let sightings = 0;
  let sweeps = 0;
  const loop = (async () => {
    while (running) {
      for (const entry of fs.readdirSync("/proc")) {
        if (!/^\d+$/.test(entry)) continue;
        let argv: string[];
        try {
          argv = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
        } catch {
          continue; // gone meanwhile
        }
        const line = argv.join(" ");
        if (line.includes(secret)) leaks.add(line);
        if (path.basename(argv[0] ?? "") === program) sightings++;
      }
      sweeps++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    async stop(): Promise<{ leaks: string[]; sightings: number; sweeps: number }> {
      running = false;
      await loop;
      return { leaks: [...leaks], sightings, sweeps };
    },
  };
}
