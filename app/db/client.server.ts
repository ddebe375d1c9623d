import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every query function takes, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
  /** The raw PGlite client (pglite driver only), e.g. for `dumpDataDir()` in the test set-up. */
  client?: PGlite;
};

export type DatabaseOptions =
  | { driver: "pglite"; dataDir: string | null; loadDataDir?: Blob | File }
  | { driver: "postgres"; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    pool.on("error", () => {
      // An idle client lost its connection; the pool replaces it. /readyz reports the outage.
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return { db, driver: "postgres", close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    // PGlite creates its own directory non-recursively: make the parent first.
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, driver: "pglite", client, close: () => client.close() };
}
