import type { emailStats, newsletterSubscribers } from "~/db/schema";
import { emailLocalPart, personName } from "./people";
import { addDays, addHours, createRandom, REFERENCE_DATE } from "./random";

export type NewSubscriber = typeof newsletterSubscribers.$inferInsert;
export type NewEmailStat = typeof emailStats.$inferInsert;

export const SUBSCRIBER_COUNT = 600;

/** Reserved example domains: demo addresses must never reach a real mailbox, even with keys set. */
const DEMO_MAIL_DOMAINS = ["example.com", "example.net", "example.org"];

/** 600 subscribers, unique lowercase e-mails; ~85% active; the Brevo-synced ones carry a contact id. */
export function buildSubscribers(reference = REFERENCE_DATE): NewSubscriber[] {
  const rng = createRandom("subscribers");
  const used = new Set<string>();
  const list: NewSubscriber[] = [];
  while (list.length < SUBSCRIBER_COUNT) {
    const { first, last } = personName(rng);
    const suffix = rng.chance(0.4) ? String(rng.int(1, 99)) : "";
    const email = `${emailLocalPart(first, last)}${suffix}@${rng.pick(DEMO_MAIL_DOMAINS)}`;
    if (used.has(email)) continue;
    used.add(email);
    const synced = rng.chance(0.35);
    const subscribedAt = rng.daysBefore(reference, 0.5, 3 * 365);
    const isActive = !rng.chance(0.15);
    list.push({
      email,
      brevoContactId: synced || rng.chance(0.2) ? String(rng.int(1000, 99_999)) : null,
      isActive,
      source: synced ? "brevo_sync" : "website",
      subscribedAt,
      createdAt: subscribedAt,
      updatedAt: isActive ? subscribedAt : rng.dateBetween(subscribedAt, reference),
    });
  }
  return list.sort((a, b) => (a.subscribedAt as Date).getTime() - (b.subscribedAt as Date).getTime());
}

/** A monthly newsletter and a few transactional batches in each of the last 12 months. */
export function buildEmailStats(reference = REFERENCE_DATE): NewEmailStat[] {
  const rng = createRandom("email-stats");
  const rows: NewEmailStat[] = [];
  for (let month = 11; month >= 0; month--) {
    const monthStart = addDays(reference, -30 * month - 28);
    rows.push({
      recipientCount: rng.int(480, 560),
      emailType: "newsletter",
      sentAt: addHours(monthStart, rng.int(24, 24 * 7)),
      provider: rng.chance(0.7) ? "mailgun" : "brevo",
    });
    for (let i = rng.int(1, 3); i > 0; i--) {
      rows.push({
        recipientCount: rng.int(1, 40),
        emailType: "transactional",
        sentAt: addHours(monthStart, rng.int(24 * 8, 24 * 27)),
        provider: "mailgun",
      });
    }
  }
  return rows;
}
