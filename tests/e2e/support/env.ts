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
