import type { Database, DatabaseHandle } from "./db/client.server";
import type { Storage } from "./integrations/storage/storage";
import type { CardPayments } from "./integrations/stripe/card-payments";

/**
 * The process's services, wired once at boot (server/app.ts `start`) or by a test. Route modules
 * reach the database through `getDb()`; nothing is built on import.
 */
type Services = { handle: DatabaseHandle; storage?: Storage; payments?: CardPayments | null };

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

/** The media object store chosen at boot (local files or S3). */
export function getStorage(): Storage {
  const storage = getServices().storage;
  if (!storage) throw new Error("Storage is not configured: start() (or the test) must provide it");
  return storage;
}

/** The card payment provider chosen at boot, or null when none is configured (no card payments). */
export function getPayments(): CardPayments | null {
  return getServices().payments ?? null;
}
