import { sql } from "drizzle-orm";
import { bigserial, boolean, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { looseRef, parentId, serialId, stampedAt, timestamps, tstz } from "./columns";

/** An advertising banner in one position slot (spec §3 Banner). */
export const banners = pgTable(
  "banners",
  {
    id: serialId(),
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
    ...timestamps(),
  },
  (t) => [index("banners_section_position_idx").on(t.section, t.position)],
);

/** A campaign: the span during which a banner showed one image for one client. */
export const bannerPeriods = pgTable(
  "banner_periods",
  {
    id: serialId(),
    bannerId: parentId("banner_id", () => banners.id),
    companyName: text("company_name"),
    link: text("link"),
    imageUrl: text("image_url"),
    startDate: stampedAt("start_date"),
    endDate: tstz("end_date"),
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
    bannerId: parentId("banner_id", () => banners.id),
    bannerPeriodId: looseRef("banner_period_id", () => bannerPeriods.id),
    userAgent: text("user_agent"),
    referrer: text("referrer"),
    sessionId: text("session_id"),
    pageUrl: text("page_url"),
    clickedAt: stampedAt("clicked_at"),
  },
  (t) => [
    index("banner_analytics_banner_time_idx").on(t.bannerId, t.clickedAt.desc()),
    index("banner_analytics_period_time_idx").on(t.bannerPeriodId, t.clickedAt.desc()),
    index("banner_analytics_time_idx").on(t.clickedAt),
  ],
);
