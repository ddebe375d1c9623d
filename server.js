// The process entry: serves the built app (or Vite in --dev), and shuts down cleanly on SIGTERM
// (docs/operations.md): keep accepting for a moment so connections already queued are served,
// then stop accepting, answer every request in flight with `Connection: close`, close idle
// keep-alive sockets, wait for the requests' work to end, stop the job runner, close the database.
import { execFile } from "node:child_process";
import cluster from "node:cluster";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import express from "express";

const DEV = process.argv.includes("--dev");
const CLIENT_DIR = path.join(import.meta.dirname, "build/client");
/** Connections the kernel had already queued when the signal came are still accepted, for at most this long. */
const LAME_DUCK_MAX_MS = Number(process.env.SHUTDOWN_LAME_DUCK_MS ?? 3_000);
/** Requests still running after this long are cut off (their sockets closed). */
const SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

async function loadServerModule() {
  if (!DEV) return { mod: await import("./build/server/index.js"), vite: undefined };
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  return { mod: await vite.ssrLoadModule("./server/app.ts"), vite };
}

/** `WEB_CONCURRENCY` above 1 (PostgreSQL only): this process is the primary of a cluster of workers. */
function workerCount(mod) {
  if (DEV || !cluster.isPrimary) return 1;
  try {
    return mod.parseEnv(process.env).WEB_CONCURRENCY;
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

async function main() {
  const { mod, vite } = await loadServerModule();
  const workers = workerCount(mod);
  if (workers > 1) return runPrimary(mod, workers);
  let started;
  try {
    started = await mod.start(process.env, { clientDir: DEV ? undefined : CLIENT_DIR });
  } catch (error) {
    if (error?.name === "EnvError" || error?.constructor?.name === "EnvError") {
      console.error(error.message);
    } else {
      console.error("Pokretanje nije uspelo:", error);
    }
    process.exit(1);
  }
  const { env, inflight } = started;
  // Page cache hits first (before Express: decision 280), everything else to the Express app.
  let handler = started.handler ?? started.app;
  if (vite) {
    const server = express();
    server.disable("x-powered-by");
    server.use(vite.middlewares);
    // In development the app module is reloaded on change; the services stay (they live on globalThis).
    const apps = new WeakMap();
    server.use(async (req, res, next) => {
      try {
        const fresh = await vite.ssrLoadModule("./server/app.ts");
        if (!apps.has(fresh)) apps.set(fresh, fresh.createApp(env));
        apps.get(fresh)(req, res, next);
      } catch (error) {
        vite.ssrFixStacktrace(error);
        next(error);
      }
    });
    handler = server;
  }

  const http = createServer(handler).listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    mod.logger.info({ port }, "listening");
    if (cluster.isWorker) process.send?.({ type: "bv:listening", port });
    // pino writes asynchronously: its lines first, so that these really are the last ones.
    else mod.logger.flush(() => announce(`http://localhost:${port}`, started.credentials));
  });
  http.keepAliveTimeout = 5_000;
  // METRICS_PORT: a listener of its own (a cluster's primary serves it for all its workers).
  const metricsServer =
    env.METRICS_PORT && !cluster.isWorker
      ? mod.createMetricsApp().listen(env.METRICS_PORT, env.METRICS_HOST)
      : null;

  const connections = mod.trackConnections(http);

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    mod.logger.info({ signal, inFlight: inflight.size, connections: connections.size }, "shutting down");
    started.drain();
    // Lame duck: connections already in the accept queue are taken and served (with Connection: close)
    // until the queue is empty: after SHUTDOWN_LAME_DUCK_MS only while it is still being taken, and
    // never past SHUTDOWN_GRACE_MS (what is left in the queue when listening stops is reset).
    await connections.quiet({ maxMs: LAME_DUCK_MAX_MS, hardMaxMs: SHUTDOWN_GRACE_MS });
    // Stop listening; idle keep-alive sockets close now, busy ones after their answer.
    const drained = await connections.drain(SHUTDOWN_GRACE_MS);
    if (!drained) {
      mod.logger.warn(
        { inFlight: inflight.size, connections: connections.size },
        "connections still open after the grace period; closing them",
      );
      connections.destroyAll();
    }
    // The requests' work (database queries) may outlive their sockets: wait for it before closing.
    if (!(await inflight.idle(drained ? SHUTDOWN_GRACE_MS : 2_000))) {
      mod.logger.warn({ inFlight: inflight.size }, "request work still running at shutdown");
    }
    try {
      metricsServer?.close();
      await vite?.close();
      await mod.stop();
      mod.logger.info("stopped");
      process.exit(0);
    } catch (error) {
      mod.logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** The last lines of the start-up output: where the site is and, on a new demo site, who may sign in. */
function announce(url, credentials = []) {
  const lines = [`\nBalkan Vozači: ${url}  (administracija: ${url}/admin)`];
  if (credentials.length > 0) {
    lines.push("", "  Demo nalozi — lozinke se prikazuju samo sada, sačuvajte ih:");
    for (const c of credentials) lines.push(`    ${c.role.padEnd(7)} ${c.email}  /  ${c.password}`);
  }
  console.log(`${lines.join("\n")}\n`);
}

/**
 * The primary of WEB_CONCURRENCY workers (Node's cluster: the workers share the port). It serves
 * no request itself: it starts the workers one after another (the first migrates), pins each to a
 * core of its own when there are enough (taskset), starts a new one when one dies, serves the
 * workers' metrics summed on METRICS_PORT, and on SIGTERM/SIGINT stops them all cleanly.
 */
async function runPrimary(mod, count) {
  const env = mod.parseEnv(process.env);
  const { AggregatorRegistry } = await import("prom-client");
  const aggregator = new AggregatorRegistry();
  const cpus = os.availableParallelism();
  const slots = new Map();
  /** When each worker started listening (its slot's failures count again after a minute of serving). */
  const listeningSince = new Map();
  const restarts = mod.createRestartPolicy();
  let stopping = false;
  let listening = 0;

  const fork = (slot) => {
    const worker = cluster.fork({ BV_WORKER_SLOT: String(slot) });
    slots.set(worker.id, slot);
    if (count <= cpus) {
      execFile("taskset", ["-cp", String(slot % cpus), String(worker.process.pid)], (error) => {
        if (error) mod.logger.debug({ err: error }, "worker not pinned (taskset)");
      });
    }
    worker.on("message", (message) => {
      if (message?.type === "bv:listening") listeningSince.set(worker.id, Date.now());
      if (message?.type === "bv:listening" && ++listening === count) {
        mod.logger.info({ workers: count, port: message.port }, "listening");
        mod.logger.flush(() => announce(`http://localhost:${message.port}`));
      }
      if (message?.type === "bv:metrics-request") {
        aggregator.clusterMetrics().then(
          (body) => worker.send({ type: "bv:metrics", id: message.id, body }),
          (error) => worker.send({ type: "bv:metrics", id: message.id, error: String(error) }),
        );
      }
    });
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    const slot = slots.get(worker.id);
    slots.delete(worker.id);
    const since = listeningSince.get(worker.id);
    listeningSince.delete(worker.id);
    if (stopping) {
      if (slots.size === 0) process.exit(exitCode);
      return;
    }
    // A worker dying at every start is started again later and later, then given up on
    // (server/worker-restarts.ts): systemd then sees the primary fail.
    const decision = restarts.onExit(slot, since ? Date.now() - since : 0);
    if (!decision.restart) {
      mod.logger.fatal(
        { pid: worker.process.pid, code, signal, failures: decision.failures },
        "worker keeps dying at start; stopping the service",
      );
      shutdown("SIGTERM", 1);
      return;
    }
    mod.logger.error(
      { pid: worker.process.pid, code, signal, restartInMs: decision.delayMs },
      "worker died; starting another",
    );
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, decision.delayMs).unref();
  });

  for (let slot = 0; slot < count; slot++) fork(slot);

  const metricsServer = env.METRICS_PORT
    ? express()
        .get("/metrics", async (_req, res) => {
          try {
            const body = await aggregator.clusterMetrics();
            res.set("Cache-Control", "no-store").type(aggregator.contentType).send(body);
          } catch (error) {
            mod.logger.error({ err: error }, "cluster metrics could not be collected");
            res.status(500).end();
          }
        })
        .listen(env.METRICS_PORT, env.METRICS_HOST)
    : null;

  let exitCode = 0;
  const shutdown = (signal, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    mod.logger.info({ signal, workers: slots.size }, "shutting down the workers");
    metricsServer?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (slots.size === 0) process.exit(exitCode);
    // The workers drain (at most SHUTDOWN_GRACE_MS twice, plus the lame duck); then nothing is left to wait for.
    setTimeout(() => process.exit(1), LAME_DUCK_MAX_MS + 2 * SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main();
