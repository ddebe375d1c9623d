import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;

/**
 * The drivers' forum (docs/decisions/070). A topic's `last_activity_at` is the newest of its own
 * creation and its approved comments' creation; the public list is ordered by it. `search_text`
 * is what the diacritic-insensitive search looks in (title and content, lowercased and unaccented
 * by `search_norm`), kept by the database and answered by its trigram index.
 */
export const forumTopics = pgTable(
  "forum_topics",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    companyName: text("company_name"),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("pending"),
    likes: integer("likes").notNull().default(0),
    dislikes: integer("dislikes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`search_norm(title || ' ' || content)`),
    /** The title as the public search compares it, for ranking title matches first (decision 200). */
    searchTitle: text("search_title").notNull().generatedAlwaysAs(sql`search_norm(title)`),
  },
  (t) => [
    check("forum_topics_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("forum_topics_votes_check", sql`${t.likes} >= 0 and ${t.dislikes} >= 0`),
    index("forum_topics_status_created_idx").on(t.status, t.createdAt.desc()),
    index("forum_topics_created_idx").on(t.createdAt.desc()),
    index("forum_topics_status_activity_idx").on(t.status, t.lastActivityAt.desc(), t.id.desc()),
    index("forum_topics_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** A comment's `search_text`: its content and author, normalised like the topics' (admin search). */
export const forumComments = pgTable(
  "forum_comments",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    author: text("author").notNull(),
    status: text("status", { enum: MODERATION_STATUSES }).notNull().default("pending"),
    likes: integer("likes").notNull().default(0),
    dislikes: integer("dislikes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`search_norm(content || ' ' || author)`),
  },
  (t) => [
    check("forum_comments_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("forum_comments_votes_check", sql`${t.likes} >= 0 and ${t.dislikes} >= 0`),
    index("forum_comments_topic_idx").on(t.topicId, t.createdAt),
    index("forum_comments_topic_status_idx").on(t.topicId, t.status, t.createdAt),
    index("forum_comments_status_created_idx").on(t.status, t.createdAt.desc()),
    index("forum_comments_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/**
 * One vote per visitor per topic: +1 (like) or -1 (dislike). `visitor` is the SHA-256 of the
 * visitor's anonymous cookie, never the cookie itself. The topic's likes/dislikes columns are the
 * counts, changed in the same transaction as these rows (domain/forum/votes.server.ts).
 */
export const forumTopicVotes = pgTable(
  "forum_topic_votes",
  {
    topicId: integer("topic_id")
      .notNull()
      .references(() => forumTopics.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    value: smallint("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.visitor] }),
    check("forum_topic_votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);

export const forumCommentVotes = pgTable(
  "forum_comment_votes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => forumComments.id, { onDelete: "cascade" }),
    visitor: text("visitor").notNull(),
    value: smallint("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.commentId, t.visitor] }),
    check("forum_comment_votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);
