/**
 * The deployment, for real (issue 18, docs/operations.md "Several processes"): the production
 * install (`npm prune --omit=dev`), two app processes started as deploy/balkan-vozaci@.service says
 * with deploy/balkan-vozaci.env, Debian's nginx running deploy/nginx-site.conf with TLS in front,
 * one PostgreSQL (scripts/test.sh's throwaway cluster), media in S3 (s3rver) and Mailgun (the fake).
 *
 * It shows what several processes must keep true — a write through one is on the other's pages
 * within 1 s, a session and the sign-in limiter work across both, a newsletter send and a heading
 * conversion run exactly once and carry on when the process running them is killed, killing a
 * process under load fails no request — what the whole must keep true under abuse, outage and
 * restart (issue 24): oversized posts refused by nginx without taking a process out, a forged
 * X-Forwarded-For believed by nobody, a database outage served from nginx's stale copies and the
 * app's 503 (never a 502), a rolling restart under GET and POST load failing nothing, a worker
 * killed during the outage started again without a crash loop, a nightly backup that fails queuing
 * its next run and the next writing a private archive with the database password on no command
 * line — then the operator's commands from the production install: the host's user and directories
 * (deploy/setup-host.sh), WEB_CONCURRENCY, and backup → restore on PostgreSQL (a damaged archive
 * first: nothing written, the file named), on PGlite and from PGlite into PostgreSQL, comparing
 * every table's rows and every media file's checksum. The app connects as a role of its own that
 * must give its password, as in production.
 *
 * PostgreSQL is a cluster of the test's own (it is stopped and started again for the outage),
 * from Debian's server binaries; also nginx and openssl. Run by scripts/test.sh as its own step;
 * by hand: npx vitest run --project deploy
 */
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { desc, eq, inArray, like, sql } from "drizzle-orm";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/client.server";
import {
  articleHeadings,
  articles,
  auditLog,
  backups,
  companies,
  jobs,
  newsletterSendBatches,
  newsletterSubscribers,
} from "../../app/db/schema";
import { articlePath } from "../../app/domain/articles/slug";
import { mediaChecksums } from "../../app/domain/backups/archive.server";
import { NIGHTLY_BACKUP_KIND } from "../../app/domain/backups/nightly.server";
import { countRows, diffCounts } from "../../app/domain/backups/tables.server";
import { planConversion } from "../../app/domain/headings/headings.server";
import { startHeadingsJob } from "../../app/domain/headings/jobs.server";
import { CONVERT_ALL_JOB } from "../../app/domain/headings/rules";
import { createDraft, getSend, queueSend } from "../../app/domain/newsletter/sends.server";
import { UNSUBSCRIBE_PLACEHOLDER } from "../../app/domain/newsletter/unsubscribe-link.server";
import { ENV_VARIABLES, parseEnv } from "../../app/env.server";
import { createLocalStorage } from "../../app/integrations/storage/local.server";
import { createS3Storage } from "../../app/integrations/storage/s3.server";
import type { Storage } from "../../app/integrations/storage/storage";
import { UPLOAD_BODY_LIMITS } from "../../app/lib/body-limits";
import { HONEYPOT_FIELD } from "../../app/lib/honeypot";
import { corruptMember, tarMembers } from "../support/archive";
import { type FakeMailgun, startFakeMailgun } from "../support/fake-mailgun";
import { databaseUrl, dropDatabase, withAdminClient } from "../support/global-setup";
import { createPgCluster, type PgCluster, postgresBinDir } from "../support/pg-cluster";
import {
  type AppProcess,
  cookieFrom,
  form,
  freePort,
  makeCertificate,
  makeProductionInstall,
  type Nginx,
  npmRun,
  ROOT,
  readEnvFile,
  readUnit,
  request,
  sleep,
  startInstance,
  startLoad,
  startNginx,
  stopInstance,
  type Unit,
  waitFor,
  waitReady,
  watchCommandLines,
} from "./support";

/** The superuser URL of the test's own PostgreSQL cluster (set in beforeAll). */
let ADMIN_URL = "";
let postgres: PgCluster;
const ADMIN = { email: "operater@deploy.test", password: "Deploy-Admin-Pass-2026" };
/** The app's own database role (it owns the site's database), which must give its password. */
const APP_ROLE = { name: "balkan", password: "Deploy-Db-Secret-4242" };
const METRICS_TOKEN = "deploy-test-metrics-token-0123456789";
const PREFIX = `deploy_${process.pid}`;
/** Articles the heading conversion converts (200 ms apart: long enough to be killed mid-way). */
const CONVERTED = 30;
/** deploy/nginx-site.conf: a failed upstream gets requests again after this. */
const NGINX_FAIL_TIMEOUT_MS = 5_000;
const DB = {
  main: `${PREFIX}_main`,
  restored: `${PREFIX}_restored`,
  fromLite: `${PREFIX}_from_lite`,
  cluster: `${PREFIX}_cluster`,
};

let tmp: string;
let prod: string;
let unit: Unit;
let envFile: Record<string, string>;
let s3: { run(): Promise<AddressInfo>; close(): Promise<void> };
let s3Url: string;
let fake: FakeMailgun;
let nginx: Nginx;
let cert: { cert: string; key: string };
let ca: string;
let nginxUrl: string;
let plainUrl: string;
let handle: DatabaseHandle;
const apps: AppProcess[] = [];
let ports: number[];
let metricsPort: number;
/** The embedded (PGlite) demo site, seeded in the background while the PostgreSQL part runs. */
let liteSeed: Promise<{ code: number; output: string }>;
const lite = (name: string) => ({ PATH: process.env.PATH ?? "", DATA_DIR: path.join(tmp, name) });

const urlOf = (name: string) => databaseUrl(ADMIN_URL ?? "", name);
/** The app role's URL of a database it owns (set in beforeAll). */
let appUrlOf: (name: string) => string;

function s3Storage(prefix: string): Storage {
  return createS3Storage({
    endpoint: s3Url,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    bucketNames: { images: `${prefix}images`, mediji: `${prefix}mediji` },
  });
}

/** The environment file of the deployment, with this run's values in place of the placeholders. */
function renderEnvFile(): Record<string, string> {
  const template = readEnvFile(path.join(ROOT, "deploy/balkan-vozaci.env"));
  return {
    ...template,
    DATABASE_URL: appUrlOf(DB.main),
    DATA_DIR: path.join(tmp, "shared-data"),
    PUBLIC_URL: nginxUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    S3_ENDPOINT: s3Url,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    METRICS_TOKEN,
    BACKUP_DIR: path.join(tmp, "backups"),
    MAILGUN_API_KEY: fake.apiKey,
    MAILGUN_DOMAIN: fake.domain,
    MAILGUN_BASE_URL: fake.url,
  };
}

function launch(index: number, extra: Record<string, string> = {}): AppProcess {
  const app = startInstance(unit, {
    instance: ports[index],
    workingDirectory: prod,
    envFile,
    extra: index === 1 ? { METRICS_PORT: String(metricsPort), ...extra } : extra,
    logDir: tmp,
  });
  apps[index] = app;
  return app;
}

const direct = (index: number) => `http://127.0.0.1:${ports[index]}`;

async function signIn(base: string, proxied: boolean): Promise<string> {
  const origin = proxied ? nginxUrl : base;
  const reply = await request(`${base}/admin/login`, {
    method: "POST",
    ca,
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: form({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(reply.status, reply.body.slice(0, 300)).toBe(302);
  return cookieFrom(reply);
}

function hasPostgresServer(): boolean {
  try {
    return Boolean(postgresBinDir());
  } catch {
    return false;
  }
}

const execFileAsync = promisify(execFile);
const FORM_TYPE = "application/x-www-form-urlencoded";
const BOUNDARY = "----deploy-test-boundary";

/** A multipart form of about `size` bytes (one text field and one file). */
function multipartBody(size: number): string {
  return [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="email"',
    "",
    "a@b.test",
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="prilog"; filename="veliko.txt"',
    "Content-Type: text/plain",
    "",
    "x".repeat(size),
    `--${BOUNDARY}--`,
    "",
  ].join("\r\n");
}

/** The processes whose parent is `pid` (a cluster's workers), from /proc. */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses; the rest follows the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function countInLog(file: string, text: string): number {
  if (!fs.existsSync(file)) return 0;
  return fs.readFileSync(file, "utf8").split(text).length - 1;
}

const describeDeploy = hasPostgresServer() ? describe : describe.skip;

describeDeploy("deployment: nginx + 2 processes + PostgreSQL + S3", () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-test-"));
    fs.chmodSync(tmp, 0o755); // nginx's workers (nobody) read the certificate's directory
    const { buildIfNeeded } = await import("../../scripts/build.mjs");
    if (!(await buildIfNeeded())) throw new Error("the production build failed");
    // Beside node_modules (one filesystem, so it can be hard-linked), under the ignored .tmp/.
    prod = path.join(ROOT, ".tmp", `deploy-app-${process.pid}`);
    fs.rmSync(prod, { recursive: true, force: true });
    makeProductionInstall(prod);
    unit = readUnit(path.join(ROOT, "deploy/balkan-vozaci@.service"));
    liteSeed = npmRun(prod, "seed", [], lite("lite"));

    postgres = await createPgCluster();
    ADMIN_URL = postgres.url();
    await withAdminClient(ADMIN_URL, async (client) => {
      for (const name of Object.values(DB)) {
        await dropDatabase(client, name);
        await client.query(`CREATE DATABASE ${name}`);
      }
    });
    // As in production (docs/operations.md): the site's database belongs to the app's role, which
    // signs in with a password — the one no process may show on its command line.
    await postgres.passwordRole(APP_ROLE.name, APP_ROLE.password, DB.main);
    appUrlOf = (name) =>
      `postgres://${APP_ROLE.name}:${APP_ROLE.password}@127.0.0.1:${postgres.port}/${name}`;
    await withAdminClient(ADMIN_URL, async (client) => {
      for (const name of [DB.main, DB.restored])
        await client.query(`ALTER DATABASE ${name} OWNER TO ${APP_ROLE.name}`);
    });
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: path.join(tmp, "s3"),
      configureBuckets: ["balkan-images", "balkan-mediji", "restored-images", "restored-mediji"].map(
        (name) => ({
          name,
        }),
      ),
    });
    s3Url = `http://127.0.0.1:${(await s3.run()).port}`;
    fake = await startFakeMailgun({ keepCopies: false });
    cert = makeCertificate(tmp);
    ca = fs.readFileSync(cert.cert, "utf8");
    const [httpPort, httpsPort, a, b, m] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    ports = [a, b];
    metricsPort = m;
    nginxUrl = `https://127.0.0.1:${httpsPort}`;
    plainUrl = `http://127.0.0.1:${httpPort}`;
    envFile = renderEnvFile();

    // `npm run seed` from the production install: the demo site in PostgreSQL, its pictures in S3.
    const seeded = await npmRun(prod, "seed", [], envFile);
    expect(seeded.code, seeded.output).toBe(0);

    launch(0);
    launch(1);
    await Promise.all(apps.map((app) => waitReady(app)));
    nginx = await startNginx({
      dir: path.join(tmp, "nginx"),
      siteFile: path.join(ROOT, "deploy/nginx-site.conf"),
      httpPort,
      httpsPort,
      upstreams: ports,
      cert,
    });
    handle = await openDatabase({ driver: "postgres", url: urlOf(DB.main), max: 3 });
  }, 300_000);

  afterAll(async () => {
    await liteSeed?.catch(() => {});
    for (const app of apps) if (app && app.child.exitCode === null) app.child.kill("SIGKILL");
    await nginx?.stop();
    await handle?.close();
    await fake?.close();
    await s3?.close();
    postgres?.destroy();
    if (tmp && !process.env.KEEP_DEPLOY_TEST) {
      fs.rmSync(tmp, { recursive: true, force: true });
      if (prod) fs.rmSync(prod, { recursive: true, force: true });
    }
  }, 60_000);

  it("runs from a production install: no devDependencies, the deploy files as they are", async () => {
    for (const dev of ["tsx", "vite", "vitest", "@react-router/dev", "@playwright/test", "s3rver"]) {
      expect(fs.existsSync(path.join(prod, "node_modules", dev)), `${dev} is pruned`).toBe(false);
    }
    // Every variable of the environment template is one the app knows, and its value is accepted.
    const template = readEnvFile(path.join(ROOT, "deploy/balkan-vozaci.env"));
    expect(Object.keys(template).filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    expect(() => parseEnv(template)).not.toThrow();
    expect(() => parseEnv(envFile)).not.toThrow();
    // The unit's stop timeout outlasts the app's whole drain (3 s lame duck + 2 × 10 s).
    expect(unit.restart).toBe("on-failure");
    expect(unit.killSignal).toBe("SIGTERM");
    expect(unit.timeoutStopSec).toBeGreaterThan(3 + 10 + 10);
    // nginx lets the app's largest body through (on its path: server/http/nginx-site.test.ts), and
    // nothing larger anywhere.
    const site = fs.readFileSync(path.join(ROOT, "deploy/nginx-site.conf"), "utf8");
    const sizes = [...site.matchAll(/client_max_body_size (\d+)([km]);/g)].map(
      ([, n, unit]) => Number(n) * (unit === "m" ? 1024 * 1024 : 1024),
    );
    const largest = Math.max(...UPLOAD_BODY_LIMITS.map((r) => r.limit));
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(largest);
    expect(Math.max(...sizes)).toBeLessThan(largest + 1024 * 1024);
    // The processes believe nginx (on loopback) about the client, and nobody else.
    expect(envFile.TRUST_PROXY).toBe("loopback");
    expect(unit.environment.MALLOC_ARENA_MAX).toBe("2");

    const home = await request(`${nginxUrl}/`, { ca });
    expect(home.status).toBe(200);
    expect(home.body).toContain("Balkan");
    const plain = await request(`${plainUrl}/vesti`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://127.0.0.1/vesti");
  });

  it("the host's user and directories: deploy/setup-host.sh makes what the unit and the environment file name", async () => {
    const script = fs.readFileSync(path.join(ROOT, "deploy/setup-host.sh"), "utf8");
    const unitText = fs.readFileSync(path.join(ROOT, "deploy/balkan-vozaci@.service"), "utf8");
    const template = readEnvFile(path.join(ROOT, "deploy/balkan-vozaci.env"));
    const scriptDefault = (name: string) => new RegExp(`\\$\\{BV_${name}:-([^}]+)\\}`).exec(script)?.[1];
    const unitSetting = (name: string) => new RegExp(`^${name}=(.*)$`, "m").exec(unitText)?.[1];
    // The script's defaults are the unit's user, release, environment file and writable paths,
    // and the environment file's data and backup directories.
    expect(unitSetting("User")).toBe(scriptDefault("USER"));
    expect(unitSetting("Group")).toBe(scriptDefault("USER"));
    expect(unitSetting("WorkingDirectory")).toBe(scriptDefault("APP_DIR"));
    expect(unitSetting("EnvironmentFile")).toBe(`${scriptDefault("CONFIG_DIR")}/balkan-vozaci.env`);
    expect(unitSetting("ReadWritePaths")?.split(/\s+/).sort()).toEqual(
      [scriptDefault("DATA_DIR"), scriptDefault("BACKUP_DIR")].sort(),
    );
    expect(template.DATA_DIR).toBe(scriptDefault("DATA_DIR"));
    expect(template.BACKUP_DIR).toBe(scriptDefault("BACKUP_DIR"));
    expect(fs.readFileSync(path.join(ROOT, "docs/operations.md"), "utf8")).toContain(
      "sh deploy/setup-host.sh",
    );

    if (process.getuid?.() !== 0) return; // the run below makes a system user: root only
    // Run for real, twice (it is safe to run again), into a directory of this test's own and with
    // a user of its own, removed afterwards.
    const host = path.join(tmp, "host");
    const user = `bvdeploy${process.pid % 100_000}`;
    const env = {
      ...process.env,
      BV_USER: user,
      BV_APP_DIR: path.join(host, "srv"),
      BV_DATA_DIR: path.join(host, "lib"),
      BV_BACKUP_DIR: path.join(host, "backups"),
      BV_CONFIG_DIR: path.join(host, "etc"),
      BV_NGINX_CACHE_DIR: path.join(host, "cache"),
      BV_NGINX_LOG_DIR: path.join(host, "log"),
    };
    try {
      await execFileAsync("sh", [path.join(ROOT, "deploy/setup-host.sh")], { env });
      fs.appendFileSync(path.join(host, "etc", "balkan-vozaci.env"), "# edited by the operator\n");
      fs.chmodSync(path.join(host, "backups"), 0o755); // loosened by hand meanwhile
      const again = await execFileAsync("sh", [path.join(ROOT, "deploy/setup-host.sh")], { env });
      expect(again.stdout).not.toContain("wrote");
      const uid = Number((await execFileAsync("id", ["-u", user])).stdout.trim());
      expect((await execFileAsync("getent", ["passwd", user])).stdout).toContain(":/usr/sbin/nologin");
      const mode = (p: string) => fs.statSync(path.join(host, p)).mode & 0o777;
      const owner = (p: string) => fs.statSync(path.join(host, p)).uid;
      expect([mode("lib"), owner("lib")]).toEqual([0o700, uid]);
      expect([mode("backups"), owner("backups")]).toEqual([0o700, uid]);
      expect([mode("etc"), owner("etc")]).toEqual([0o700, 0]);
      expect([mode("etc/balkan-vozaci.env"), owner("etc/balkan-vozaci.env")]).toEqual([0o600, 0]);
      expect(fs.readFileSync(path.join(host, "etc", "balkan-vozaci.env"), "utf8")).toContain(
        "# edited by the operator",
      );
      expect([mode("srv"), owner("srv")]).toEqual([0o755, 0]);
    } finally {
      await execFileAsync("userdel", [user]).catch(() => {});
      await execFileAsync("groupdel", [user]).catch(() => {});
    }
  });

  it("nginx: TLS, the client's https and address reach the app, logs that join and keep no secret", async () => {
    expect((await request(`${nginxUrl}/healthz`, { ca })).status).toBe(200);
    const vesti = await request(`${nginxUrl}/vesti?from=deploy-test`, { ca });
    expect(vesti.status).toBe(200);
    expect(vesti.headers["cache-control"]).toMatch(/public/);
    const requestId = String(vesti.headers["x-request-id"]);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, passed on
    // Links with secrets: an unsubscribe token, a signed preview.
    const secret = "tajna-vrednost-0123456789";
    await request(`${nginxUrl}/newsletter/odjava?token=${secret}`, { ca });
    await request(`${nginxUrl}/pregled/1/4102444800/${secret}`, { ca });
    // A poster's management link and an alert's page (docs/decisions/300, 302).
    await request(`${nginxUrl}/moj-oglas/1/${secret}`, { ca });
    await request(`${nginxUrl}/cir/obavestenja/1/${secret}`, { ca });
    await sleep(200);
    const log = fs.readFileSync(nginx.accessLog, "utf8");
    expect(log).not.toContain("/healthz");
    const lines = log
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // One JSON line per request: the id the app saw, the address, which process answered and how long it took.
    const line = lines.find((l) => l.requestId === requestId);
    expect(line).toMatchObject({
      url: "/vesti?from=deploy-test",
      status: 200,
      ip: "127.0.0.1",
      method: "GET",
    });
    expect(String(line?.upstream)).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(Number(line?.upstreamSeconds)).toBeGreaterThanOrEqual(0);
    // The app's line of the same request carries the same id and the client's address.
    const appLines = apps
      .flatMap((app) => fs.readFileSync(app.log, "utf8").split("\n"))
      .filter((l) => l.startsWith("{"));
    const appLine = appLines
      .map((l) => JSON.parse(l))
      .find((l) => l.requestId === requestId && l.msg === "request");
    expect(appLine).toMatchObject({ ip: "127.0.0.1", url: "/vesti?from=deploy-test", status: 200 });
    expect(log).not.toContain(secret);
    expect(appLines.join("\n")).not.toContain(secret);
    expect(log).toContain("/newsletter/odjava?[redacted]");
    expect(log).toContain("/pregled/[redacted]");
    expect(log).toContain("/moj-oglas/1/[redacted]");
    expect(log).toContain("/cir/obavestenja/1/[redacted]");
    // Behind TLS the session cookie is Secure (TRUST_PROXY=1 reads X-Forwarded-Proto).
    const login = await request(`${nginxUrl}/admin/login`, {
      method: "POST",
      ca,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: nginxUrl },
      body: form({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(302);
    expect(String(login.headers["set-cookie"])).toMatch(/Secure/i);
  });

  it("a session made through one process works on the other", async () => {
    const cookie = await signIn(nginxUrl, true);
    for (const index of [0, 1]) {
      const page = await request(`${direct(index)}/admin`, {
        headers: { cookie, "x-forwarded-proto": "https" },
      });
      expect(page.status, `process ${index}`).toBe(200);
      expect(page.body).toContain("Kontrolna tabla");
    }
  });

  it("a company switched off through process A is gone from process B's cached page within 1 s", async () => {
    const [company] = await handle.db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.active, true))
      .limit(1);
    const page = `${direct(1)}/kompanije/${company.id}`;
    for (let i = 0; i < 2; i++) expect((await request(page)).status).toBe(200); // rendered, then cached
    const cookie = await signIn(direct(0), false);
    const toggled = await request(`${direct(0)}/admin/companies`, {
      method: "POST",
      headers: { cookie, origin: direct(0), "content-type": "application/x-www-form-urlencoded" },
      body: form({ intent: "toggle", companyId: String(company.id) }),
    });
    expect(toggled.status).toBeLessThan(400);
    // Process B cached the page just now and keeps a page for 60 s (server/http/page-cache.ts); it
    // drops it well before that only when the change reaches it over LISTEN/NOTIFY. The wait is
    // for that event, bounded by half the cache's lifetime, not for a wall-clock figure.
    await waitFor(
      "the company page to disappear on process B",
      async () => (await request(page)).status === 404,
      30_000,
      20,
    );
  });

  it("the sign-in limiter counts across processes: 5 wrong passwords over both, the 6th refused", async () => {
    const email = "nepoznat@deploy.test";
    const attempt = (index: number, password: string) =>
      request(`${direct(index)}/admin/login`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: direct(index),
          "x-forwarded-for": "198.51.100.23",
        },
        body: form({ email, password }),
      });
    for (let i = 0; i < 5; i++) {
      const reply = await attempt(i % 2, `pogresna-${i}`);
      expect(reply.status, `attempt ${i + 1}`).toBe(401);
      expect(reply.body).not.toContain("Previše neuspešnih pokušaja prijave");
    }
    const sixth = await attempt(1, "pogresna-6");
    expect(sixth.status).toBe(429);
    expect(sixth.body).toContain("Previše neuspešnih pokušaja prijave");
  });

  it("oversized posts (form and multipart, 300 KB and 2 MB) get nginx's Serbian 413 and take no process out", async () => {
    const disabledBefore = countInLog(nginx.errorLog, "temporarily disabled");
    const targets = [
      "/admin/login",
      "/kompanije/nova",
      "/newsletter",
      "/poslovi/novi",
      "/cir/kompanije/nova",
    ];
    const gets: number[] = [];
    for (let i = 0; i < 20; i++) {
      const size = i % 2 === 0 ? 300 * 1024 : 2 * 1024 * 1024;
      const multipart = i % 4 >= 2;
      const body = multipart ? multipartBody(size) : form({ email: "a@b.test", poruka: "x".repeat(size) });
      const reply = await request(`${nginxUrl}${targets[i % targets.length]}`, {
        method: "POST",
        ca,
        headers: {
          origin: nginxUrl,
          "content-type": multipart ? `multipart/form-data; boundary=${BOUNDARY}` : FORM_TYPE,
        },
        body,
      });
      expect(reply.status, `${targets[i % targets.length]} ${size}`).toBe(413);
      expect(reply.body).toContain("Zahtev je prevelik. Najveća dozvoljena veličina je 256 KB.");
      expect(reply.headers["cache-control"]).toBe("no-store");
      for (const page of ["/", "/vesti"]) gets.push((await request(`${nginxUrl}${page}`, { ca })).status);
    }
    // A body nginx lets through on an upload path but the app refuses (a form, not the photos'
    // multipart): the app's own 413, read to its end, so nginx sees an answer, not a reset.
    for (let i = 0; i < 6; i++) {
      const reply = await request(`${nginxUrl}/kupoprodaja/novi`, {
        method: "POST",
        ca,
        headers: { origin: nginxUrl, "content-type": FORM_TYPE },
        body: form({ naslov: "x".repeat(2 * 1024 * 1024) }),
      });
      expect(reply.status).toBe(413);
      expect(reply.body).toContain("Zahtev je prevelik");
      for (const page of ["/", "/kompanije"]) gets.push((await request(`${nginxUrl}${page}`, { ca })).status);
    }
    expect(gets.filter((status) => status !== 200)).toEqual([]);
    expect(countInLog(nginx.errorLog, "temporarily disabled")).toBe(disabledBefore);
    expect(fs.readFileSync(nginx.errorLog, "utf8")).not.toMatch(
      /Broken pipe|reset by peer|no live upstreams/,
    );
  });

  it("a forged X-Forwarded-For through nginx is believed by nobody: the limiter and the audit log see the real address", async () => {
    // Six signups, each claiming another address: the sixth from the one real address is refused.
    for (let i = 0; i < 6; i++) {
      const reply = await request(`${nginxUrl}/newsletter`, {
        method: "POST",
        ca,
        headers: { origin: nginxUrl, "content-type": FORM_TYPE, "x-forwarded-for": `6.6.6.${i + 1}` },
        body: form({ email: `prevara${i}@deploy.test` }),
      });
      expect(reply.status, `signup ${i + 1}`).toBe(i < 5 ? 200 : 429);
    }
    const login = await request(`${nginxUrl}/admin/login`, {
      method: "POST",
      ca,
      headers: { origin: nginxUrl, "content-type": FORM_TYPE, "x-forwarded-for": "6.6.6.6" },
      body: form({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(login.status).toBe(302);
    const [entry] = await handle.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.action, "sign-in"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.ip).toBe("127.0.0.1");
    const forged = await handle.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(like(auditLog.ip, "6.6.6.%"));
    expect(forged).toEqual([]);
  });

  it("a newsletter send and a heading conversion run exactly once, carry on when their process is killed, and no request fails", async () => {
    // 3,600 more subscribers: with the demo's, several batches of 1,000 with 1 s between them.
    const extra = Array.from({ length: 3_600 }, (_, i) => ({
      email: `vozac${i}@deploy.test`,
      source: "website",
    }));
    for (let i = 0; i < extra.length; i += 1_000) {
      await handle.db.insert(newsletterSubscribers).values(extra.slice(i, i + 1_000));
    }
    const [{ active }] = await handle.db
      .select({ active: sql<number>`count(*)::int` })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.isActive, true));
    // Heading conversion over CONVERTED articles (the others marked restored, which "Convert all" leaves alone).
    const published = await handle.db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(eq(articles.status, "publish"));
    const chosen = published.filter((a) => planConversion(a.content).headings.length > 0).slice(0, CONVERTED);
    expect(chosen.length).toBe(CONVERTED);
    const original = new Map(chosen.map((a) => [a.id, a.content]));
    const others = published.filter((a) => !original.has(a.id)).map((a) => a.id);
    for (let i = 0; i < others.length; i += 1_000) {
      await handle.db
        .insert(articleHeadings)
        .values(others.slice(i, i + 1_000).map((articleId) => ({ articleId, restoredAt: new Date() })))
        .onConflictDoUpdate({ target: articleHeadings.articleId, set: { restoredAt: new Date() } });
    }

    let sendId = 0;
    const load = startLoad(nginxUrl, ["/", "/vesti", "/kompanije", "/forum", "/poslovi", "/rss.xml"], {
      connections: 6,
      ca,
    });
    try {
      const draft = await createDraft(handle.db, {
        kind: "manual",
        subject: "Vesti za vozače",
        html: `<p>Vesti</p><a href="${UNSUBSCRIBE_PLACEHOLDER}">Odjava</a>`,
        text: `Vesti ${UNSUBSCRIBE_PLACEHOLDER}`,
        articleIds: [],
        origin: nginxUrl,
        createdBy: ADMIN.email,
      });
      const queued = await queueSend(handle.db, {
        draftId: draft.id,
        subject: "Vesti za vozače",
        audience: "all",
        subscriberIds: [],
        createdBy: ADMIN.email,
      });
      if (!queued.ok) throw new Error(queued.code);
      sendId = queued.send.id;
      const headings = await startHeadingsJob(handle.db, CONVERT_ALL_JOB, ADMIN.email);
      const jobIds = [queued.send.jobId ?? 0, headings.job.id];

      // Both running, the first batch sent: kill (SIGKILL) every process that holds one of them.
      await waitFor(
        "both jobs running and a batch sent",
        async () => {
          const sent = await handle.db
            .select({ n: sql<number>`count(*)::int` })
            .from(newsletterSendBatches)
            .where(
              sql`${newsletterSendBatches.sendId} = ${queued.send.id} and ${newsletterSendBatches.status} = 'sent'`,
            );
          const running = await handle.db.select().from(jobs).where(inArray(jobs.id, jobIds));
          return sent[0].n >= 1 && running.every((j) => j.status === "running") ? running : null;
        },
        30_000,
        25,
      );
      // SIGKILL the process running the send, then (if it is still running elsewhere) the one
      // running the conversion: one at a time, as crashes come, so one process always serves.
      // Each comes back as systemd brings it back (Restart=on-failure after RestartSec).
      let kills = 0;
      for (const jobId of jobIds) {
        const [job] = await handle.db.select().from(jobs).where(eq(jobs.id, jobId));
        if (job.status !== "running" || !job.lockedBy) continue;
        const pid = Number(job.lockedBy.split("-")[0]);
        const index = apps.findIndex((app) => app.child.pid === pid);
        if (index < 0) continue;
        apps[index].child.kill("SIGKILL");
        kills++;
        await apps[index].exited;
        await sleep(unit.restartSec * 1000);
        await waitReady(launch(index));
        // nginx tries a failed upstream again fail_timeout after its last failure (which may be
        // as late as the moment it became ready): wait that out before the next fault, as a
        // second crash within it would find both processes marked down ("no live upstreams").
        await sleep(NGINX_FAIL_TIMEOUT_MS + 1_000);
      }
      expect(kills).toBeGreaterThan(0);

      // A restart as a deploy does it: SIGTERM (the unit's KillSignal), a clean exit, started again.
      const stopped = await stopInstance(apps[0], unit);
      expect(stopped).toEqual({ code: 0, killed: false });
      await waitReady(launch(0));
      await sleep(500);
    } finally {
      await load.stop();
    }
    expect(load.failures).toEqual([]);
    expect(load.requests).toBeGreaterThan(50);

    // Both finish (the killed process's lease runs out and another process takes the job over).
    const send = await waitFor(
      "the newsletter send to finish",
      async () => {
        const s = await getSend(handle.db, sendId);
        return s && (s.status === "done" || s.status === "failed") ? s : null;
      },
      120_000,
      500,
    );
    expect(send.status).toBe("done");
    expect(send.recipientsSent).toBe(active);
    expect(fake.deliveries.size).toBe(active);
    expect([...fake.deliveries.values()].filter((n) => n > 1)).toEqual([]);
    expect(fake.violations).toEqual([]);

    await waitFor(
      "the heading conversion to finish",
      async () => {
        const [job] = await handle.db.select().from(jobs).where(eq(jobs.kind, CONVERT_ALL_JOB));
        return job?.status === "done";
      },
      120_000,
      500,
    );
    const states = await handle.db
      .select()
      .from(articleHeadings)
      .where(inArray(articleHeadings.articleId, [...original.keys()]));
    const contents = await handle.db
      .select({ id: articles.id, content: articles.content })
      .from(articles)
      .where(inArray(articles.id, [...original.keys()]));
    expect(states.filter((s) => s.state === "converted")).toHaveLength(CONVERTED);
    for (const s of states) {
      // Converted once: what it replaced is the original, and the content is that converted once.
      expect(s.previousContent).toBe(original.get(s.articleId));
      expect(contents.find((c) => c.id === s.articleId)?.content).toBe(
        planConversion(original.get(s.articleId) ?? "").html,
      );
    }
  }, 240_000);

  it("a rolling restart — each process out of nginx's rotation, SIGTERM, back — under GET and POST load fails no request", async () => {
    // deploy/rolling-restart.sh, as an operator runs it, for the nginx part (`out`, `in`); the
    // processes are stopped and started as systemd would (the unit's KillSignal).
    const rotation = (direction: "out" | "in", port: number) =>
      execFileAsync("sh", [path.join(ROOT, "deploy/rolling-restart.sh"), direction, String(port)], {
        env: { ...process.env, SITE: nginx.siteFile, NGINX: nginx.command, SETTLE_SECONDS: "2" },
      });
    const load = startLoad(nginxUrl, ["/", "/vesti", "/kompanije", "/forum", "/poslovi"], {
      connections: 6,
      ca,
      // A signup with the honeypot filled: a real POST through the whole stack, never rate-limited.
      posts: [{ path: "/newsletter", body: () => form({ email: "bot@deploy.test", [HONEYPOT_FIELD]: "x" }) }],
    });
    try {
      for (const index of [0, 1]) {
        await sleep(1_500);
        await rotation("out", ports[index]);
        const stopped = await stopInstance(apps[index], unit);
        expect(stopped.code).toBe(0);
        await waitReady(launch(index));
        await rotation("in", ports[index]);
      }
      await sleep(1_500);
    } finally {
      await load.stop();
    }
    // A request nginx's reload cut off while its connection sat idle was sent again, as a browser
    // sends it (startLoad): how many, for the record; never one the app had begun to answer.
    console.info(`rolling restart: ${load.requests} requests, ${load.posts} POSTs, ${load.resent} resent`);
    expect(load.failures).toEqual([]);
    expect(load.posts).toBeGreaterThan(30);
    expect(load.requests).toBeGreaterThan(100);
    // Both processes serve again.
    expect(fs.readFileSync(nginx.siteFile, "utf8")).not.toMatch(/ down;/);
  }, 120_000);

  it("PostgreSQL away for 10 s under load: nginx's stale copies and the app's 503, never a 502; served again at the first asks after its return; a worker killed meanwhile comes back without a crash loop", async () => {
    // A WEB_CONCURRENCY=2 instance of its own (Node's cluster), whose worker is killed during the outage.
    const clusterPort = await freePort();
    const clustered = startInstance(unit, {
      instance: clusterPort,
      workingDirectory: prod,
      envFile: { ...envFile, DATABASE_URL: urlOf(DB.cluster) },
      extra: { WEB_CONCURRENCY: "2" },
      logDir: tmp,
    });
    try {
      await waitReady(clustered, 90_000);
      await waitFor(
        "two workers",
        async () => (childPids(clustered.child.pid ?? 0).length === 2 ? true : null),
        20_000,
      );

      const published = await handle.db
        .select({ id: articles.id, slug: articles.slug, title: articles.title })
        .from(articles)
        .where(eq(articles.status, "publish"))
        .orderBy(desc(articles.id))
        .limit(60);
      // Pages nginx keeps (the forum is per reader, `private`: never kept, so 503 like any unseen page).
      const seen = [
        "/",
        "/vesti",
        "/kompanije",
        "/poslovi",
        ...published.slice(0, 4).map((a) => articlePath(a)),
      ];
      const unseen = published.slice(10).map((a) => articlePath(a));
      for (const page of seen) {
        expect((await request(`${nginxUrl}${page}`, { ca })).status).toBe(200);
        const again = await request(`${nginxUrl}${page}`, { ca });
        expect(again.status).toBe(200);
        expect(again.headers["x-cache-status"], page).toBe("HIT");
      }
      // An admin write empties both processes' own page caches (the content-change signal): from
      // now on a page the app is asked for must be rendered, and cannot be while the database is away.
      const cookie = await signIn(direct(0), false);
      const [company] = await handle.db
        .select({ id: companies.id })
        .from(companies)
        .orderBy(desc(companies.id))
        .limit(1);
      const toggled = await request(`${direct(0)}/admin/companies`, {
        method: "POST",
        headers: { cookie, origin: direct(0), "content-type": FORM_TYPE },
        body: form({ intent: "toggle", companyId: String(company.id) }),
      });
      expect(toggled.status).toBeLessThan(400);

      type Seen = { page: string; status: number; cache: string; retryAfter: string; requestId: string };
      const duringSeen: Seen[] = [];
      const duringUnseen: Seen[] = [];
      const get = async (page: string): Promise<Seen> => {
        const reply = await request(`${nginxUrl}${page}`, { ca });
        return {
          page,
          status: reply.status,
          cache: String(reply.headers["x-cache-status"] ?? ""),
          retryAfter: String(reply.headers["retry-after"] ?? ""),
          requestId: String(reply.headers["x-request-id"] ?? ""),
        };
      };

      postgres.stop();
      const downAt = Date.now();
      let next = 0;
      let killed = 0;
      const readers = Array.from({ length: 3 }, async (_, r) => {
        for (let i = r; Date.now() - downAt < 10_000; i++) {
          duringSeen.push(await get(seen[i % seen.length]));
          if (next < unseen.length - 5) duringUnseen.push(await get(unseen[next++]));
          await sleep(100);
        }
      });
      // Meanwhile a worker of the clustered instance dies (as a crash would).
      await sleep(2_000);
      const [victim] = childPids(clustered.child.pid ?? 0);
      process.kill(victim, "SIGKILL");
      killed++;
      await Promise.all(readers);

      expect(duringSeen.length).toBeGreaterThan(20);
      expect(duringSeen.filter((r) => r.status !== 200)).toEqual([]);
      expect(duringSeen.some((r) => r.cache === "STALE")).toBe(true);
      expect(duringUnseen.length).toBeGreaterThan(5);
      for (const r of duringUnseen) {
        expect(r, r.page).toMatchObject({ status: 503, retryAfter: "5" });
        expect(r.requestId, "the app's own 503, not nginx's").toMatch(/^[0-9a-f]{32}$/);
      }
      const clusterLog = () => fs.readFileSync(clustered.log, "utf8");
      // The replacement waits for the database instead of dying at start.
      await waitFor(
        "the new worker waiting for the database",
        async () => (clusterLog().includes("database unreachable at start: waiting for it") ? true : null),
        15_000,
      );
      expect(countInLog(clustered.log, "worker died; starting another")).toBe(killed);

      // pg_ctl returns once PostgreSQL accepts connections again. The app keeps no back-off: a page
      // it must render is served at the first ask (a second is allowed for a connection attempt
      // begun just before). Counted, not timed: a busy machine makes each ask slower, not more
      // numerous, while a back-off of the app would take many asks.
      postgres.start();
      const fresh = unseen.at(-1) ?? "/";
      let asks = 0;
      await waitFor(
        "a page never seen to be served again",
        async () => {
          asks++;
          return (await get(fresh)).status === 200;
        },
        30_000,
        50,
      );
      expect(asks).toBeLessThanOrEqual(2);
      // The stale copies are refreshed: a seen page comes from the app again, not from the stale copy.
      await waitFor(
        "a fresh copy of the home page",
        async () => ((await get("/")).cache !== "STALE" ? true : null),
        5_000,
        100,
      );
      // The clustered instance recovers too, with its two workers, and died no more.
      await waitFor(
        "the clustered instance ready again",
        async () => ((await request(`http://127.0.0.1:${clusterPort}/readyz`)).status === 200 ? true : null),
        30_000,
        200,
      );
      expect((await request(`http://127.0.0.1:${clusterPort}/vesti`)).status).toBe(200);
      expect(childPids(clustered.child.pid ?? 0)).toHaveLength(2);
      expect(countInLog(clustered.log, "worker died; starting another")).toBe(killed);
      for (const app of apps) expect(app.child.exitCode).toBeNull();
      expect(fs.readFileSync(nginx.errorLog, "utf8")).not.toContain("no live upstreams");
    } finally {
      if (postgres) {
        try {
          postgres.start();
        } catch {
          // already running
        }
      }
      await stopInstance(clustered, unit);
    }
  }, 180_000);

  it("a nightly backup that fails queues its next run; the next writes a 0600 archive in a 0700 directory, the password on no command line", async () => {
    const dir = envFile.BACKUP_DIR;
    const nightly = () =>
      handle.db.select().from(jobs).where(eq(jobs.kind, NIGHTLY_BACKUP_KIND)).orderBy(jobs.id);
    const periodicGauge = async () => {
      const body = (await request(`http://127.0.0.1:${metricsPort}/metrics`)).body;
      return /^bv_jobs_periodic_scheduled\{kind="backups:nightly"\} (\d+)$/m.exec(body)?.[1];
    };
    // The processes queued the night's run at start.
    const [queued] = (await nightly()).filter((j) => j.status === "queued");
    expect(queued).toBeDefined();
    expect(await periodicGauge()).toBe("1");

    // BACKUP_DIR cannot be written (a file where the directory should be: every write fails, as on
    // a full disk). The run is due now, and its attempts are cut to one (its retries would only
    // repeat the same failure 5 and 10 s apart).
    fs.rmSync(dir, { recursive: true, force: true });
    fs.writeFileSync(dir, "");
    await handle.db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 1_000), maxAttempts: 1 })
      .where(eq(jobs.id, queued.id));
    const failed = await waitFor(
      "the nightly backup to fail",
      async () => (await nightly()).find((j) => j.id === queued.id && j.status === "failed"),
      30_000,
      200,
    );
    expect(failed.lastError).toMatch(/EEXIST|ENOTDIR/);
    // Its next run is queued, for a later night, under the kind's one key; the metric says so.
    const next = (await nightly()).filter((j) => j.status === "queued");
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ uniqueKey: NIGHTLY_BACKUP_KIND, maxAttempts: 3 });
    expect(next[0].runAfter.getTime()).toBeGreaterThan(Date.now());
    await waitFor("the gauge to count the queued run", async () => (await periodicGauge()) === "1", 5_000);

    // The disk is fixed; the next run (made due now) writes the archive while every process's
    // command line is read over and over: pg_dump, started by the app, gets no password there.
    fs.rmSync(dir, { force: true });
    const [before] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(backups);
    const watch = watchCommandLines(APP_ROLE.password, "pg_dump");
    let seen: Awaited<ReturnType<typeof watch.stop>>;
    try {
      await handle.db
        .update(jobs)
        .set({ runAfter: new Date(Date.now() - 1_000) })
        .where(eq(jobs.id, next[0].id));
      await waitFor(
        "the next nightly backup to be written",
        async () => {
          const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(backups);
          return n > before.n;
        },
        60_000,
        200,
      );
    } finally {
      seen = await watch.stop();
    }
    expect(seen.leaks).toEqual([]);
    expect(seen.sightings, `pg_dump seen in ${seen.sweeps} sweeps`).toBeGreaterThan(0);
    const archives = fs.readdirSync(dir).filter((f) => /^balkan-vozaci-\d{8}T\d{6}Z\.tar$/.test(f));
    expect(archives).toHaveLength(1);
    expect(fs.statSync(path.join(dir, archives[0])).mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir)).toEqual(archives); // no stage or partial file left
    // And the night after is queued again.
    await waitFor(
      "the following night's run",
      async () => (await nightly()).filter((j) => j.status === "queued").length === 1,
      10_000,
    );
  }, 120_000);

  it("serves Prometheus metrics: bearer on the main port, METRICS_PORT, bounded labels", async () => {
    // Traffic of its own (the processes were restarted above): a page, and a refused sign-in.
    const [company] = await handle.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.active, true))
      .limit(1);
    expect((await request(`${direct(0)}/kompanije/${company.id}`)).status).toBe(200);
    const refusedLogin = await request(`${direct(1)}/admin/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: direct(1),
        "x-forwarded-for": "198.51.100.23",
      },
      body: form({ email: "nepoznat@deploy.test", password: "opet-pogresna" }),
    });
    expect(refusedLogin.status).toBe(429);
    const refused = await request(`${direct(0)}/metrics`);
    expect(refused.status).toBe(401);
    expect((await request(`${nginxUrl}/metrics`, { ca })).status).toBe(404);
    const scraped = await request(`${direct(0)}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.headers["content-type"]).toContain("text/plain; version=0.0.4");
    const own = await request(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(own.status).toBe(200);
    for (const body of [scraped.body, own.body]) {
      for (const name of [
        "http_request_duration_seconds",
        "bv_page_cache_requests_total",
        "bv_jobs_waiting",
        "bv_jobs_oldest_waiting_seconds",
        "bv_jobs_failed_total",
        "bv_db_pool_connections",
        "bv_rate_limit_refusals_total",
        "bv_newsletter_batches_total",
        "bv_jobs_periodic_scheduled",
        "bv_newsletter_batches_unsettled",
        "process_resident_memory_bytes",
        "nodejs_eventloop_lag_seconds",
        "nodejs_gc_duration_seconds",
      ]) {
        expect(body, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
      }
      // Every sample line is `name{labels} value`, and routes are patterns, never URLs.
      for (const line of body.split("\n").filter((l) => l && !l.startsWith("#"))) {
        expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? [-+0-9.eEInfa]+$/);
      }
      expect(body).not.toMatch(/route="[^"]*\?/);
      expect(body).toMatch(/bv_db_pool_connections\{state="idle"\} \d+/);
      // What Prometheus itself accepts (Debian's promtool; scripts/test.sh installs it).
      const checked = spawnSync("promtool", ["check", "metrics"], { input: body, encoding: "utf8" });
      expect(`${checked.stdout}${checked.stderr}`).toBe("");
      expect(checked.status).toBe(0);
      expect(body).toMatch(/^bv_jobs_periodic_scheduled\{kind="listings:expire"\} 1$/m);
      expect(body).toMatch(/^bv_backup_last_success_timestamp_seconds [1-9]\d+$/m);
    }
    expect(scraped.body).toMatch(
      /http_request_duration_seconds_count\{route="\/kompanije\/:id",method="GET",status="(200|404)"\}/,
    );
    expect(own.body).toMatch(/bv_rate_limit_refusals_total\{form="login"\} [1-9]/);
    // The shipped alert rules, as Prometheus loads them; every series they watch is one these
    // processes export.
    const rulesFile = path.join(ROOT, "deploy/prometheus-rules.yml");
    const rules = spawnSync("promtool", ["check", "rules", rulesFile], { encoding: "utf8" });
    expect(rules.stdout).toMatch(/SUCCESS: \d+ rules found/);
    expect(rules.status, rules.stderr).toBe(0);
    const watched = new Set(
      [...fs.readFileSync(rulesFile, "utf8").matchAll(/\b(bv_[a-z_]+?)(_bucket|_count|_sum)?\b/g)].map(
        (m) => m[1],
      ),
    );
    expect(watched.size).toBeGreaterThan(5);
    for (const name of watched) expect(own.body, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
  });

  it("the dashboard's Sistem card shows the database, the processes and the queue", async () => {
    const cookie = await signIn(nginxUrl, true);
    const page = await request(`${nginxUrl}/admin`, { ca, headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sistem");
    expect(page.body).toContain("PostgreSQL");
    expect(page.body).toMatch(/Procesi<\/dt><dd[^>]*>2</);
  });

  it("stops as systemd stops it: SIGTERM, a clean exit well inside TimeoutStopSec", async () => {
    const results = await Promise.all(apps.map((app) => stopInstance(app, unit)));
    // Stopped by the signal itself: systemd's SIGKILL at TimeoutStopSec was never needed.
    for (const r of results) expect(r).toEqual({ code: 0, killed: false });
  });

  it("WEB_CONCURRENCY=2 starts two workers from one command; on PGlite it is refused", async () => {
    // Ports of its own: the test stands alone (the two processes above may still be up under -t).
    const [port, clusterMetricsPort] = await Promise.all([freePort(), freePort()]);
    const base = `http://127.0.0.1:${port}`;
    const refused = startInstance(unit, {
      instance: port,
      workingDirectory: prod,
      envFile: { ...envFile, DATABASE_URL: "", DATA_DIR: path.join(tmp, "refused") },
      extra: { WEB_CONCURRENCY: "2" },
      logDir: tmp,
    });
    expect(await refused.exited).toBe(1);
    expect(fs.readFileSync(refused.log, "utf8")).toContain("WEB_CONCURRENCY=2 traži DATABASE_URL");

    const cluster = startInstance(unit, {
      instance: port,
      workingDirectory: prod,
      envFile: { ...envFile, DATABASE_URL: urlOf(DB.cluster) },
      extra: { WEB_CONCURRENCY: "2", METRICS_PORT: String(clusterMetricsPort) },
      logDir: tmp,
    });
    try {
      await waitReady(cluster, 90_000);
      const listeners = await waitFor(
        "two workers listening for content changes",
        async () => {
          const result = await handle.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = ${DB.cluster} and query = 'LISTEN bv_content_changed'`,
          );
          const n = (result as unknown as { rows: { n: number }[] }).rows[0].n;
          return n === 2 ? n : null;
        },
        20_000,
      );
      expect(listeners).toBe(2);
      for (let i = 0; i < 6; i++) expect((await request(`${base}/vesti`)).status).toBe(200);
      // Both ways give the workers' sum: METRICS_PORT on the primary, and the main port (a worker
      // asks the primary for the aggregate).
      const vesti = /http_request_duration_seconds_count\{route="\/vesti",method="GET",status="200"\} 6\n/;
      const metrics = await request(`http://127.0.0.1:${clusterMetricsPort}/metrics`);
      expect(metrics.body).toMatch(vesti);
      const viaWorker = await request(`${base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(viaWorker.status).toBe(200);
      expect(viaWorker.body).toMatch(vesti);
      expect(fs.readFileSync(cluster.log, "utf8")).toContain(`http://localhost:${port}`);
    } finally {
      const stopped = await stopInstance(cluster, unit);
      expect(stopped.code).toBe(0);
    }
  }, 120_000);

  it("backup → restore on PostgreSQL: a damaged archive writes nothing and names the file; then every table's rows and every media file's checksum", async () => {
    const archive = path.join(tmp, "pg.tar");
    // The operator's command, its pg_dump watched: the database password on no command line.
    const watch = watchCommandLines(APP_ROLE.password, "pg_dump");
    const backup = await npmRun(prod, "backup", ["--out", archive], envFile);
    const seen = await watch.stop();
    expect(backup.code, backup.output).toBe(0);
    expect(seen.leaks).toEqual([]);
    expect(seen.sightings, `pg_dump seen in ${seen.sweeps} sweeps`).toBeGreaterThan(0);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);

    // Restored as on a new host: into an empty database the app's role owns, with its password.
    const target = { ...envFile, DATABASE_URL: appUrlOf(DB.restored), S3_BUCKET_PREFIX: "restored-" };
    const tablesOfTarget = async () => {
      const copy = await openDatabase({ driver: "postgres", url: urlOf(DB.restored), max: 1 });
      try {
        const result = await copy.db.execute(
          sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
        );
        return (result as unknown as { rows: { n: number }[] }).rows[0].n;
      } finally {
        await copy.close();
      }
    };
    // One flipped byte in one media file: nothing is written, and the file is named.
    const media = tarMembers(archive).find((m) => m.name.startsWith("media/images/") && m.size > 0);
    if (!media) throw new Error("the archive holds no image");
    const damaged = path.join(tmp, "pg-damaged.tar");
    corruptMember(archive, damaged, media.name);
    const refused = await npmRun(prod, "restore", [damaged], target);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`oštećen fajl u arhivi: ${media.name.slice("media/".length)}`);
    expect(refused.output).toContain("Odredište nije menjano.");
    expect(refused.output).not.toMatch(/\n\s+at /);
    expect(await tablesOfTarget()).toBe(0);
    expect((await mediaChecksums(s3Storage("restored-"))).size).toBe(0);

    // The good archive then restores into the untouched target.
    const restored = await npmRun(prod, "restore", [archive], target);
    expect(restored.code, restored.output).toBe(0);
    // A second restore into the now full target is refused without --force, accepted with it.
    const again = await npmRun(prod, "restore", [archive], target);
    expect(again.code).toBe(1);
    expect(again.output).toContain("Odredište nije prazno");
    expect((await npmRun(prod, "restore", [archive, "--force"], target)).code).toBe(0);

    const copy = await openDatabase({ driver: "postgres", url: urlOf(DB.restored), max: 1 });
    try {
      // The source has one row more in `backups`: the record of this very backup, written after it.
      const source = await countRows(handle.db);
      source["public.backups"] -= 1;
      expect(diffCounts(source, await countRows(copy.db))).toEqual([]);
    } finally {
      await copy.close();
    }
    const sums = await mediaChecksums(s3Storage("balkan-"));
    expect(sums.size).toBeGreaterThan(10);
    expect(await mediaChecksums(s3Storage("restored-"))).toEqual(sums);
  }, 240_000);

  it("PGlite: seed, backup → restore into PGlite, and the same archive into PostgreSQL", async () => {
    const seeded = await liteSeed;
    expect(seeded.code, seeded.output).toBe(0);
    const archive = path.join(tmp, "lite.tar");
    const backup = await npmRun(prod, "backup", ["--out", archive], lite("lite"));
    expect(backup.code, backup.output).toBe(0);
    const intoLite = await npmRun(prod, "restore", [archive], lite("lite-restored"));
    expect(intoLite.code, intoLite.output).toBe(0);
    const intoPostgres = await npmRun(prod, "restore", [archive], {
      ...lite("lite-to-postgres"),
      DATABASE_URL: urlOf(DB.fromLite),
    });
    expect(intoPostgres.code, intoPostgres.output).toBe(0);

    const source = await openDatabase({ driver: "pglite", dataDir: path.join(tmp, "lite/db") });
    const copies = [
      await openDatabase({ driver: "pglite", dataDir: path.join(tmp, "lite-restored/db") }),
      await openDatabase({ driver: "postgres", url: urlOf(DB.fromLite), max: 1 }),
    ];
    try {
      const expected = await countRows(source.db);
      expected["public.backups"] -= 1; // this backup's own record
      for (const copy of copies)
        expect(diffCounts(expected, await countRows(copy.db, Object.keys(expected)))).toEqual([]);
    } finally {
      await source.close();
      for (const copy of copies) await copy.close();
    }
    const sums = await mediaChecksums(createLocalStorage(path.join(tmp, "lite/storage")));
    expect(sums.size).toBeGreaterThan(10);
    expect(await mediaChecksums(createLocalStorage(path.join(tmp, "lite-restored/storage")))).toEqual(sums);
    expect(await mediaChecksums(createLocalStorage(path.join(tmp, "lite-to-postgres/storage")))).toEqual(
      sums,
    );
  }, 180_000);
});
