import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { ADMIN, FAKE_STRIPE } from "./tests/e2e/support/env";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium.mjs";

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
function choosePort(variable = "E2E_PORT"): number {
  if (process.env[variable]) return Number(process.env[variable]);
  const script = `
    const net = require("node:net");
    const probe = (port) => new Promise((resolve, reject) => {
      const server = net.createServer().once("error", reject);
      server.listen(port, "127.0.0.1", () => { const p = server.address().port; server.close(() => resolve(p)); });
    });
    probe(0).then((port) => console.log(port));`;
  const port = Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim());
  process.env[variable] = String(port);
  return port;
}

const PORT = choosePort();
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The fake Stripe (tests/support/fake-stripe.ts) the server talks to instead of Stripe. */
const STRIPE_PORT = choosePort("E2E_STRIPE_PORT");
const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;
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
    // The service worker (docs/decisions/310) keeps the latest articles as soon as a page loads:
    // ~40 requests per fresh context, which no other spec needs. tests/e2e/offline.spec.ts allows it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // The tests' own editor, made through the users screen before any spec signs in with it.
    { name: "setup", testMatch: "**/*.setup.ts" },
    { name: "chromium", dependencies: ["setup"] },
  ],
  webServer: [
    {
      // Checkout Sessions, the fake payment page and signed webhooks to the server below. The
      // completion webhook arrives 1.5 s after the redirect, as it may with Stripe, so the success
      // page has to wait for it.
      command: "node --import tsx tests/support/fake-stripe-cli.ts",
      url: `${STRIPE_URL}/__fake/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        FAKE_STRIPE_PORT: String(STRIPE_PORT),
        FAKE_STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        FAKE_STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
        FAKE_STRIPE_WEBHOOK_URL: `${BASE_URL}/webhooks/stripe`,
        FAKE_STRIPE_WEBHOOK_DELAY_MS: "1500",
      },
    },
    {
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
        E2E_STRIPE_BASE_URL: STRIPE_URL,
        E2E_STRIPE_SECRET_KEY: FAKE_STRIPE.secretKey,
        E2E_STRIPE_WEBHOOK_SECRET: FAKE_STRIPE.webhookSecret,
      },
    },
  ],
});
