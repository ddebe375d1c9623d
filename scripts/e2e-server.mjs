#!/usr/bin/env node
// Starts the real app for the end-to-end tests, the way users start it (`npm start`: build when
// needed, migrate, serve), on a fresh embedded database with the demo data and a known admin.
// Playwright runs it (playwright.config.ts → webServer) and stops it with SIGTERM.
//
//   E2E_PORT          port to serve on (default 4173)
//   ADMIN_EMAIL/PASSWORD  the protected admin (playwright.config.ts passes tests/e2e/support/env.ts)
//   E2E_STRIPE_BASE_URL, E2E_STRIPE_SECRET_KEY, E2E_STRIPE_WEBHOOK_SECRET
//                     card payments against the fake Stripe that playwright.config.ts starts
//
// The data lives in .tmp/e2e-data-<pid>, removed when this script exits.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT || "4173";
const dataDir = path.join(root, ".tmp", `e2e-data-${process.pid}`);

/** Keep in step with tests/e2e/support/env.ts (used when this script is run by hand). */
const DEFAULT_ADMIN = { email: "admin@e2e.test", password: "E2e-Admin-Pass-2026" };

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: "1",
  ADMIN_EMAIL: process.env.ADMIN_EMAIL || DEFAULT_ADMIN.email,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || DEFAULT_ADMIN.password,
  LOG_LEVEL: "warn",
  // As behind nginx: the client address comes from X-Forwarded-For (the sign-in spray test sends
  // it; browsers do not, so their address is the socket's).
  TRUST_PROXY: "1",
};
// The tests run on the embedded database and never reach a real provider.
for (const name of [
  "DATABASE_URL",
  "BREVO_API_KEY",
  "MAILGUN_API_KEY",
  "MAILGUN_DOMAIN",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]) {
  delete env[name];
}
// Card payments only ever talk to the tests' fake Stripe (tests/support/fake-stripe.ts).
if (process.env.E2E_STRIPE_BASE_URL) {
  env.STRIPE_BASE_URL = process.env.E2E_STRIPE_BASE_URL;
  env.STRIPE_SECRET_KEY = process.env.E2E_STRIPE_SECRET_KEY;
  env.STRIPE_WEBHOOK_SECRET = process.env.E2E_STRIPE_WEBHOOK_SECRET;
} else {
  delete env.STRIPE_BASE_URL;
}

// `npm start` runs in a process group of its own, and we pass a stop signal on to that whole
// group, so that the server receives it exactly once, straight from us. (npm alone would not do:
// it forwards signals only to the `sh -c` it runs the script in, which dies without passing them
// on. And Playwright signals OUR group: were npm and the server in it, the server would get the
// signal twice and could die on the second one before it has closed its database.)
const child = spawn("npm", ["start"], { cwd: root, env, stdio: "inherit", detached: true });

const STOP_TIMEOUT_MS = 15_000;
let stopping = false;
let stopDeadline = 0;

function stop(signal) {
  if (stopping) return;
  stopping = true;
  stopDeadline = Date.now() + STOP_TIMEOUT_MS;
  signalGroup(signal);
}

function signalGroup(signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // the group is empty: everything has exited
  }
}

/** npm may exit before the server it started has finished shutting down: wait for the group. */
async function waitForGroupToEnd() {
  while (signalGroup(0)) {
    if (!stopping || Date.now() > stopDeadline) {
      // Never leave a server behind.
      signalGroup("SIGKILL");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => stop(signal));

child.on("error", (error) => {
  console.error(`e2e-server: could not run npm start: ${error.message}`);
  process.exit(1);
});

child.on("exit", async (code, signal) => {
  if (!stopping) console.error(`e2e-server: the server exited on its own (code ${code}, signal ${signal})`);
  await waitForGroupToEnd();
  process.exit(stopping ? 0 : (code ?? 128 + (os.constants.signals[signal] ?? 0)));
});

process.on("exit", () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
