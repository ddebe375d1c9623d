import fs from "node:fs";
import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.server";

/**
 * The committed migrations, found from this module's own location (the source file in dev and
 * tests, build/server/index.js in production), so the process may start from any directory.
 */
function findMigrationsFolder(): string {
  let dir = import.meta.dirname ?? process.cwd();
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "app/db/migrations");
    if (fs.existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve(process.cwd(), "app/db/migrations");
}

export const MIGRATIONS_FOLDER = findMigrationsFolder();

/** Applies pending migrations with drizzle's programmatic migrator (it can load PGlite's extensions). */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, config);
  }
}
