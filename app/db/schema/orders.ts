import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Card-payment orders. The table is named after the payment provider and its provider columns
 * carry the same prefix (spec §3 Card payment order).
 */
export const stripeOrders = pgTable(
  "stripe_orders",
  {
    id: serial("id").primaryKey(),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stripe_orders_session_key").on(t.stripeSessionId),
    index("stripe_orders_created_idx").on(t.createdAt.desc()),
    check("stripe_orders_amount_check", sql`${t.amount} >= 0`),
  ],
);
