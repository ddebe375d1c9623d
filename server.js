// The process entry: serves the built app (or Vite in --dev), and shuts down cleanly on SIGTERM
// (docs/operations.md): keep accepting for a moment so connections already queued are served,
// then stop accepting, answer every request in flight with `Connection: close`, close idle
// keep-alive sockets, wait for the requests' work to end, stop the job runner, close the database.
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

async function main() {
  const { mod, vite } = await loadServerModule();
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
  const { env, app: appHandler, inflight } = started;
  let handler = appHandler;
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

  const http = handler.listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    mod.logger.info({ port }, `listening on http://localhost:${port}`);
  });
  http.keepAliveTimeout = 5_000;

  const connections = mod.trackConnections(http);

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    mod.logger.info({ signal, inFlight: inflight.size, connections: connections.size }, "shutting down");
    started.drain();
    // Lame duck: connections already in the accept queue are taken and served (with Connection: close)
    // until the queue is empty.
    await connections.quiet({ maxMs: LAME_DUCK_MAX_MS });
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

main();
