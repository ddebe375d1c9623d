import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const ARTICLE_CATEGORIES = ["Vesti", "Oglasi"] as const;
/** Stored status values: the database keeps "publish" for published (spec §3). */
export const ARTICLE_STATUSES = ["publish", "draft"] as const;

/**
 * News articles. The trigram search indexes over title, content and author (diacritic-insensitive)
 * are created by a hand-written migration, because drizzle-kit cannot express the operator class
 * on an expression through our immutable unaccent wrapper.
 */
export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    author: text("author").notNull().default(""),
    featuredImage: text("featured_image"),
    category: text("category", { enum: ARTICLE_CATEGORIES }).notNull(),
    featured: boolean("featured").notNull().default(false),
    popular: boolean("popular").notNull().default(false),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    slug: text("slug"),
    status: text("status", { enum: ARTICLE_STATUSES }).notNull().default("draft"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    publishedDate: timestamp("published_date", { withTimezone: true }).notNull().defaultNow(),
    views: integer("views").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("articles_category_check", sql`${t.category} in ('Vesti', 'Oglasi')`),
    check("articles_status_check", sql`${t.status} in ('publish', 'draft')`),
    check("articles_views_check", sql`${t.views} >= 0`),
    index("articles_published_date_idx").on(t.publishedDate.desc()),
    index("articles_status_date_idx").on(t.status, t.publishedDate.desc()),
    index("articles_category_status_date_idx").on(t.category, t.status, t.publishedDate.desc()),
    index("articles_featured_idx")
      .on(t.publishedDate.desc())
      .where(sql`${t.featured} and ${t.status} = 'publish'`),
    index("articles_popular_idx").on(t.publishedDate.desc()).where(sql`${t.popular}`),
  ],
);
