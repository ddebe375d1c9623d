import fs from "node:fs";
import type { RequestListener } from "node:http";
import path from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import express from "express";
import type { ServerBuild } from "react-router";
import { withBootLock } from "~/db/boot-lock.server";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { lockDataDir } from "~/db/data-dir-lock.server";
import { runMigrations } from "~/db/migrate.server";
import { logSlowQueries } from "~/db/slow-queries.server";
import { waitForDatabase } from "~/db/wait-for-database.server";
import { ensureAlertRunsScheduled } from "~/domain/alerts/run-job.server";
import { ensureScheduledPublishing } from "~/domain/articles/scheduling.server";
import { VIEW_FLUSH_MS, viewCounter } from "~/domain/articles/view-counter.server";
import { ensureAuditPruneScheduled } from "~/domain/audit/audit.server";
import { ensureNightlyBackupScheduled } from "~/domain/backups/nightly.server";
import { backupBeforeMigrations } from "~/domain/backups/pre-migration.server";
import { fillEmptyBannerSlots } from "~/domain/banners/banners.server";
import type { Script } from "~/domain/cyrillic/urls";
import { isEnabled } from "~/domain/jobs/periodic.server";
import { type JobRunner, startJobRunner } from "~/domain/jobs/runner.server";
import { ensureListingExpiryScheduled } from "~/domain/listings/expiry.server";
import { ensureExpiryRemindersScheduled } from "~/domain/listings/reminder-job.server";
import { pruneRateLimits } from "~/domain/rate-limit/limiter.server";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { ensureSettings } from "~/domain/settings/settings.server";
import { bootstrapAdmin } from "~/domain/users/bootstrap.server";
import { cleanExpiredSessions, SESSION_CLEANUP_INTERVAL_MS } from "~/domain/users/session.server";
import { pruneSignInLinks } from "~/domain/users/sign-in-link.server";
import { type Env, parseEnv } from "~/env.server";
import { publicOrigin } from "~/http/public-origin.server";
import { createContactsFromEnv } from "~/integrations/brevo/index.server";
import { createMailProviderFromEnv, createOutboxFromEnv } from "~/integrations/mailgun/index.server";
import type { BackupDestination } from "~/integrations/storage/backup-destination.server";
import { createBackupDestinationFromEnv, createStorageFromEnv } from "~/integrations/storage/index.server";
import { serveMedia } from "~/integrations/storage/serve.server";
import type { Storage } from "~/integrations/storage/storage";
import { createCardPaymentsFromEnv } from "~/integrations/stripe/stripe.server";
import { appVersion } from "~/lib/app-version.server";
import { logger } from "~/lib/logger.server";
import { sweepUploadDir } from "~/lib/multipart.server";
import { parseTrustProxy } from "~/lib/trust-proxy";
import { getDb, getServices, getStorage, setServices } from "~/services.server";
import { startContentSync } from "./content-sync";
import {
  latinSwitch,
  readiness,
  rejectMalformed,
  requestLogging,
  sameOriginGuard,
  staticFiles,
  unhandledError,
} from "./http/app-middleware";
import { createCachedAnswers, type TrustFunction } from "./http/cached-answer";
import { InflightTracker } from "./http/inflight";
import { PageCache } from "./http/page-cache";
import { createPageHandler } from "./http/page-handler";
import { createRoutePatterns } from "./http/route-pattern";
import { JOB_HANDLERS, PERIODIC_JOBS } from "./job-handlers";
import { getMetrics, metricsHandler } from "./metrics";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    clientIp: string | null;
    /** This response's Content-Security-Policy nonce (entry.server.tsx, root.tsx). */
    cspNonce: string;
    /** The script the page is read in (`/cir` → "cir"); the routes render Latin (decision 210). */
    script: Script;
  }
}

/** Paths that receive signed posts from other sites (provider webhooks) skip the same-origin check. */
const CROSS_ORIGIN_POST_PATHS: string[] = [
  // RFC 8058 one-click unsubscribe: mail providers POST to the link in List-Unsubscribe; the
  // request is authorised by the signed token in its URL, not by an origin.
  "/newsletter/odjava",
  // The same for the listing alerts' e-mails (docs/decisions/302).
  "/obavestenja/odjava",
  // Stripe posts its events; the signature on the raw body authorises them.
  "/webhooks/stripe",
];
/** Paths whose POST body is not a form (signed JSON webhooks): only the size limit applies. */
const RAW_BODY_PATHS: string[] = ["/webhooks/stripe"];

export type AppOptions = {
  /** The built client files to serve (production); omitted in development, where Vite serves them. */
  clientDir?: string;
  /** Keep finished public pages in memory (off in development). */
  pageCache?: PageCache | null;
  inflight?: InflightTracker;
  /** Set while the process drains for shutdown: every response closes its connection. */
  isDraining?: () => boolean;
};

/** Origins forms may post or be redirected to besides this site (Stripe Checkout). */
function formActionOrigins(env: Env): string[] {
  const origins = ["https://checkout.stripe.com"];
  if (env.STRIPE_BASE_URL) origins.push(new URL(env.STRIPE_BASE_URL).origin);
  return origins;
}

export function createApp(env: Env, options: AppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  // Only the hops TRUST_PROXY names may say who the client is (app/lib/trust-proxy.ts).
  const trust = parseTrustProxy(env.TRUST_PROXY);
  app.set("trust proxy", trust.ok ? trust.value : false);
  const inflight = options.inflight ?? new InflightTracker();
  const dev = env.NODE_ENV === "development";
  const metrics = getMetrics();
  const build = serverBuild as unknown as ServerBuild;

  app.use(requestLogging(metrics, options.isDraining));
  app.use(rejectMalformed());
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", readiness);
  // On the main port only for a bearer token; METRICS_PORT serves them on a listener of its own.
  if (env.METRICS_TOKEN) app.get("/metrics", metricsHandler(metrics, env.METRICS_TOKEN));
  if (options.clientDir) app.use(staticFiles(options.clientDir));
  // Stored media (both drivers): stored content type, long cache, SVG sandboxed.
  app.get("/media/:bucket/*key", serveMedia(getStorage));
  app.use(sameOriginGuard(CROSS_ORIGIN_POST_PATHS));
  app.get(["/lat", "/lat/*rest"], latinSwitch);
  app.all(
    "/{*splat}",
    createPageHandler({
      build,
      mode: dev ? "development" : "production",
      cache: options.pageCache ?? null,
      routePattern: createRoutePatterns(build),
      onCacheLookup: (hit) => metrics.pageCacheLookup(hit),
      inflight,
      rawBodyPaths: RAW_BODY_PATHS,
      crossOriginPaths: CROSS_ORIGIN_POST_PATHS,
      formActionOrigins: formActionOrigins(env),
      csp: !dev,
      loadContext: (req, res) => ({
        requestId: String(res.locals.requestId),
        clientIp: req.ip ?? req.socket.remoteAddress ?? null,
      }),
      scripts: {
        origin: publicOrigin(),
        latinOnly: async () => (await getCachedSettings(getDb())).latinOnlyWords,
      },
    }),
  );
  app.use(unhandledError);
  return app;
}

let cleanupTimer: NodeJS.Timeout | undefined;
let jobRunner: JobRunner | undefined;
let viewFlushTimer: NodeJS.Timeout | undefined;
let releaseDataDir: (() => void) | undefined;

let stopContentSync: (() => Promise<void>) | undefined;

export type StartOptions = {
  /** The built client files (production). */
  clientDir?: string;
};

/** Staff accounts made on this start whose passwords are shown once (a new demo site). */
export type StartCredentials = { role: string; email: string; password: string };

/**
 * The database this process runs on, migrated, with its settings and protected admin (and, on a
 * new embedded database with SEED_DEMO=1, the demo site); the staff passwords to show once.
 */
async function openAppDatabase(env: Env, storage: Storage, backupDestination: BackupDestination | null) {
  const embeddedDir = path.resolve(env.DATA_DIR, "db");
  const freshEmbedded = !env.DATABASE_URL && !fs.existsSync(path.join(embeddedDir, "PG_VERSION"));
  // One process per embedded database: refused while another holds DATA_DIR (backup, seed, a server).
  if (!env.DATABASE_URL) releaseDataDir = lockDataDir(env.DATA_DIR);
  const handle: DatabaseHandle = env.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: env.DATABASE_URL })
    : await openDatabase({ driver: "pglite", dataDir: embeddedDir });
  logger.debug(
    { driver: handle.driver, dataDir: env.DATABASE_URL ? undefined : embeddedDir },
    "database opened",
  );
  // A database that is not there yet is waited for, never a reason to exit (issue 24).
  if (handle.driver === "postgres") await waitForDatabase(handle);

  const credentials: StartCredentials[] = [];
  // Processes starting at once on one PostgreSQL database take turns (migrations, first rows).
  const admin = await withBootLock(handle, async () => {
    // An upgrade that brings migrations takes a backup first, when backups are configured.
    if (backupDestination && env.BACKUP_BEFORE_MIGRATIONS === "1") {
      await backupBeforeMigrations({
        handle,
        databaseUrl: env.DATABASE_URL,
        storage,
        destination: backupDestination,
        appVersion: appVersion(),
        log: (message, details) => logger.info(details ?? {}, message),
      });
    }
    await runMigrations(handle);
    await ensureSettings(handle.db);
    return bootstrapAdmin(handle.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      allowDemo: handle.driver === "pglite",
    });
  });
  if (admin.kind === "configured")
    logger.debug({ email: admin.email, created: admin.created }, "admin ready");
  if (admin.kind === "demo")
    credentials.push({ role: "admin", email: admin.email, password: admin.password });

  if (freshEmbedded && env.SEED_DEMO === "1") {
    const { seedDemo } = await import("~/demo/seed.server");
    const summary = await seedDemo(handle.db, { log: (message: string) => logger.info(message), storage });
    if (!summary.skipped) {
      logger.info({ counts: summary.counts, ms: Math.round(summary.durationMs) }, "demo data seeded");
      credentials.push(...summary.credentials);
    }
  }
  return { handle, credentials };
}

/** The job runner, the periodic jobs (one run always scheduled) and the cleanup timers. */
async function startBackgroundWork(handle: DatabaseHandle, withBackups: boolean): Promise<void> {
  jobRunner = startJobRunner({ db: handle.db, handlers: JOB_HANDLERS, periodic: PERIODIC_JOBS });
  await ensureListingExpiryScheduled(handle.db).catch((error) =>
    logger.error({ err: error }, "listing expiry could not be scheduled"),
  );
  if (withBackups) {
    await ensureNightlyBackupScheduled(handle.db).catch((error) =>
      logger.error({ err: error }, "the nightly backup could not be scheduled"),
    );
  }
  await ensureScheduledPublishing(handle.db).catch((error) =>
    logger.error({ err: error }, "scheduled articles could not be queued"),
  );
  await ensureAuditPruneScheduled(handle.db).catch((error) =>
    logger.error({ err: error }, "audit pruning could not be scheduled"),
  );
  await ensureExpiryRemindersScheduled(handle.db).catch((error) =>
    logger.error({ err: error }, "listing expiry reminders could not be scheduled"),
  );
  await ensureAlertRunsScheduled(handle.db).catch((error) =>
    logger.error({ err: error }, "listing alert runs could not be scheduled"),
  );
  cleanupTimer = setInterval(() => {
    Promise.all([
      cleanExpiredSessions(handle.db),
      pruneRateLimits(handle.db),
      pruneSignInLinks(handle.db),
    ]).catch((error) => logger.warn({ err: error }, "session cleanup failed"));
  }, SESSION_CLEANUP_INTERVAL_MS);
  cleanupTimer.unref();
  viewFlushTimer = setInterval(() => void viewCounter().flush(handle.db), VIEW_FLUSH_MS);
  viewFlushTimer.unref();
}

/** Boot: validate the environment, open and migrate the database, bootstrap staff and demo data. */
export async function start(
  source: Record<string, string | undefined> = process.env,
  options: StartOptions = {},
) {
  const env = parseEnv(source);
  const storage = createStorageFromEnv(env);
  const backupDestination = createBackupDestinationFromEnv(env);
  const { handle, credentials } = await openAppDatabase(env, storage, backupDestination);

  // From here on (not during the bulk demo load): statements slower than SLOW_QUERY_MS are logged.
  logSlowQueries(handle, env.SLOW_QUERY_MS);
  await withBootLock(handle, () => fillEmptyBannerSlots(handle.db));
  const outbox = createOutboxFromEnv(env);
  const mail = createMailProviderFromEnv(env, outbox);
  const contacts = createContactsFromEnv(env);
  const payments = createCardPaymentsFromEnv(env);

  // Uploads are received here before they are checked; a killed process may have left some.
  const uploadDir = path.resolve(env.DATA_DIR, "tmp", "uploads");
  const swept = sweepUploadDir(uploadDir);
  if (swept > 0) logger.info({ removed: swept }, "old upload files removed");

  setServices({
    handle,
    storage,
    mail,
    outbox,
    contacts,
    payments,
    uploadDir,
    backups: { destination: backupDestination, databaseUrl: env.DATABASE_URL },
  });
  getMetrics().setDatabase(handle);
  getMetrics().setOperations({
    periodicKinds: PERIODIC_JOBS.filter(isEnabled).map((job) => job.kind),
    backups: Boolean(backupDestination),
  });
  await startBackgroundWork(handle, Boolean(backupDestination));

  const inflight = new InflightTracker();
  const pageCache = env.NODE_ENV === "development" || env.PAGE_CACHE === "0" ? null : new PageCache();
  stopContentSync = await startContentSync(handle, { pageCache });
  let draining = false;
  const isDraining = () => draining;
  const app = createApp(env, { clientDir: options.clientDir, pageCache, inflight, isDraining });
  // A page cache hit is answered before Express runs (decision 280); the rest goes to Express.
  const answer = pageCache
    ? createCachedAnswers({
        cache: pageCache,
        trust: app.get("trust proxy fn") as TrustFunction,
        isDraining,
        hitRecorder: (route, method, status) => getMetrics().hitRecorder(route, method, status),
      })
    : null;
  const handler: RequestListener = answer
    ? (req, res) => {
        if (!answer(req, res)) app(req, res);
      }
    : app;
  // The one line an operator reads at start: what this process runs on.
  logger.info(
    {
      version: appVersion(),
      database: handle.driver,
      storage: storage.driver,
      mail: mail.name,
      contacts: contacts?.name ?? null,
      payments: payments?.provider ?? null,
      backups: backupDestination?.description ?? null,
      metrics: env.METRICS_PORT ? `:${env.METRICS_PORT}` : env.METRICS_TOKEN ? "bearer" : null,
    },
    "started",
  );
  return {
    env,
    app,
    /** The HTTP server's request listener: cache hits first, then the Express app. */
    handler,
    inflight,
    pageCache,
    /** Staff passwords shown once, after the URL (server.js): a new demo site. */
    credentials,
    /** From now on every response closes its connection (shutdown has begun). */
    drain() {
      draining = true;
    },
  };
}

/** The metrics on a listener of their own (METRICS_PORT), for a process that is not a cluster worker. */
export function createMetricsApp() {
  const app = express();
  app.disable("x-powered-by");
  app.get("/metrics", metricsHandler(getMetrics(), null));
  return app;
}

/** Shutdown: stop the timers and close the database (the HTTP server is closed by the caller first). */
export async function stop(): Promise<void> {
  if (cleanupTimer) clearInterval(cleanupTimer);
  if (viewFlushTimer) clearInterval(viewFlushTimer);
  await stopContentSync?.();
  stopContentSync = undefined;
  // Running jobs save their checkpoint and go back to the queue before the database closes.
  await jobRunner?.stop();
  jobRunner = undefined;
  const services = (() => {
    try {
      return getServices();
    } catch {
      return undefined;
    }
  })();
  if (services) await viewCounter().flush(services.handle.db);
  setServices(undefined);
  getMetrics().setDatabase(null);
  await services?.handle.close();
  releaseDataDir?.();
  releaseDataDir = undefined;
}

export { parseEnv } from "~/env.server";
export { runCli } from "./cli";
export { trackConnections } from "./http/connections";
export { createRestartPolicy } from "./worker-restarts";
export { logger };
