import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { looseRef, lowercase, oneOf, parentId, serialId, stampedAt, timestamps, tstz } from "./columns";
import {
  EQUIPMENT_TYPES,
  JOB_POSITIONS,
  LISTING_KINDS,
  ROUTE_TYPES,
  SALE_CATEGORIES,
  SCRIPTS,
} from "./listing-values";
import { listings } from "./listings";
import { newsletterSends } from "./newsletter";

export const ALERT_STATUSES = ["pending", "active"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** One e-mail a day with what is new, or one as soon as a matching listing is approved. */
export const ALERT_FREQUENCIES = ["daily", "instant"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * A visitor's alert for new listings (docs/decisions/302): the filters of `/poslovi` or
 * `/kupoprodaja` (the same vocabulary; a null or empty one matches everything), an address, how
 * often, and the script the e-mails are written in. *pending* until the address confirms it (double
 * opt-in: nothing is sent before); *active* after. Leaving deletes the row.
 */
export const listingAlerts = pgTable(
  "listing_alerts",
  {
    id: serialId(),
    email: text("email").notNull(),
    kind: text("kind", { enum: LISTING_KINDS }).notNull(),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("pending"),
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull().default("daily"),
    script: text("script", { enum: SCRIPTS }).notNull().default("lat"),
    /** The words, as typed ("" for none). */
    q: text("q").notNull().default(""),
    /**
     * The words as the list's search compares them (`%` + search_norm(words) + `%`, LIKE-escaped),
     * kept by the database; null for no words.
     */
    qPattern: text("q_pattern").generatedAlwaysAs(
      sql`case when q = '' then null else '%' || search_norm(replace(replace(replace(q, '\\', '\\\\'), '%', '\\%'), '_', '\\_')) || '%' end`,
    ),
    state: text("state"),
    routeType: text("route_type", { enum: ROUTE_TYPES }),
    equipment: text("equipment", { enum: EQUIPMENT_TYPES }),
    position: text("position", { enum: JOB_POSITIONS }),
    saleCategory: text("sale_category", { enum: SALE_CATEGORIES }),
    /** Whole dollars. */
    priceMin: integer("price_min"),
    priceMax: integer("price_max"),
    yearMin: integer("year_min"),
    yearMax: integer("year_max"),
    ...timestamps(),
    confirmedAt: tstz("confirmed_at"),
  },
  (t) => [
    oneOf("listing_alerts_kind_check", t.kind, LISTING_KINDS),
    oneOf("listing_alerts_status_check", t.status, ALERT_STATUSES),
    oneOf("listing_alerts_frequency_check", t.frequency, ALERT_FREQUENCIES),
    oneOf("listing_alerts_script_check", t.script, SCRIPTS),
    lowercase("listing_alerts_email_lower", t.email),
    // The runs: the confirmed alerts of one frequency and kind.
    index("listing_alerts_run_idx").on(t.status, t.frequency, t.kind),
    // The per-address limit and the admin's search.
    index("listing_alerts_email_idx").on(t.email),
  ],
);

/**
 * Which listing went to which alert, and in which send: written when a run freezes its recipients,
 * in the same transaction as the send's batches, so a listing goes to an alert exactly once
 * (docs/decisions/303). Deleted with the alert or the listing.
 */
export const listingAlertMatches = pgTable(
  "listing_alert_matches",
  {
    alertId: parentId("alert_id", () => listingAlerts.id),
    listingId: parentId("listing_id", () => listings.id),
    sendId: looseRef("send_id", () => newsletterSends.id),
    createdAt: stampedAt("created_at"),
  },
  (t) => [
    primaryKey({ name: "listing_alert_matches_pkey", columns: [t.alertId, t.listingId] }),
    index("listing_alert_matches_send_idx").on(t.sendId, t.alertId),
    index("listing_alert_matches_listing_idx").on(t.listingId),
  ],
);
