// The process entry: serves the built app (or Vite in --dev), and shuts down cleanly on SIGTERM:
// stop accepting connections, let requests in flight finish, then close the database.
import path from "node:path";
import compression from "compression";
import express from "express";

const DEV = process.argv.includes("--dev");
const CLIENT_DIR = path.join(import.meta.dirname, "build/client");
const SHUTDOWN_GRACE_MS = 10_000;

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
    started = await mod.start(process.env);
  } catch (error) {
    if (error?.name === "EnvError" || error?.constructor?.name === "EnvError") {
      console.error(error.message);
    } else {
      console.error("Pokretanje nije uspelo:", error);
    }
    process.exit(1);
  }
  const { env, app: appHandler } = started;
  const server = express();
  server.disable("x-powered-by");
  server.use(compression());
  if (vite) {
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
  } else {
    server.use("/assets", express.static(path.join(CLIENT_DIR, "assets"), { immutable: true, maxAge: "1y" }));
    server.use(express.static(CLIENT_DIR, { maxAge: "1h", index: false }));
    server.use(appHandler);
  }

  const http = server.listen(env.PORT, env.HOST, () => {
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    mod.logger.info({ port }, `listening on http://localhost:${port}`);
  });
  http.keepAliveTimeout = 5_000;

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    mod.logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      mod.logger.warn("requests still open after grace period; closing");
      http.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    http.close(async () => {
      try {
        await vite?.close();
        await mod.stop();
        mod.logger.info("stopped");
        process.exit(0);
      } catch (error) {
        mod.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      }
    });
    http.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main();
