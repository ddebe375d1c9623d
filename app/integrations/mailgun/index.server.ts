import path from "node:path";
import type { Env } from "~/env.server";
import { createMailgun } from "./mailgun.server";
import { createOutbox, type OutboxStore } from "./outbox.server";
import type { MailProvider } from "./provider";

/** The outbox lives in DATA_DIR whatever the provider, so the manager can always show what it holds. */
export function createOutboxFromEnv(env: Env): OutboxStore {
  const domain = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : "localhost";
  return createOutbox({ dir: path.resolve(env.DATA_DIR, "outbox"), domain });
}

/** Chosen once, at boot: Mailgun when MAILGUN_API_KEY and MAILGUN_DOMAIN are set, else the local outbox. */
export function createMailProviderFromEnv(env: Env, outbox: OutboxStore): MailProvider {
  if (env.MAILGUN_API_KEY && env.MAILGUN_DOMAIN) {
    return createMailgun({
      apiKey: env.MAILGUN_API_KEY,
      domain: env.MAILGUN_DOMAIN,
      baseUrl: env.MAILGUN_BASE_URL,
    });
  }
  return outbox;
}

export type { MailProvider, OutgoingMessage } from "./provider";
export { MailError } from "./provider";
