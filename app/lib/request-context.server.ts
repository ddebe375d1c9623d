import { AsyncLocalStorage } from "node:async_hooks";
import { processGlobal } from "./process-global";

/**
 * What every log line of a request should carry: the request id (also sent as X-Request-Id).
 * The Express app runs each request inside `runWithRequestContext`, and the logger's mixin reads
 * it, so `logger.error({ err }, "…")` anywhere below a route names the request it failed in.
 */
export type RequestContext = {
  requestId: string;
  /**
   * Set when a database query of this request failed because the database could not be reached
   * (app/db/client.server.ts): the answer is then a 503, or at least never cached.
   */
  databaseUnavailable?: boolean;
  /** Set when a rate limit refused this request: the seconds its 429 answer's Retry-After gives. */
  retryAfterSeconds?: number;
};

const storage = processGlobal("balkan-vozaci.request-context", () => new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/**
 * Runs `fn` outside any request: background work started from a request (a job runner woken by an
 * enqueue) must not carry that request's id into its log lines or mark it on a database outage.
 */
export function runOutsideRequestContext<T>(fn: () => T): T {
  return storage.exit(fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Notes, for the request running now (if any), that the database could not be reached. */
export function markDatabaseUnavailable(): void {
  const context = storage.getStore();
  if (context) context.databaseUnavailable = true;
}

/** Whether a query of the request running now failed because the database was unreachable. */
export function requestSawDatabaseOutage(): boolean {
  return storage.getStore()?.databaseUnavailable === true;
}

/** Notes, for the request running now (if any), when a refused attempt may be made again. */
export function noteRetryAfter(seconds: number): void {
  const context = storage.getStore();
  if (context) context.retryAfterSeconds = Math.max(context.retryAfterSeconds ?? 0, seconds);
}

/** The Retry-After seconds a rate limit gave the request running now, if one refused it. */
export function requestRetryAfter(): number | undefined {
  return storage.getStore()?.retryAfterSeconds;
}
