import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { looseRef, oneOf, serialId, stampedAt, timestamps, trigramIndex, tstz } from "./columns";
import { LISTING_KINDS } from "./listing-values";
import { listings } from "./listings";

/**
 * Card-payment orders. The table is named after the payment provider and its provider columns
 * carry the same prefix (spec §3 Card payment order). Written only by the provider's signed
 * webhook (domain/orders/webhook.server.ts, docs/decisions/131).
 */
export const stripeOrders = pgTable(
  "stripe_orders",
  {
    id: serialId(),
    stripeSessionId: text("stripe_session_id").notNull(),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    productId: text("product_id"),
    productName: text("product_name"),
    customerName: text("customer_name"),
    customerEmail: text("customer_email"),
    /** Minor units (cents). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    billingAddress: jsonb("billing_address"),
    metadata: jsonb("metadata"),
    ...timestamps(),
    /** The promoted listing (from the session's metadata); unlinked when the listing is deleted. */
    listingId: looseRef("listing_id", () => listings.id),
    /** Promotion days bought (from the session's metadata: what the customer saw and paid for). */
    featuredDays: integer("featured_days"),
    /** When the paid days were added to the listing: set once, so a promotion is never applied twice. */
    promotedAt: tstz("promoted_at"),
    /**
     * When a refund or dispute took the paid days back from the listing: set once, so a promotion
     * is never withdrawn twice (docs/decisions/142).
     */
    promotionWithdrawnAt: tstz("promotion_withdrawn_at"),
    /** What the admin search looks in, lowercased and without diacritics, kept by the database. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`search_norm(coalesce(product_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_name, '') || ' ' || stripe_session_id)`,
      ),
  },
  (t) => [
    uniqueIndex("stripe_orders_session_key").on(t.stripeSessionId),
    index("stripe_orders_created_idx").on(t.createdAt.desc()),
    index("stripe_orders_listing_idx").on(t.listingId),
    // Refund and dispute events name the payment intent, not the session.
    index("stripe_orders_payment_intent_idx").on(t.stripePaymentIntentId),
    trigramIndex("stripe_orders_search_text_trgm_idx", t.searchText),
    check("stripe_orders_amount_check", sql`${t.amount} >= 0`),
    check("stripe_orders_featured_days_check", sql`${t.featuredDays} is null or ${t.featuredDays} > 0`),
  ],
);

/**
 * The provider's webhook events already handled, by event id: the webhook writes its row in the
 * same transaction as the order and the promotion, so a replayed or duplicated event changes
 * nothing twice.
 */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  stripeSessionId: text("stripe_session_id"),
  receivedAt: stampedAt("received_at"),
});

/**
 * What the site sells by card: promotion packages for a kind of listing ("Istaknut oglas 7 dana"),
 * priced in cents. Edited by an admin on the settings screen; an order keeps the id and the name
 * the product had when it was bought. Products are never deleted (orders name them), only
 * deactivated.
 */
export const promotionProducts = pgTable(
  "promotion_products",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: LISTING_KINDS }).notNull(),
    name: text("name").notNull(),
    days: integer("days").notNull(),
    /** Minor units (cents). */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    active: boolean("active").notNull().default(true),
    /** The order of the offers on the site (ascending). */
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    oneOf("promotion_products_kind_check", t.kind, LISTING_KINDS),
    check("promotion_products_days_check", sql`${t.days} between 1 and 365`),
    check("promotion_products_amount_check", sql`${t.amount} between 50 and 1000000`),
    index("promotion_products_kind_idx").on(t.kind, t.position),
  ],
);
