/**
 * Is the database reachable? Every part that talks to it (the pool and its clients, the LISTEN
 * connection, the job runner, the routes through the request handler) reports lost connections
 * here and successful connections too, so that an outage is logged once when it begins and once
 * when it ends — not once per request or per poll — and so that a request that failed because the
 * database went away is answered 503 with Retry-After instead of 500 (docs/decisions/140).
 *
 * Glossary: the database is *unavailable* while connections to it are refused, cut or time out
 * (a restart, a failover, `pg_terminate_backend`); a query that fails for any other reason (a
 * constraint, a bug) is an ordinary error and is logged as one.
 */
import { logger } from "~/lib/logger.server";
import { processGlobal } from "~/lib/process-global";

/** SQLSTATE codes that mean the connection, not the statement, failed. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, pg_ctl stop -m fast
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);
/** Node socket errors on the way to the server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres's own messages for a connection that ended or never came. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Cannot use a pool after calling end/i;

/**
 * True when the error (or what it wraps: Drizzle puts the driver's error in `cause`) means the
 * database could not be reached, as opposed to a statement that failed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) return true;
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type State = { downSince: number | null; failures: number };
const state = (): State =>
  processGlobal<State>("balkan-vozaci.database-availability", () => ({ downSince: null, failures: 0 }));

/** Seconds a client should wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

export const databaseAvailability = {
  /** A connection was refused, cut or timed out (`source` says which part noticed). */
  lost(error: unknown, source: string): void {
    const s = state();
    s.failures++;
    if (s.downSince !== null) return;
    s.downSince = Date.now();
    logger.error(
      { err: error, source },
      "database unavailable: answering 503 and reconnecting until it returns",
    );
  },
  /** A connection was made or a query answered: the outage, if any, is over. */
  available(): void {
    const s = state();
    if (s.downSince === null) return;
    logger.warn({ downMs: Date.now() - s.downSince, failures: s.failures }, "database available again");
    s.downSince = null;
    s.failures = 0;
  },
  get isDown(): boolean {
    return state().downSince !== null;
  },
  /**
   * Reports an error if it is an outage; returns whether it was one (the caller then skips its own
   * error log: the outage is logged once, here).
   */
  noteIfUnavailable(error: unknown, source: string): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    this.lost(error, source);
    return true;
  },
};
