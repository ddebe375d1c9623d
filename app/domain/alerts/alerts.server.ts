/**
 * Alerts for new listings (docs/decisions/302): a visitor saves the filters of a list with their
 * address; a confirmation e-mail opens the alert's page, where one click confirms it (double
 * opt-in: nothing is sent before). The same page changes the filters and how often, or deletes the
 * alert; every alert e-mail also has a one-click unsubscribe (RFC 8058), which deletes it.
 *
 * Limits: the public form's limiter per address of the client (5 per 15 minutes), at most
 * MAX_ALERTS_PER_ADDRESS alerts per e-mail address and CONFIRMATIONS_PER_HOUR confirmation e-mails
 * to one address in an hour.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { type AlertFrequency, listingAlerts, newsletterSends } from "~/db/schema";
import type { Script } from "~/domain/cyrillic/urls";
import { urlInScript } from "~/domain/cyrillic/urls";
import { KIND_SECTIONS } from "~/domain/listings/options";
import { sendNotice } from "~/domain/newsletter/notice.server";
import { consumeRateLimit } from "~/domain/rate-limit/limiter.server";
import { fail, ok, type Result } from "~/domain/result";
import type { MailProvider } from "~/integrations/mailgun/provider";
import { parseId } from "~/lib/ids";
import { type AlertFilters, describeFilters, filterColumns, filterParams, filtersOf } from "./filters";
import { alertLinksFor, verifyManageToken, verifyUnsubscribeToken } from "./links.server";
import { CONFIRMATIONS_PER_HOUR, FREQUENCY_LABELS, MAX_ALERTS_PER_ADDRESS } from "./options";

export type AlertRow = typeof listingAlerts.$inferSelect;

export type AlertErrorCode =
  | "alert.too_many"
  | "alert.address_limited"
  | "alert.mail_failed"
  | "alert.link_invalid"
  | "alert.failed"
  /** An unsubscribe link that names no alert of that token. */
  | "alert.unsubscribe_invalid"
  /** "Send the daily alerts now" while a run is under way. */
  | "alert.run_busy"
  /** A send of a run failed (stored with its reason as the detail). */
  | "alert.send_failed";

/** The alert's filters in the shape of the list's. */
export function alertFilters(alert: AlertRow): AlertFilters {
  return filtersOf(alert);
}

/** "Poslovi: „reefer“ · Ohio" — what the alert is for, in words. */
export function alertSummary(alert: AlertFilters): string {
  const words = describeFilters(alert);
  const section = KIND_SECTIONS[alert.kind].title;
  return words.length === 0 ? `${section}: svi novi oglasi` : `${section}: ${words.join(" · ")}`;
}

const sameFilters = (columns: ReturnType<typeof filterColumns>) =>
  and(
    eq(listingAlerts.q, columns.q),
    ...(
      [
        [listingAlerts.state, columns.state],
        [listingAlerts.routeType, columns.routeType],
        [listingAlerts.equipment, columns.equipment],
        [listingAlerts.position, columns.position],
        [listingAlerts.saleCategory, columns.saleCategory],
        [listingAlerts.priceMin, columns.priceMin],
        [listingAlerts.priceMax, columns.priceMax],
        [listingAlerts.yearMin, columns.yearMin],
        [listingAlerts.yearMax, columns.yearMax],
      ] as const
    ).map(([column, value]) => sql`${column} is not distinct from ${value}`),
  );

/** Sends (again) the confirmation e-mail of a pending alert. */
async function sendConfirmation(db: DbOrTx, mail: MailProvider, alert: AlertRow, origin: string) {
  const links = await alertLinksFor(db, origin);
  const filters = alertFilters(alert);
  return sendNotice(db, mail, {
    to: alert.email,
    script: alert.script,
    origin,
    subject: "Potvrdite obaveštenje o novim oglasima",
    preview: alertSummary(filters),
    heading: "Potvrdite obaveštenje",
    paragraphs: [
      `Prijavljeno je obaveštenje o novim oglasima na ovu adresu — ${alertSummary(filters)}.`,
      `Kada ga potvrdite, slaćemo vam nove oglase: ${FREQUENCY_LABELS[alert.frequency].toLowerCase()}.`,
    ],
    action: { label: "Potvrdite obaveštenje", url: links.manageUrl(alert, alert.script) },
    notes: [
      {
        text: "Niste vi prijavili ovo obaveštenje? Samo zanemarite ovu poruku: bez potvrde ne šaljemo ništa.",
      },
      {
        text: "Oglase možete pogledati i odmah:",
        link: {
          label: "otvorite listu",
          url: urlInScript(
            `${origin}${KIND_SECTIONS[alert.kind].path}?${filterParams(filters)}`,
            alert.script,
          ),
        },
      },
    ],
    tag: "alert-confirm",
  });
}

/**
 * Saves a new alert (pending) and sends its confirmation e-mail. The same filters saved again by
 * the same address: a pending alert gets its confirmation again, an active one is reported as such.
 */
export async function createAlert(
  db: DbOrTx,
  mail: MailProvider,
  input: {
    filters: AlertFilters;
    email: string;
    frequency: AlertFrequency;
    script: Script;
    origin: string;
    now?: Date;
  },
): Promise<Result<{ alert: AlertRow; already: boolean }, AlertErrorCode>> {
  const now = input.now ?? new Date();
  const columns = filterColumns(input.filters);
  const mine = and(eq(listingAlerts.email, input.email), eq(listingAlerts.kind, input.filters.kind));
  const [existing] = await db
    .select()
    .from(listingAlerts)
    .where(and(mine, sameFilters(columns)))
    .limit(1);
  if (existing?.status === "active") return ok({ alert: existing, already: true });
  if (!existing) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(listingAlerts)
      .where(eq(listingAlerts.email, input.email));
    if (n >= MAX_ALERTS_PER_ADDRESS) return fail("alert.too_many");
  }
  const limit = await consumeRateLimit(
    db,
    [{ key: `alert-confirm:email:${input.email}`, max: CONFIRMATIONS_PER_HOUR, windowMs: 3_600_000 }],
    now,
  );
  if (!limit.ok) return fail("alert.address_limited");
  const alert =
    existing ??
    (
      await db
        .insert(listingAlerts)
        .values({
          ...columns,
          email: input.email,
          kind: input.filters.kind,
          frequency: input.frequency,
          script: input.script,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
  const sent = await sendConfirmation(db, mail, alert, input.origin);
  if (!sent.ok) return fail("alert.mail_failed");
  return ok({ alert, already: false });
}

/** The alert a link of its page names, or `link_invalid` (forged, or the alert is gone). */
export async function openAlert(
  db: DbOrTx,
  rawId: unknown,
  token: unknown,
): Promise<Result<AlertRow, AlertErrorCode>> {
  const id = parseId(rawId);
  if (id === null) return fail("alert.link_invalid");
  const [alert] = await db.select().from(listingAlerts).where(eq(listingAlerts.id, id)).limit(1);
  if (!alert || !(await verifyManageToken(db, alert, token))) return fail("alert.link_invalid");
  return ok(alert);
}

/** Confirms a pending alert (from now on it gets the listings approved after this moment). */
export async function confirmAlert(db: DbOrTx, alert: AlertRow, now = new Date()): Promise<AlertRow> {
  const [row] = await db
    .update(listingAlerts)
    .set({ status: "active", confirmedAt: now, updatedAt: now })
    .where(and(eq(listingAlerts.id, alert.id), eq(listingAlerts.status, "pending")))
    .returning();
  return row ?? alert;
}

/** Changes an alert's filters and frequency (its address and kind stay). */
export async function updateAlert(
  db: DbOrTx,
  alert: AlertRow,
  change: { filters: AlertFilters; frequency: AlertFrequency; script: Script },
  now = new Date(),
): Promise<AlertRow> {
  const [row] = await db
    .update(listingAlerts)
    .set({
      ...filterColumns(change.filters),
      frequency: change.frequency,
      script: change.script,
      updatedAt: now,
    })
    .where(eq(listingAlerts.id, alert.id))
    .returning();
  return row ?? alert;
}

export async function deleteAlert(db: DbOrTx, id: number): Promise<void> {
  await db.delete(listingAlerts).where(eq(listingAlerts.id, id));
}

/**
 * The one-click unsubscribe of an alert e-mail (the page's button, or a mail provider's RFC 8058
 * POST): deletes the alert. `gone`: there is no such alert (any more); `invalid`: a wrong token.
 */
export async function unsubscribeAlert(
  db: DbOrTx,
  rawId: unknown,
  token: unknown,
): Promise<"unsubscribed" | "gone" | "invalid"> {
  const id = parseId(rawId);
  if (id === null || typeof token !== "string") return "invalid";
  const [alert] = await db.select().from(listingAlerts).where(eq(listingAlerts.id, id)).limit(1);
  if (!alert) return "gone";
  if (!(await verifyUnsubscribeToken(db, alert, token))) return "invalid";
  await deleteAlert(db, id);
  return "unsubscribed";
}

/** The check behind the unsubscribe page's GET (nothing changes on a GET). */
export async function findUnsubscribeAlert(
  db: DbOrTx,
  rawId: unknown,
  token: unknown,
): Promise<AlertRow | "gone" | null> {
  const id = parseId(rawId);
  if (id === null) return null;
  const [alert] = await db.select().from(listingAlerts).where(eq(listingAlerts.id, id)).limit(1);
  if (!alert) return "gone";
  return (await verifyUnsubscribeToken(db, alert, token)) ? alert : null;
}

export type AlertCounts = {
  active: number;
  pending: number;
  daily: number;
  instant: number;
  jobs: number;
  sales: number;
  addresses: number;
};

/** The admin's numbers, from one pass over the table. */
export async function alertCounts(db: DbOrTx): Promise<AlertCounts> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where status = 'active')::int`,
      pending: sql<number>`count(*) filter (where status = 'pending')::int`,
      daily: sql<number>`count(*) filter (where status = 'active' and frequency = 'daily')::int`,
      instant: sql<number>`count(*) filter (where status = 'active' and frequency = 'instant')::int`,
      jobs: sql<number>`count(*) filter (where status = 'active' and kind = 'job')::int`,
      sales: sql<number>`count(*) filter (where status = 'active' and kind = 'sale')::int`,
      addresses: sql<number>`count(distinct email) filter (where status = 'active')::int`,
    })
    .from(listingAlerts);
  return row;
}

export type AlertSendRow = {
  id: number;
  audience: string | null;
  status: string;
  totalRecipients: number;
  recipientsSent: number;
  totalBatches: number;
  batchesDone: number;
  provider: string | null;
  lastError: string | null;
  queuedAt: Date | null;
  finishedAt: Date | null;
};

/** The alert runs' sends, newest first (runs that found nothing new leave none). */
export async function recentAlertSends(db: DbOrTx, limit = 20): Promise<AlertSendRow[]> {
  return db
    .select({
      id: newsletterSends.id,
      audience: newsletterSends.audience,
      status: newsletterSends.status,
      totalRecipients: newsletterSends.totalRecipients,
      recipientsSent: newsletterSends.recipientsSent,
      totalBatches: newsletterSends.totalBatches,
      batchesDone: newsletterSends.batchesDone,
      provider: newsletterSends.provider,
      lastError: newsletterSends.lastError,
      queuedAt: newsletterSends.queuedAt,
      finishedAt: newsletterSends.finishedAt,
    })
    .from(newsletterSends)
    .where(eq(newsletterSends.kind, "alerts"))
    .orderBy(desc(newsletterSends.id))
    .limit(limit);
}

/** Alert e-mails submitted: in all, and in the last 30 days. */
export async function alertEmailTotals(
  db: DbOrTx,
  now = new Date(),
): Promise<{ total: number; last30: number }> {
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${newsletterSends.recipientsSent}), 0)::int`,
      last30: sql<number>`coalesce(sum(${newsletterSends.recipientsSent}) filter (where ${newsletterSends.queuedAt} > ${since}::timestamptz), 0)::int`,
    })
    .from(newsletterSends)
    .where(eq(newsletterSends.kind, "alerts"));
  return row;
}
