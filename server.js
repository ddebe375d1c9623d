// The process entry: serves the built app (or Vite in --dev), and shuts down cleanly on SIGTERM
// (docs/operations.md): keep accepting for a moment so connections already queued are served,
// then stop accepting, answer every request in flight with `Connection: close`, close idle
// keep-alive sockets, wait for the requests' work to end, stop the job runner, close the database.
import path from "node:path";
import express from "express";

const DEV = process.argv.includes("--dev");
const CLIENT_DIR = path.join(import.meta.dirname, "build/client");
/** Connections the kernel had already queued when the signal came are still accepted for this long. */
const LAME_DUCK_MS = Number(process.env.SHUTDOWN_LAME_DUCK_MS ?? 300);
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

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    mod.logger.info({ signal, inFlight: inflight.size }, "shutting down");
    started.drain();
    // Lame duck: connections already in the accept queue are taken and served (with Connection: close).
    await new Promise((resolve) => setTimeout(resolve, LAME_DUCK_MS));
    const closed = new Promise((resolve) => http.close(resolve));
    http.closeIdleConnections();
    // Keep-alive sockets become idle when their last response ends: close them as they do.
    const idleSweep = setInterval(() => http.closeIdleConnections(), 100);
    const finished = await Promise.race([
      Promise.all([closed, inflight.idle(SHUTDOWN_GRACE_MS)]).then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), SHUTDOWN_GRACE_MS)),
    ]);
    clearInterval(idleSweep);
    if (!finished) {
      mod.logger.warn(
        { inFlight: inflight.size },
        "requests still open after the grace period; closing them",
      );
      http.closeAllConnections();
      // Their work may still be running: give it a last moment before the database closes.
      await inflight.idle(2_000);
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
