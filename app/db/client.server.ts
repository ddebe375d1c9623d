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
import { logger } from "~/lib/logger.server";
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
  /** The connection pool (postgres driver only): its counts feed the metrics. */
  pool?: pg.Pool;
  /**
   * PostgreSQL only: LISTEN on a channel over a dedicated connection that reconnects by itself;
   * returns the function that stops listening. (PGlite serves one process: nothing to hear.)
   */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
};

export type DatabaseOptions =
  | { driver: "pglite"; dataDir: string | null; loadDataDir?: Blob | File }
  | { driver: "postgres"; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    pool.on("error", (error) => {
      // An idle client lost its connection; the pool replaces it. /readyz reports the outage.
      logger.warn({ err: error }, "idle database connection lost");
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const url = options.url;
    return {
      db,
      driver: "postgres",
      pool,
      close: () => pool.end(),
      listen: (channel, onMessage) => listenForever(url, channel, onMessage),
    };
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

/** A LISTEN connection kept open: on error it reconnects after a growing pause (at most 30 s). */
async function listenForever(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 500;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      if (stopped) return;
      logger.warn({ err: error, channel }, "LISTEN connection lost; reconnecting");
      next.end().catch((endError) => logger.debug({ err: endError }, "closing a lost LISTEN connection"));
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    delay = 500;
  };
  const schedule = () => {
    if (stopped) return;
    client = null;
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().catch((error) => {
        logger.warn({ err: error, channel, retryInMs: delay * 2 }, "LISTEN reconnect failed");
        delay = Math.min(delay * 2, 30_000);
        schedule();
      });
    }, delay);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch((error) => logger.debug({ err: error }, "closing the LISTEN connection"));
  };
}
