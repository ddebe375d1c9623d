import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** The contact's id at the e-mail-marketing provider (Brevo). */
    brevoContactId: text("brevo_contact_id"),
    isActive: boolean("is_active").notNull().default(true),
    source: text("source"),
    subscribedAt: timestamp("subscribed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_key").on(t.email),
    index("newsletter_subscribers_active_idx").on(t.isActive, t.subscribedAt.desc()),
    check("newsletter_subscribers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const emailStats = pgTable(
  "email_stats",
  {
    id: serial("id").primaryKey(),
    recipientCount: integer("recipient_count").notNull(),
    emailType: text("email_type", { enum: ["newsletter", "transactional"] }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    provider: text("provider").notNull(),
  },
  (t) => [
    check("email_stats_type_check", sql`${t.emailType} in ('newsletter', 'transactional')`),
    index("email_stats_provider_sent_idx").on(t.provider, t.sentAt),
  ],
);
