/**
 * A fresh, migrated, empty database for one integration test FILE, on the driver chosen by
 * `TEST_DB` (`pglite`, the default, or `postgres` with `TEST_DATABASE_URL`).
 *
 *   const t = await createTestDatabase();   // in beforeAll
 *   await t.db.insert(articles).values(…);
 *   await t.close();                        // in afterAll
 *
 * The copies come from the template that `tests/support/global-setup.ts` prepares once per run:
 * PGlite loads a dumped data directory (~0.6 s), PostgreSQL runs
 * `CREATE DATABASE test_… TEMPLATE app_template_<checkout>` and drops it again on close.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { describe, inject } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "../../app/db/client.server";
import {
  databaseUrl,
  dropDatabase,
  type TestDriver,
  testDriverFromEnv,
  withAdminClient,
} from "./global-setup";

export type TestDatabase = {
  db: Database;
  handle: DatabaseHandle;
  close(): Promise<void>;
};

export type TestDatabaseOptions = {
  /** false: an EMPTY database with no migrations applied (for testing the migrations themselves). */
  migrated?: boolean;
};

/** The driver this run uses: put it in test names so a report says where a test failed. */
export const TEST_DRIVER: TestDriver = testDriverFromEnv();

/** `describe`, with the database driver appended to the name: "articles [pglite]". */
export function describeDb(name: string, fn: () => void): void {
  describe(`${name} [${TEST_DRIVER}]`, () => {
    fn();
  });
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const migrated = options.migrated ?? true;
  const provided = inject("testDb");
  if (!provided) {
    throw new Error("createTestDatabase() runs only in the vitest `integration` project (its globalSetup)");
  }
  if (provided.driver !== TEST_DRIVER) {
    throw new Error(`TEST_DB is "${TEST_DRIVER}" but the global set-up prepared "${provided.driver}"`);
  }

  if (provided.driver === "pglite") {
    const loadDataDir = migrated ? new Blob([fs.readFileSync(provided.templateFile)]) : undefined;
    const handle = await openDatabase({ driver: "pglite", dataDir: null, loadDataDir });
    return { db: handle.db, handle, close: () => handle.close() };
  }

  const { adminUrl, templateName } = provided;
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${migrated ? templateName : "template0"}`),
  );
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ driver: "postgres", url: databaseUrl(adminUrl, name), max: 4 });
  } catch (error) {
    await withAdminClient(adminUrl, (client) => dropDatabase(client, name));
    throw error;
  }
  let closed = false;
  return {
    db: handle.db,
    handle,
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
      await withAdminClient(adminUrl, (client) => dropDatabase(client, name));
    },
  };
}
