import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What every log line of a request should carry: the request id (also sent as X-Request-Id).
 * The Express app runs each request inside `runWithRequestContext`, and the logger's mixin reads
 * it, so `logger.error({ err }, "…")` anywhere below a route names the request it failed in.
 */
export type RequestContext = { requestId: string };

const KEY = Symbol.for("balkan-vozaci.request-context");
const registry = globalThis as unknown as { [KEY]?: AsyncLocalStorage<RequestContext> };
registry[KEY] ??= new AsyncLocalStorage<RequestContext>();
const storage = registry[KEY];

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
