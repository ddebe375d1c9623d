import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, real, text } from "drizzle-orm/pg-core";
import { stampedAt } from "./columns";

export const DEFAULT_SITE_DESCRIPTION = "Zajednica balkanskih vozača u Americi";

/** The single settings row, id 1 (spec §3 Site settings, §9 defaults). */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    defaultArticleImage: text("default_article_image"),
    defaultCompanyImage: text("default_company_image"),
    siteName: text("site_name").notNull().default("Balkan Vozači"),
    siteDescription: text("site_description").notNull().default(DEFAULT_SITE_DESCRIPTION),
    contactEmail: text("contact_email"),
    popupEnabled: boolean("popup_enabled").notNull().default(false),
    popupImage: text("popup_image"),
    popupLink: text("popup_link"),
    popupMaxShowsPerDay: integer("popup_max_shows_per_day").notNull().default(2),
    popupMinHoursBetween: real("popup_min_hours_between").notNull().default(1),
    /** Words and names Cyrillic pages keep in Latin, one a line (docs/decisions/211). */
    latinOnlyWords: text("latin_only_words").notNull().default(""),
    updatedAt: stampedAt("updated_at"),
  },
  (t) => [
    check("site_settings_single_row", sql`${t.id} = 1`),
    check("site_settings_popup_shows", sql`${t.popupMaxShowsPerDay} between 1 and 10`),
    check("site_settings_popup_hours", sql`${t.popupMinHoursBetween} between 0.5 and 24`),
  ],
);
