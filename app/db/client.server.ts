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
import { markDatabaseUnavailable } from "~/lib/request-context.server";
import { databaseAvailability } from "./availability.server";
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
  listen?: (
    channel: string,
    onMessage: (payload: string) => void,
    events?: ListenEvents,
  ) => Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now (for metrics and the admin's system card). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export type ListenEvents = {
  /**
   * Called after the connection came back from a loss: notifications sent meanwhile were missed,
   * so whatever they would have invalidated should be dropped now.
   */
  onReconnect?: () => void;
};

/** How long a request waits for a new connection before it fails (and is answered 503). */
const CONNECT_TIMEOUT_MS = 5_000;

export type DatabaseOptions =
  | { driver: "pglite"; dataDir: string | null; loadDataDir?: Blob | File }
  | { driver: "postgres"; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    watchPool(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const url = options.url;
    return {
      db,
      driver: "postgres",
      pool,
      close: () => pool.end(),
      listen: (channel, onMessage, events) => listenForever(url, channel, onMessage, events),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
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

/**
 * Every pooled connection gets an `error` listener for its whole life. pg-pool listens for errors
 * only while a client is idle; a connection cut while checked out (a FATAL between two statements
 * of a transaction: `pg_terminate_backend`, a restart) would otherwise raise an unhandled `error`
 * event and end the process. The client is then unusable: the query in flight fails, the pool
 * discards the client on release and opens a new one on demand.
 */
function watchPool(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    client.on("error", (error) => databaseAvailability.lost(error, "pool"));
    watchQueries(client);
    databaseAvailability.available();
  });
  // An idle client lost its connection (pg-pool removes it): the same outage, logged once.
  pool.on("error", (error) => databaseAvailability.lost(error, "pool"));
  watchQueries(pool);
  // A transaction checks a client out first (`pool.connect()` without a callback).
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: unknown }).connect = (...args: unknown[]) => notingOutages(connect(...args));
}

/** Passes a promise through, marking the request when it fails because the database is away. */
function notingOutages(result: unknown): unknown {
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    if (databaseAvailability.noteIfUnavailable(error, "query")) markDatabaseUnavailable();
    throw error;
  });
}

/**
 * A query that fails because the database cannot be reached (a refused or timed-out connect, a
 * connection cut mid-statement) marks the request it ran for, whatever the code above it does
 * with the error — a route that turns errors into a message, or a layout that renders without
 * its banners — so the server answers 503 instead of 500 and never caches what it rendered
 * (server/http/page-handler.ts). Drizzle calls `query` without a callback and awaits the promise
 * (on the pool, or on a checked-out client inside a transaction); pg-pool's own callback calls
 * pass through untouched.
 */
function watchQueries(target: pg.Pool | pg.PoolClient): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  (target as { query: unknown }).query = (...args: unknown[]) => notingOutages(query(...args));
}

/** First pause before a lost LISTEN connection is opened again; it doubles up to the maximum. */
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * A LISTEN connection kept open: when it is lost (or cannot be opened at start) it is discarded
 * and a new one is tried after a growing pause (250 ms doubling up to 5 s); after a reconnect
 * `events.onReconnect` runs, since notifications sent meanwhile were missed.
 */
async function listenForever(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  events: ListenEvents = {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = LISTEN_RETRY_MIN_MS;
  let lost = false;
  let timer: NodeJS.Timeout | undefined;
  const discard = (lostClient: pg.Client) => {
    lostClient.end().catch((endError) => logger.debug({ err: endError }, "closing a lost LISTEN connection"));
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      if (stopped) return;
      databaseAvailability.lost(error, "listen");
      discard(next);
      if (client === next) schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      discard(next);
      throw error;
    }
    if (stopped) {
      discard(next);
      return;
    }
    client = next;
    delay = LISTEN_RETRY_MIN_MS;
    databaseAvailability.available();
    if (lost) {
      lost = false;
      logger.info({ channel }, "LISTEN connection restored");
      events.onReconnect?.();
    }
  };
  const schedule = () => {
    if (stopped) return;
    client = null;
    lost = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      connect().catch((error) => {
        databaseAvailability.lost(error, "listen");
        delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
        schedule();
      });
    }, delay);
    timer.unref();
  };
  try {
    await connect();
  } catch (error) {
    // The database is not there at start: keep trying in the background.
    databaseAvailability.lost(error, "listen");
    schedule();
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch((error) => logger.debug({ err: error }, "closing the LISTEN connection"));
  };
}
