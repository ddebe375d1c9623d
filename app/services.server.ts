import type { Database, DatabaseHandle } from "./db/client.server";

/**
 * The process's services, wired once at boot (server/app.ts `start`) or by a test. Route modules
 * reach the database through `getDb()`; nothing is built on import.
 */
type Services = { handle: DatabaseHandle };

const KEY = Symbol.for("balkan-vozaci.services");
const registry = globalThis as unknown as { [KEY]?: Services };

export function setServices(services: Services | undefined): void {
  registry[KEY] = services;
}

export function getServices(): Services {
  const services = registry[KEY];
  if (!services) throw new Error("Services are not started: call start() first");
  return services;
}

export function getDb(): Database {
  return getServices().handle.db;
}
