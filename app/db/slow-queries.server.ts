/**
 * Slow query log (SLOW_QUERY_MS): every statement that takes longer is logged at `warn` with a
 * stable statement name, its duration and the start of its SQL — inside a request, with that
 * request's id. The name is the statement's verb and first table plus a short hash of its text
 * (`select articles#5c1e0a`): the same query shape always has the same name, whatever its values
 * (drizzle sends values as parameters), so an operator can count and grep them.
 *
 * The driver's clients are wrapped where drizzle calls them: every pooled PostgreSQL connection
 * (so transactions too; the wait for a free connection is not counted — the pool gauges show it),
 * or PGlite's `query` and the `query` of its transactions.
 */
import { createHash } from "node:crypto";
import { logger } from "~/lib/logger.server";
import type { DatabaseHandle } from "./client.server";

function sqlText(arg: unknown): string {
  if (typeof arg === "string") return arg;
  const text = (arg as { text?: unknown })?.text;
  return typeof text === "string" ? text : "";
}

/** `select articles#5c1e0a`: verb, first table, and a hash of the normalised text. */
export function statementName(text: string): string {
  const normal = text.replace(/\s+/g, " ").trim().toLowerCase();
  const verb = /^(\w+)/.exec(normal)?.[1] ?? "sql";
  const table = /\b(?:from|into|update)\s+(?:"?\w+"?\.)?"?(\w+)"?/.exec(normal)?.[1] ?? "";
  const hash = createHash("sha1").update(normal).digest("hex").slice(0, 6);
  return `${verb}${table ? ` ${table}` : ""}#${hash}`;
}

function report(text: string, started: number, thresholdMs: number): void {
  const ms = performance.now() - started;
  if (ms < thresholdMs || !text) return;
  logger.warn(
    { statement: statementName(text), ms: Math.round(ms), sql: text.replace(/\s+/g, " ").slice(0, 300) },
    "slow query",
  );
}

type QueryFn = (...args: unknown[]) => unknown;

function wrapQuery(target: { query: QueryFn }, thresholdMs: number): void {
  const original = target.query.bind(target) as QueryFn;
  target.query = (...args: unknown[]) => {
    const started = performance.now();
    const text = sqlText(args[0]);
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      // Callback style (pg's pool calls its client so).
      const callback = args[last] as (...cbArgs: unknown[]) => void;
      args[last] = (...cbArgs: unknown[]) => {
        report(text, started, thresholdMs);
        callback(...cbArgs);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      (result as Promise<unknown>).then(
        () => report(text, started, thresholdMs),
        () => report(text, started, thresholdMs),
      );
    }
    return result;
  };
}

/** Logs the statements of `handle` slower than `thresholdMs` (0: nothing is wrapped). */
export function logSlowQueries(handle: DatabaseHandle, thresholdMs: number): void {
  if (thresholdMs <= 0) return;
  if (handle.pool) {
    handle.pool.on("connect", (client) => wrapQuery(client as unknown as { query: QueryFn }, thresholdMs));
    return;
  }
  const client = handle.client as unknown as
    | { query: QueryFn; transaction: (fn: (tx: { query: QueryFn }) => unknown) => unknown }
    | undefined;
  if (!client) return;
  wrapQuery(client, thresholdMs);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      wrapQuery(tx, thresholdMs);
      return fn(tx);
    });
}
