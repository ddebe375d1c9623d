import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { oneOf, serialId, stampedAt, textList, timestamps, trigramIndex, tstz } from "./columns";

export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;

/** Columns a company and a company request share (spec §3). */
const companyColumns = () => ({
  id: serialId(),
  name: text("name").notNull(),
  description: text("description"),
  location: text("location"),
  state: text("state"),
  phone: text("phone"),
  email: text("email"),
  website: text("website"),
  logo: text("logo"),
  category: text("category"),
  services: textList("services"),
  yearEstablished: integer("year_established"),
  fleetSize: text("fleet_size"),
  specialties: textList("specialties"),
});

export const companies = pgTable(
  "companies",
  {
    ...companyColumns(),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
    /**
     * What the public search looks in (docs/decisions/200), lowercased, without diacritics and in
     * Latin script (`search_norm`), kept by the database and answered by its trigram index.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`search_norm(name || ' ' || coalesce(description, '') || ' ' || coalesce(location, '') || ' ' || coalesce(state, '') || ' ' || coalesce(category, '') || ' ' || search_words(services) || ' ' || search_words(specialties))`,
      ),
    /** The name as the search compares it, for ranking name matches first (decision 200). */
    searchTitle: text("search_title").notNull().generatedAlwaysAs(sql`search_norm(name)`),
  },
  (t) => [
    index("companies_active_created_idx").on(t.active, t.createdAt.desc()),
    trigramIndex("companies_search_text_trgm_idx", t.searchText),
    index("companies_category_idx").on(t.category),
    index("companies_state_idx").on(t.state),
    index("companies_name_idx").on(t.name),
  ],
);

export const companySubmissions = pgTable(
  "company_submissions",
  {
    ...companyColumns(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("pending"),
    submittedAt: stampedAt("submitted_at"),
    reviewedAt: tstz("reviewed_at"),
    /** E-mail of the staff member who decided, kept as text so history survives a user's removal. */
    reviewedBy: text("reviewed_by"),
    adminNotes: text("admin_notes"),
  },
  (t) => [
    oneOf("company_submissions_status_check", t.status, SUBMISSION_STATUSES),
    index("company_submissions_status_submitted_idx").on(t.status, t.submittedAt.desc()),
    index("company_submissions_submitted_idx").on(t.submittedAt.desc()),
  ],
);
