/**
 * State that must exist once per process even when its module is loaded twice (the development
 * server reloads modules; the server and the route bundle may each load a copy): kept on
 * `globalThis` under `Symbol.for(key)`, made by `create` on first use.
 */
export function processGlobal<T>(key: string, create: () => T): T {
  const registry = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(key);
  registry[symbol] ??= create();
  return registry[symbol];
}
