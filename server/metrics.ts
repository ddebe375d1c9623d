/**
 * Prometheus metrics (prom-client; docs/operations.md "Metrics", decision 163): the series an
 * operator alerts on, with bounded labels only (route patterns, never URLs).
 *
 * Served at `/metrics` on METRICS_PORT (a listener of its own, never proxied), or on the main port
 * for `Authorization: Bearer $METRICS_TOKEN`. Under WEB_CONCURRENCY the primary process answers for
 * all workers (prom-client's AggregatorRegistry: counters and histograms summed, the database
 * gauges taken once), and a worker asked on the main port fetches the same from the primary.
 */
import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import type { DatabaseHandle } from "~/db/client.server";
import { lastBackup } from "~/domain/backups/backups.server";
import { scheduledRuns } from "~/domain/jobs/periodic.server";
import { jobQueueStats } from "~/domain/jobs/stats.server";
import { unsettledBatchCount } from "~/domain/newsletter/send-batches.server";
import { logger } from "~/lib/logger.server";
import { processGlobal } from "~/lib/process-global";
import { onTelemetry } from "~/lib/telemetry.server";

export type Metrics = {
  registry: client.Registry;
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  pageCacheLookup(hit: boolean): void;
  /**
   * The recorder of hits answered before the framework (server/http/cached-answer.ts) for one
   * route, method and status: each hit adds to plain numbers (its duration's bucket, the sum, the
   * page cache's hit count), which go into `http_request_duration_seconds` and
   * `bv_page_cache_requests_total` when the metrics are scraped — a hit pays no label lookup.
   */
  hitRecorder(route: string, method: string, status: number): (seconds: number) => void;
  /** The database the gauges read (set at boot, cleared at shutdown). */
  setDatabase(handle: DatabaseHandle | null): void;
  /** What this process runs that an operator must see stop: its periodic job kinds, and backups. */
  setOperations(operations: Operations): void;
};

export type Operations = { periodicKinds: readonly string[]; backups: boolean };

/** A batch still `sending` this long after its request started has lost its answer and is unsettled. */
export const UNSETTLED_AFTER_MS = 5 * 60_000;

const NOT_COUNTERS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/** Methods outside this list are counted as "other" (a client can send any token). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Hits of one label set not yet in the histogram: per bucket (the last is +Inf), a count and a sum. */
type PendingHits = {
  labels: { route: string; method: string; status: string };
  counts: number[];
  sums: number[];
};

/** prom-client's stored values of one label set (what its own `observe` adds to). */
type HistogramEntry = {
  labels: Record<string, string>;
  bucketValues: Record<string, number>;
  sum: number;
  count: number;
};

/**
 * Adds pending hits to the histogram: each bucket's first observation through `observe` (which
 * makes and checks the label set's entry), the rest added to that entry as `observe` itself adds,
 * so the buckets and the sum are exact (each bucket's observations are observed at their mean,
 * which lies in the bucket). Should prom-client's entries ever look different, every observation
 * goes through `observe` (slower, same result). server/metrics.test.ts checks the exposition.
 */
function flushHits(histogram: client.Histogram<"route" | "method" | "status">, pending: PendingHits): void {
  const { labels, counts, sums } = pending;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    const count = counts[bucket];
    if (count === 0) continue;
    const sum = sums[bucket];
    counts[bucket] = 0;
    sums[bucket] = 0;
    const value = sum / count;
    histogram.observe(labels, value);
    if (count === 1) continue;
    const entries = (histogram as unknown as { hashMap?: Record<string, HistogramEntry> }).hashMap;
    const entry = entries
      ? Object.values(entries).find(
          (e) =>
            e.labels.route === labels.route &&
            e.labels.method === labels.method &&
            e.labels.status === labels.status,
        )
      : undefined;
    const bound = bucket < DURATION_BUCKETS.length ? DURATION_BUCKETS[bucket] : undefined;
    if (
      entry &&
      typeof entry.count === "number" &&
      (bound === undefined || typeof entry.bucketValues?.[bound] === "number")
    ) {
      entry.count += count - 1;
      entry.sum += value * (count - 1);
      if (bound !== undefined) entry.bucketValues[bound] += count - 1;
    } else {
      for (let i = 1; i < count; i++) histogram.observe(labels, value);
    }
  }
}

/** The process's metrics, made once (the development server reloads modules; metrics stay). */
export function getMetrics(): Metrics {
  return processGlobal("balkan-vozaci.metrics", createMetrics);
}

function createMetrics(): Metrics {
  const registry = client.register;
  client.collectDefaultMetrics({ register: registry });
  // prom-client's gauges with a counter's `_total` suffix fail `promtool check metrics` (a test
  // runs it on the real exposition); their per-type twins (`nodejs_active_handles{type}` …) stay.
  for (const name of NOT_COUNTERS) registry.removeSingleMetric(name);
  let handle: DatabaseHandle | null = null;
  let operations: Operations = { periodicKinds: [], backups: false };

  const hits = new Map<string, PendingHits>();
  let pendingHitCount = 0;
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    collect() {
      for (const pending of hits.values()) flushHits(this, pending);
    },
  });
  const pageCache = new client.Counter({
    name: "bv_page_cache_requests_total",
    help: "Public page cache lookups, by result.",
    labelNames: ["result"] as const,
    collect() {
      if (pendingHitCount === 0) return;
      this.inc({ result: "hit" }, pendingHitCount);
      pendingHitCount = 0;
    },
  });
  for (const result of ["hit", "miss"]) pageCache.inc({ result }, 0);
  databaseGauges(() => handle);
  operationsGauges(
    () => handle,
    () => operations,
  );
  telemetryCounters();
  // Workers answer the primary's requests for their metrics (WEB_CONCURRENCY).
  if (cluster.isWorker) new client.AggregatorRegistry();

  return {
    registry,
    observeRequest(route, method, status, seconds) {
      duration.observe(
        { route, method: METHODS.has(method) ? method : "other", status: String(status) },
        seconds,
      );
    },
    pageCacheLookup(hit) {
      pageCache.inc({ result: hit ? "hit" : "miss" });
    },
    hitRecorder(route, method, status) {
      const labels = { route, method: METHODS.has(method) ? method : "other", status: String(status) };
      const key = `${labels.route} ${labels.method} ${labels.status}`;
      let pending = hits.get(key);
      if (!pending) {
        pending = {
          labels,
          counts: new Array(DURATION_BUCKETS.length + 1).fill(0),
          sums: new Array(DURATION_BUCKETS.length + 1).fill(0),
        };
        hits.set(key, pending);
      }
      const { counts, sums } = pending;
      return (seconds) => {
        let bucket = 0;
        while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket++;
        counts[bucket]++;
        sums[bucket] += seconds;
        pendingHitCount++;
      };
    },
    setDatabase(next) {
      handle = next;
    },
    setOperations(next) {
      if (next.backups && !operations.backups) backupGauge(() => handle);
      operations = next;
    },
  };
}

/** The gauges read from the database at scrape time: the job queue and the connection pool. */
function databaseGauges(current: () => DatabaseHandle | null): void {
  // Every process sees the same queue, so the primary keeps one process's value instead of a sum.
  let queueRead: Promise<{ waiting: number; oldestWaitingSeconds: number }> | null = null;
  const readQueue = () => {
    const handle = current();
    if (!handle) return Promise.resolve(null);
    queueRead ??= jobQueueStats(handle.db).finally(() => {
      setTimeout(() => {
        queueRead = null;
      }, 500).unref();
    });
    return queueRead;
  };
  const queueGauges = [
    ["bv_jobs_waiting", "Background jobs due and not running (queued, or whose process died).", "waiting"],
    [
      "bv_jobs_oldest_waiting_seconds",
      "How long the oldest due job has been waiting to run.",
      "oldestWaitingSeconds",
    ],
  ] as const;
  for (const [name, help, field] of queueGauges) {
    new client.Gauge({
      name,
      help,
      aggregator: "max",
      async collect() {
        const stats = await readQueue().catch(() => null);
        if (stats) this.set(stats[field]);
      },
    });
  }
  new client.Gauge({
    name: "bv_db_pool_connections",
    help: "PostgreSQL pool connections of this process, by state (waiting: requests queued for one).",
    labelNames: ["state"] as const,
    collect() {
      const pool = current()?.pool;
      if (!pool) return;
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "used" }, pool.totalCount - pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
}

/** One database read shared by the scrapes that come within half a second of it. */
function sharedRead<T>(read: () => Promise<T> | null): () => Promise<T | null> {
  let pending: Promise<T | null> | null = null;
  return () => {
    pending ??= (read() ?? Promise.resolve(null)).finally(() => {
      setTimeout(() => {
        pending = null;
      }, 500).unref();
    });
    return pending.catch(() => null);
  };
}

/**
 * What must never stop silently (issue 24), read from the database at scrape time: how many runs
 * of each periodic job kind are queued or running (0: nothing will run it again), the newsletter
 * batches whose answer was lost and that are still unsettled, and when the last backup was
 * written. deploy/prometheus-rules.yml alerts on each.
 */
function operationsGauges(current: () => DatabaseHandle | null, operations: () => Operations): void {
  const readScheduled = sharedRead(() => {
    const handle = current();
    return handle ? scheduledRuns(handle.db, operations().periodicKinds) : null;
  });
  new client.Gauge({
    name: "bv_jobs_periodic_scheduled",
    help: "Runs of each periodic job kind queued or running (0: the kind will not run again).",
    labelNames: ["kind"] as const,
    aggregator: "max",
    async collect() {
      const counts = await readScheduled();
      if (!counts) return;
      for (const [kind, n] of Object.entries(counts)) this.set({ kind }, n);
    },
  });
  new client.Gauge({
    name: "bv_newsletter_batches_unsettled",
    help: "Newsletter batches whose provider answer was lost over 5 minutes ago and is not settled yet.",
    aggregator: "max",
    async collect() {
      const handle = current();
      if (!handle) return;
      const n = await unsettledBatchCount(handle.db, UNSETTLED_AFTER_MS).catch(() => null);
      if (n !== null) this.set(n);
    },
  });
}

/**
 * When the newest recorded backup was written: made only once backups are configured, so that a
 * site without them has no such series (and no alert); 0 while none was ever written.
 */
function backupGauge(current: () => DatabaseHandle | null): void {
  if (client.register.getSingleMetric("bv_backup_last_success_timestamp_seconds")) return;
  new client.Gauge({
    name: "bv_backup_last_success_timestamp_seconds",
    help: "When the newest recorded backup was written (Unix time; 0: none yet).",
    aggregator: "max",
    async collect() {
      const handle = current();
      if (!handle) return;
      const last = await lastBackup(handle.db).catch(() => undefined);
      if (last !== undefined) this.set(last ? Math.floor(last.createdAt.getTime() / 1000) : 0);
    },
  });
}

/** The counters fed by the domain's telemetry events (lib/telemetry.server.ts). */
function telemetryCounters(): void {
  const jobsFailed = new client.Counter({
    name: "bv_jobs_failed_total",
    help: "Background jobs that failed for good (every attempt used, or a permanent error), by kind.",
    labelNames: ["kind"] as const,
  });
  const refusals = new client.Counter({
    name: "bv_rate_limit_refusals_total",
    help: "Submissions refused by a rate limit, by form.",
    labelNames: ["form"] as const,
  });
  const batches = new client.Counter({
    name: "bv_newsletter_batches_total",
    help: "Newsletter batches submitted to the mail provider, by result.",
    labelNames: ["result"] as const,
  });
  onTelemetry((event) => {
    if (event.type === "rate-limit-refused") refusals.inc({ form: event.form });
    else if (event.type === "newsletter-batch") batches.inc({ result: event.result });
    else if (event.type === "job-failed") jobsFailed.inc({ kind: event.kind });
  });
}

/** This process's metrics, or (a cluster worker) every worker's, aggregated by the primary. */
async function renderMetrics(metrics: Metrics): Promise<string> {
  if (!cluster.isWorker || !process.send) return metrics.registry.metrics();
  return new Promise((resolve, reject) => {
    const id = `${process.pid}-${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer with the cluster's metrics"));
    }, 5_000);
    const onMessage = (message: { type?: string; id?: string; body?: string; error?: string }) => {
      if (message?.type !== "bv:metrics" || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve(message.body ?? "");
    };
    process.on("message", onMessage);
    process.send?.({ type: "bv:metrics-request", id });
  });
}

export function isAuthorized(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics: `token` set → bearer required; `token` null → open (the metrics port). */
export function metricsHandler(metrics: Metrics, token: string | null) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (token !== null && !isAuthorized(req.get("authorization"), token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain; charset=utf-8").send("Potreban je token za metrike.\n");
      return;
    }
    try {
      const body = await renderMetrics(metrics);
      res.setHeader("Cache-Control", "no-store");
      res.type(metrics.registry.contentType).send(body);
    } catch (error) {
      logger.error({ err: error }, "metrics could not be collected");
      next(error);
    }
  };
}
