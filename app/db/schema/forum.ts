import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;

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
  },
  (t) => [
    check("forum_topics_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index("forum_topics_status_created_idx").on(t.status, t.createdAt.desc()),
    index("forum_topics_created_idx").on(t.createdAt.desc()),
  ],
);

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
  },
  (t) => [
    check("forum_comments_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index("forum_comments_topic_idx").on(t.topicId, t.createdAt),
    index("forum_comments_status_created_idx").on(t.status, t.createdAt.desc()),
  ],
);
