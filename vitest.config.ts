import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Vitest, standalone: the React Router Vite plugin is deliberately NOT loaded here (it would try
 * to build the app). Two projects, run separately by `scripts/test.sh`:
 *
 * - `unit`: pure functions and components beside the code (`app/**\/*.test.ts(x)`), no database.
 * - `deploy`: the deployment test (nginx, two app processes, PostgreSQL, S3), with TEST_DATABASE_URL.
 * - `integration`: real database, on the driver named by `TEST_DB` (`pglite`, the default, or
 *   `postgres` with `TEST_DATABASE_URL`). Each test file gets its own freshly migrated database
 *   from `tests/support/db.ts`; the global set-up prepares the template once per run.
 *
 * See docs/testing.md.
 */

/** Integration-only files that would otherwise match the unit globs. */
const INTEGRATION_ONLY = ["app/**/*.int.test.ts", "server/**/*.int.test.ts", "app/db/seed/seed.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...INTEGRATION_ONLY],
          testTimeout: 10_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: [...INTEGRATION_ONLY, "tests/integration/**/*.test.ts"],
          exclude: [...configDefaults.exclude],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file holds a whole database (PGlite in memory, or a PostgreSQL connection pool):
          // two files at a time suit the two cores of the CI machines.
          maxWorkers: 2,
        },
      },
      {
        // The deployment (tests/deploy): nginx + app processes + PostgreSQL + S3, from a production
        // install. Its own step in scripts/test.sh, after Playwright (the build is fresh by then).
        extends: true,
        test: {
          name: "deploy",
          environment: "node",
          include: ["tests/deploy/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
