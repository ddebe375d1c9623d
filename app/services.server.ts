import os from "node:os";
import path from "node:path";
import type { Database, DatabaseHandle } from "./db/client.server";
import type { ContactsProvider } from "./integrations/brevo/brevo.server";
import type { OutboxStore } from "./integrations/mailgun/outbox.server";
import type { MailProvider } from "./integrations/mailgun/provider";
import type { BackupDestination } from "./integrations/storage/backup-destination.server";
import type { Storage } from "./integrations/storage/storage";
import type { CardPayments } from "./integrations/stripe/card-payments";

/**
 * The process's services, wired once at boot (server/app.ts `start`) or by a test. Route modules
 * reach the database through `getDb()`; nothing is built on import.
 */
type Services = {
  handle: DatabaseHandle;
  storage?: Storage;
  /** E-mail sending: Mailgun, or the local outbox when Mailgun is not configured. */
  mail?: MailProvider;
  /** The local outbox (DATA_DIR/outbox), shown by the newsletter manager whatever the provider. */
  outbox?: OutboxStore;
  /** Brevo contacts, or null when BREVO_API_KEY is not set. */
  contacts?: ContactsProvider | null;
  /** The card payment provider, or null when Stripe is not configured. */
  payments?: CardPayments | null;
  /** Where uploads are received to before they are checked (DATA_DIR/tmp/uploads). */
  uploadDir?: string;
  /** Nightly backups: where they go (null: off) and, on PostgreSQL, the URL pg_dump reads. */
  backups?: { destination: BackupDestination | null; databaseUrl?: string };
};

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

/** The e-mail provider chosen at boot (Mailgun or the local outbox). */
export function getMail(): MailProvider {
  const mail = getServices().mail;
  if (!mail) throw new Error("Mail is not configured: start() (or the test) must provide it");
  return mail;
}

export function getOutbox(): OutboxStore {
  const outbox = getServices().outbox;
  if (!outbox) throw new Error("The outbox is not configured: start() (or the test) must provide it");
  return outbox;
}

/** Brevo contacts, or null when not configured. */
export function getContacts(): ContactsProvider | null {
  return getServices().contacts ?? null;
}

/** The card payment provider chosen at boot, or null when none is configured (no card payments). */
export function getPayments(): CardPayments | null {
  return getServices().payments ?? null;
}

/** The directory uploads are received to (lib/multipart.server.ts); the system's temp dir in tests. */
export function getUploadDir(): string {
  return getServices().uploadDir ?? path.join(os.tmpdir(), "balkan-vozaci-uploads");
}
