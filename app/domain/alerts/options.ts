/**
 * Alerts for new listings (docs/decisions/302): the limits, paths and field codes (the words are in
 * app/messages/alerts.ts). Pure, shared by the server, the pages and the e-mails.
 *
 * Glossary: an *alert* is a saved search of `/poslovi` or `/kupoprodaja` with an address; it is
 * *pending* until the address *confirms* it (double opt-in), then *active*; a *run* (daily, or every
 * few minutes for "at once") e-mails each active alert the listings approved since it last got one
 * that match it — each listing at most once per alert.
 */
import type { AlertFrequency } from "~/db/schema/alerts";
import { KIND_SECTIONS, type ListingKind } from "~/domain/listings/options";
import { codes } from "~/domain/result";

export type { AlertFrequency };

/** Alerts one address may hold (pending or active). */
export const MAX_ALERTS_PER_ADDRESS = 5;
/** Confirmation e-mails one address may be sent in an hour (someone typing another's address). */
export const CONFIRMATIONS_PER_HOUR = 3;
/** Listings shown in one alert e-mail; the rest are "and N more" with a link to the list. */
export const MAX_LISTINGS_PER_EMAIL = 10;
/** The daily run: 7:00 in New York, before the morning dispatch. */
export const DAILY_RUN_HOUR = 7;
/** "At once": a run at most this long after an approval, and every 15 minutes in any case. */
export const INSTANT_DELAY_MS = 30_000;
export const INSTANT_INTERVAL_MS = 15 * 60_000;
/** How far back a run looks for approvals (a week of a stopped server is caught up, no more). */
export const LOOKBACK_DAYS = 7;

export const ALERTS_PREFIX = "/obavestenja";
export const ALERT_UNSUBSCRIBE_PATH = `${ALERTS_PREFIX}/odjava`;

export function alertManagePath(id: number, token: string): string {
  return `${ALERTS_PREFIX}/${id}/${token}`;
}

/** The form of a new alert for a list (its filters in the query). */
export function newAlertPath(kind: ListingKind, query: string): string {
  return `${KIND_SECTIONS[kind].path}/obavestenje${query ? `?${query}` : ""}`;
}

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: "Jednom dnevno (ujutru, sa svim novim oglasima)",
  instant: "Odmah, čim se novi oglas objavi",
};

export const ALERT_KIND_NOUNS: Record<ListingKind, { one: string; few: string; many: string }> = {
  job: { one: "novi posao", few: "nova posla", many: "novih poslova" },
  sale: { one: "novi oglas", few: "nova oglasa", many: "novih oglasa" },
};

/** "1 novi posao", "3 nova posla", "12 novih poslova" (Serbian plural). */
export function countNew(kind: ListingKind, n: number): string {
  const nouns = ALERT_KIND_NOUNS[kind];
  const few = n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14);
  const one = n % 10 === 1 && n % 100 !== 11;
  return `${n} ${one ? nouns.one : few ? nouns.few : nouns.many}`;
}

/** The alert forms' field codes (their words are in app/messages/alerts.ts). */
export const ALERT_FIELD = codes("alert", ["emailInvalid", "frequencyInvalid"]);
