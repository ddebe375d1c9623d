import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ARTICLE_CATEGORIES, ARTICLE_STATUSES } from "./article-values";
import {
  looseRef,
  oneOf,
  parentId,
  serialId,
  stampedAt,
  textList,
  timestamps,
  trigramIndex,
  tstz,
} from "./columns";
import { adminUsers } from "./users";

export { ARTICLE_CATEGORIES, ARTICLE_STATUSES };

/**
 * News articles. The admin search uses `search_text` and its trigram index (below). The trigram
 * indexes on `search_norm(title)` and `search_norm(author)` are created by the hand-written
 * migration 0001, because drizzle-kit cannot express an operator class on an expression.
 */
export const articles = pgTable(
  "articles",
  {
    id: serialId(),
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
    tags: textList("tags"),
    publishedDate: stampedAt("published_date"),
    views: integer("views").notNull().default(0),
    /**
     * Grows by one with every save of the form (and every revision restore or heading
     * conversion): a save made from an older version is refused (decision 193).
     */
    version: integer("version").notNull().default(1),
    /**
     * What the admin search looks in, kept by the database: the title, the content as plain text
     * (tags stripped, so "img" or "src" match nothing) and the author, already lowercased and
     * without diacritics (`search_norm`). Searching is then a LIKE on this one column, answered by
     * its trigram index, with no per-row unaccent at query time (see docs/decisions/020).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`search_norm(title || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g') || ' ' || author)`,
      ),
    /**
     * The title as the search compares it (`search_norm`), kept by the database: the public search
     * ranks title matches first without normalising every candidate's title at query time
     * (docs/decisions/200).
     */
    searchTitle: text("search_title").notNull().generatedAlwaysAs(sql`search_norm(title)`),
    /**
     * The URL slug of each tag, in the tags' order (`slug_text`, migration 0019), kept by the
     * database: `/tag/{slug}` finds its articles through the GIN index below, and the article page
     * links each tag to the slug stored here (docs/decisions/201).
     */
    tagSlugs: text("tag_slugs").array().notNull().generatedAlwaysAs(sql`tag_slugs(tags)`),
    ...timestamps(),
  },
  (t) => [
    oneOf("articles_category_check", t.category, ARTICLE_CATEGORIES),
    oneOf("articles_status_check", t.status, ARTICLE_STATUSES),
    check("articles_views_check", sql`${t.views} >= 0`),
    index("articles_published_date_idx").on(t.publishedDate.desc()),
    index("articles_status_date_idx").on(t.status, t.publishedDate.desc()),
    // The public category pages' exact order (newest first, id breaking ties): a deep page such as
    // /vesti?page=200 walks the index instead of sorting the whole category.
    index("articles_category_status_date_id_idx").on(
      t.category,
      t.status,
      t.publishedDate.desc(),
      t.id.desc(),
    ),
    index("articles_featured_idx")
      .on(t.publishedDate.desc())
      .where(sql`${t.featured} and ${t.status} = 'publish'`),
    index("articles_popular_idx").on(t.publishedDate.desc()).where(sql`${t.popular}`),
    trigramIndex("articles_search_text_trgm_idx", t.searchText),
    trigramIndex("articles_search_title_trgm_idx", t.searchTitle),
    index("articles_tag_slugs_idx").using("gin", t.tagSlugs),
  ],
);

/**
 * Every saved version of an article's words and publishing (decision 193): each save adds the
 * version it wrote, with who and when; the first save of an article that has none also keeps the
 * version it started from. Pruned in SQL to the last 50 per article plus the newest of each day.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serialId(),
    articleId: parentId("article_id", () => articles.id),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    featuredImage: text("featured_image"),
    status: text("status", { enum: ARTICLE_STATUSES }).notNull(),
    publishedDate: tstz("published_date").notNull(),
    /** What made it: a save, a restore, the version before the first save, a copy kept on a conflict. */
    kind: text("kind", { enum: ["save", "restore", "original", "conflict"] })
      .notNull()
      .default("save"),
    /** For a restore: the revision it brought back. */
    restoredFrom: integer("restored_from"),
    createdBy: looseRef("created_by", () => adminUsers.id),
    /** The author's name as it was (kept when the account is deleted). */
    createdByName: text("created_by_name").notNull().default(""),
    createdAt: stampedAt("created_at"),
  },
  (t) => [index("article_revisions_article_idx").on(t.articleId, t.createdAt.desc(), t.id.desc())],
);

/**
 * The open article form of one staff member, saved every few seconds while they type, offered
 * back after a crash or a closed tab (decision 193). One per user and article; a new article's
 * form has no article id (one per user). Deleted when the form is saved.
 */
export const articleAutosaves = pgTable(
  "article_autosaves",
  {
    id: serialId(),
    userId: parentId("user_id", () => adminUsers.id),
    articleId: integer("article_id").references(() => articles.id, { onDelete: "cascade" }),
    /** The form's fields as the form holds them. */
    values: jsonb("form_values").$type<Record<string, string | string[]>>().notNull(),
    /** The article version the form was opened at. */
    baseVersion: integer("base_version"),
    savedAt: stampedAt("saved_at"),
  },
  (t) => [uniqueIndex("article_autosaves_user_article_key").on(t.userId, sql`coalesce(${t.articleId}, 0)`)],
);

/** Who has an article's form open (a heartbeat every few seconds), shown to the others. */
export const articlePresence = pgTable(
  "article_presence",
  {
    articleId: parentId("article_id", () => articles.id),
    userId: parentId("user_id", () => adminUsers.id),
    since: stampedAt("since"),
    seenAt: stampedAt("seen_at"),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] })],
);

/**
 * "Pregled za deljenje" links (decisions 194, 291): each link is a row, so the form can list the
 * article's active links and revoke one; a publish or a move back to draft revokes them all.
 * `token` is the link's secret part (the draft it shows is in this database anyway).
 */
export const articlePreviewLinks = pgTable(
  "article_preview_links",
  {
    id: serialId(),
    articleId: parentId("article_id", () => articles.id),
    token: text("token").notNull(),
    /** The status the article had when the link was made (draft or scheduled). */
    madeFor: text("made_for", { enum: ARTICLE_STATUSES }).notNull(),
    expiresAt: tstz("expires_at").notNull(),
    createdBy: looseRef("created_by", () => adminUsers.id),
    createdByName: text("created_by_name").notNull().default(""),
    createdAt: stampedAt("created_at"),
    revokedAt: tstz("revoked_at"),
    /** Why it stopped: "revoked" (by hand), "published", "draft" (moved back to draft). */
    revokedReason: text("revoked_reason", { enum: ["revoked", "published", "draft"] }),
  },
  (t) => [
    uniqueIndex("article_preview_links_token_key").on(t.token),
    index("article_preview_links_article_idx").on(t.articleId, t.createdAt.desc()),
  ],
);
