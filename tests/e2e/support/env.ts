/**
 * What the end-to-end tests know about the server that `playwright.config.ts` starts through
 * `scripts/e2e-server.mjs`: its address and the protected administrator it creates on start
 * (ADMIN_EMAIL / ADMIN_PASSWORD of the runtime contract). The config passes ADMIN to the server.
 */
export const ADMIN = {
  email: "admin@e2e.test",
  password: "E2e-Admin-Pass-2026",
} as const;

/** Chosen once by playwright.config.ts (which exports it to its workers) or given by the caller. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The fake Stripe that playwright.config.ts starts (tests/support/fake-stripe-cli.ts) and hands to
 * the server as STRIPE_BASE_URL; test-only keys.
 */
export const FAKE_STRIPE = {
  secretKey: "sk_test_e2e_fake_0123456789",
  webhookSecret: "whsec_e2e_fake_0123456789",
} as const;

export const FAKE_STRIPE_URL = `http://127.0.0.1:${Number(process.env.E2E_STRIPE_PORT ?? 4242)}`;

/**
 * The editor the tests sign in as: created through the users screen by `editor.setup.ts` before
 * the specs run (the demo staff get random passwords, so no test knows theirs).
 */
export const EDITOR = {
  email: "urednik@e2e.test",
  password: "E2e-Urednik-Pass-2026",
  firstName: "Eda",
  lastName: "Urednica",
} as const;
