import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { articles } from "./articles";
import { oneOf, stampedAt, tstz } from "./columns";

/** Spec §4: the heading conversion state of one article. */
export const HEADING_STATES = ["pending", "analyzing", "converted", "error"] as const;
export type HeadingState = (typeof HEADING_STATES)[number];

/**
 * The AI headings screen's state per article (docs/decisions/101). No row means "pending, not
 * analysed yet". A conversion keeps the content it replaced in `previous_content` and the hash of
 * what it wrote in `converted_hash`, so the article can be restored as long as nobody edited it
 * since. `restored_at` marks an article an editor restored: "Convert all" leaves it alone.
 */
export const articleHeadings = pgTable(
  "article_headings",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    state: text("state", { enum: HEADING_STATES }).notNull().default("pending"),
    /** Headings the last analysis found (pending) or the conversion added (converted). */
    headingCount: integer("heading_count"),
    previousContent: text("previous_content"),
    convertedHash: text("converted_hash"),
    error: text("error"),
    analyzedAt: tstz("analyzed_at"),
    convertedAt: tstz("converted_at"),
    restoredAt: tstz("restored_at"),
    updatedAt: stampedAt("updated_at"),
  },
  (t) => [
    oneOf("article_headings_state_check", t.state, HEADING_STATES),
    check("article_headings_count_check", sql`${t.headingCount} is null or ${t.headingCount} >= 0`),
    index("article_headings_state_idx").on(t.state),
  ],
);
