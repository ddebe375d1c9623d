/**
 * Vitest global set-up of the `integration` project: prepares, once per run, the migrated but
 * empty database that every test file copies (see `tests/support/db.ts`).
 *
 * - pglite: migrate an in-memory PGlite and dump its data directory to
 *   `.tmp/test-db/pglite-template-<hash>.tar.gz`. The hash covers the migrations and the PGlite
 *   and drizzle versions, so the dump is reused by later runs until one of them changes
 *   (initdb + migrations cost ~3.5 s; loading the dump ~0.6 s per file).
 * - postgres: (re)create the database `app_template_<checkout hash>` on `TEST_DATABASE_URL` and
 *   migrate it; each test file then runs `CREATE DATABASE test_… TEMPLATE …`. Dropped at
 *   teardown. The name is per checkout, so two checkouts on one cluster never collide.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/db/client.server";
import { MIGRATIONS_FOLDER, runMigrations } from "../../app/db/migrate.server";

export type TestDriver = "pglite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    testDb:
      | { driver: "pglite"; templateFile: string }
      | { driver: "postgres"; adminUrl: string; templateName: string };
  }
}

/**
 * The template's name, one per checkout: two checkouts (or CI beside a developer) sharing one
 * cluster must not drop each other's template mid-run.
 */
export const POSTGRES_TEMPLATE = `app_template_${createHash("sha256").update(path.resolve(".")).digest("hex").slice(0, 10)}`;
const TMP_DIR = path.resolve(".tmp/test-db");

export function testDriverFromEnv(): TestDriver {
  const value = process.env.TEST_DB ?? "pglite";
  if (value !== "pglite" && value !== "postgres") {
    throw new Error(`TEST_DB must be "pglite" or "postgres", not "${value}"`);
  }
  return value;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const driver = testDriverFromEnv();
  if (driver === "pglite") {
    const templateFile = await preparePgliteTemplate();
    project.provide("testDb", { driver, templateFile });
    return async () => {};
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      "TEST_DB=postgres needs TEST_DATABASE_URL (a superuser URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)",
    );
  }
  await preparePostgresTemplate(adminUrl);
  project.provide("testDb", { driver, adminUrl, templateName: POSTGRES_TEMPLATE });
  return async () => {
    await withAdminClient(adminUrl, (client) => dropDatabase(client, POSTGRES_TEMPLATE));
  };
}

// ---------------------------------------------------------------------------------------------
// PGlite

async function preparePgliteTemplate(): Promise<string> {
  const file = path.join(TMP_DIR, `pglite-template-${pgliteTemplateKey()}.tar.gz`);
  if (fs.existsSync(file)) return file;

  fs.mkdirSync(TMP_DIR, { recursive: true });
  for (const stale of fs.readdirSync(TMP_DIR)) {
    if (stale.startsWith("pglite-template-")) fs.rmSync(path.join(TMP_DIR, stale), { force: true });
  }
  const handle = await openDatabase({ driver: "pglite", dataDir: null });
  try {
    await runMigrations(handle);
    if (!handle.client) throw new Error("openDatabase did not expose the PGlite client");
    const dump = await handle.client.dumpDataDir("gzip");
    // Write then rename, so that a concurrent or interrupted run never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

/** Changes whenever the migrations or the versions of PGlite / drizzle change. */
function pgliteTemplateKey(): string {
  const hash = createHash("sha256");
  for (const pkg of ["@electric-sql/pglite", "drizzle-orm"]) {
    const manifest = path.resolve("node_modules", pkg, "package.json");
    hash.update(
      `${pkg}@${fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, "utf8")).version : "?"}\n`,
    );
  }
  for (const file of listFiles(MIGRATIONS_FOLDER)) {
    hash.update(`${path.relative(MIGRATIONS_FOLDER, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : [full];
    })
    .sort();
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  await withAdminClient(adminUrl, async (client) => {
    await dropDatabase(client, POSTGRES_TEMPLATE);
    await client.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  });
  const handle = await openDatabase({
    driver: "postgres",
    url: databaseUrl(adminUrl, POSTGRES_TEMPLATE),
    max: 1,
  });
  try {
    await runMigrations(handle);
  } finally {
    // No session may stay connected to a template while it is being copied.
    await handle.close();
  }
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(
  adminUrl: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // WITH (FORCE) (PostgreSQL 13+) ends any session still connected to it.
  await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
}
