import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** An advertising banner in one position slot (spec §3 Banner). */
export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    company: text("company"),
    link: text("link"),
    phone: text("phone"),
    section: text("section").notNull(),
    position: text("position").notNull(),
    type: text("type").notNull().default("banner"),
    message: text("message"),
    backgroundColor: text("background_color"),
    imageUrl: text("image_url"),
    active: boolean("active").notNull().default(true),
    startDate: date("start_date"),
    endDate: date("end_date"),
    priority: integer("priority").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("banners_section_position_idx").on(t.section, t.position)],
);

/** A campaign: the span during which a banner showed one image for one client. */
export const bannerPeriods = pgTable(
  "banner_periods",
  {
    id: serial("id").primaryKey(),
    bannerId: integer("banner_id")
      .notNull()
      .references(() => banners.id, { onDelete: "cascade" }),
    companyName: text("company_name"),
    link: text("link"),
    imageUrl: text("image_url"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    endDate: timestamp("end_date", { withTimezone: true }),
  },
  (t) => [
    index("banner_periods_banner_idx").on(t.bannerId, t.startDate.desc()),
    uniqueIndex("banner_periods_one_running").on(t.bannerId).where(sql`${t.endDate} is null`),
  ],
);

/** One click on a banner (spec §3 Banner click event). */
export const bannerAnalytics = pgTable(
  "banner_analytics",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bannerId: integer("banner_id")
      .notNull()
      .references(() => banners.id, { onDelete: "cascade" }),
    bannerPeriodId: integer("banner_period_id").references(() => bannerPeriods.id, { onDelete: "set null" }),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    sessionId: text("session_id"),
    pageUrl: text("page_url"),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("banner_analytics_banner_time_idx").on(t.bannerId, t.clickedAt.desc()),
    index("banner_analytics_period_time_idx").on(t.bannerPeriodId, t.clickedAt.desc()),
    index("banner_analytics_time_idx").on(t.clickedAt),
  ],
);
