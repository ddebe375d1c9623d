import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { ADMIN } from "./tests/e2e/support/env";

/**
 * End-to-end tests: Debian's Chromium (`/usr/bin/chromium`, installed by scripts/test.sh; no
 * `npx playwright install`) against the real production server, built and started the way users
 * start it (`npm start`, through scripts/e2e-server.mjs) on a fresh embedded database with the
 * demo data and the administrator of tests/e2e/support/env.ts. See docs/testing.md.
 */

/**
 * The server's port: E2E_PORT when given (scripts/test.sh gives a free one), else a random free one
 * (several checkouts may run their tests at once on one machine; a fixed port would let one run
 * talk to another run's server). Written back to E2E_PORT so that the worker processes, which load this
 * file again, and tests/e2e/support/env.ts agree on it.
 */
function choosePort(): number {
  if (process.env.E2E_PORT) return Number(process.env.E2E_PORT);
  const script = `
    const net = require("node:net");
    const probe = (port) => new Promise((resolve, reject) => {
      const server = net.createServer().once("error", reject);
      server.listen(port, "127.0.0.1", () => { const p = server.address().port; server.close(() => resolve(p)); });
    });
    probe(0).then((port) => console.log(port));`;
  const port = Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim());
  process.env.E2E_PORT = String(port);
  return port;
}

const PORT = choosePort();
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = !!process.env.CI;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  // One server and one database for all tests: run files one at a time, tests in file order.
  workers: 1,
  fullyParallel: false,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? ".tmp/test-report/e2e.json" }],
  ],
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    headless: true,
    locale: "sr-Latn-RS",
    timezoneId: "America/New_York",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${BASE_URL}/healthz`,
    // The first run builds the app before serving it.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM, then time for a clean shutdown (the script stops the server and removes its data).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      E2E_PORT: String(PORT),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  },
});
