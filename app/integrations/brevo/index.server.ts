import type { Env } from "~/env.server";
import { type ContactsProvider, createBrevo } from "./brevo.server";

/** Chosen once, at boot: Brevo when BREVO_API_KEY is set, else none (signups stay local only). */
export function createContactsFromEnv(env: Env): ContactsProvider | null {
  if (!env.BREVO_API_KEY) return null;
  return createBrevo({ apiKey: env.BREVO_API_KEY, baseUrl: env.BREVO_BASE_URL });
}

export type { BrevoContact, ContactsProvider } from "./brevo.server";
export { ContactsError } from "./brevo.server";
