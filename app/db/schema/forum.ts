import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  type PgColumn,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";
import { oneOf, parentId, serialId, stampedAt, trigramIndex } from "./columns";

export const MODERATION_STATUSES = ["pending", "approved", "rejected"] as const;

/** What a topic and a comment share: the moderation status, the vote counts, when it was written. */
const moderatedColumns = () => ({
  status: text("status", { enum: MODERATION_STATUSES }).notNull().default("pending"),
  likes: integer("likes").notNull().default(0),
  dislikes: integer("dislikes").notNull().default(0),
  createdAt: stampedAt("created_at"),
});

const moderatedChecks = (table: string, t: { status: PgColumn; likes: PgColumn; dislikes: PgColumn }) => [
  oneOf(`${table}_status_check`, t.status, MODERATION_STATUSES),
  check(`${table}_votes_check`, sql`${t.likes} >= 0 and ${t.dislikes} >= 0`),
];

/** One visitor's vote on a topic or a comment (below). */
const voteColumns = () => ({
  visitor: text("visitor").notNull(),
  value: smallint("value").notNull(),
  createdAt: stampedAt("created_at"),
});

const voteConstraints = (table: string, target: PgColumn, t: { visitor: PgColumn; value: PgColumn }) => [
  primaryKey({ columns: [target, t.visitor] }),
  check(`${table}_value_check`, sql`${t.value} in (-1, 1)`),
];

/**
 * The drivers' forum (docs/decisions/070). A topic's `last_activity_at` is the newest of its own
 * creation and its approved comments' creation; the public list is ordered by it. `search_text`
 * is what the diacritic-insensitive search looks in (title and content, lowercased and unaccented
 * by `search_norm`), kept by the database and answered by its trigram index.
 */
export const forumTopics = pgTable(
  "forum_topics",
  {
    id: serialId(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    companyName: text("company_name"),
    ...moderatedColumns(),
    lastActivityAt: stampedAt("last_activity_at"),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`search_norm(title || ' ' || content)`),
    /** The title as the public search compares it, for ranking title matches first (decision 200). */
    searchTitle: text("search_title").notNull().generatedAlwaysAs(sql`search_norm(title)`),
  },
  (t) => [
    ...moderatedChecks("forum_topics", t),
    index("forum_topics_status_created_idx").on(t.status, t.createdAt.desc()),
    index("forum_topics_created_idx").on(t.createdAt.desc()),
    index("forum_topics_status_activity_idx").on(t.status, t.lastActivityAt.desc(), t.id.desc()),
    trigramIndex("forum_topics_search_text_trgm_idx", t.searchText),
  ],
);

/** A comment's `search_text`: its content and author, normalised like the topics' (admin search). */
export const forumComments = pgTable(
  "forum_comments",
  {
    id: serialId(),
    topicId: parentId("topic_id", () => forumTopics.id),
    content: text("content").notNull(),
    author: text("author").notNull(),
    ...moderatedColumns(),
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`search_norm(content || ' ' || author)`),
  },
  (t) => [
    ...moderatedChecks("forum_comments", t),
    index("forum_comments_topic_idx").on(t.topicId, t.createdAt),
    index("forum_comments_topic_status_idx").on(t.topicId, t.status, t.createdAt),
    index("forum_comments_status_created_idx").on(t.status, t.createdAt.desc()),
    trigramIndex("forum_comments_search_text_trgm_idx", t.searchText),
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
    topicId: parentId("topic_id", () => forumTopics.id),
    ...voteColumns(),
  },
  (t) => voteConstraints("forum_topic_votes", t.topicId, t),
);

export const forumCommentVotes = pgTable(
  "forum_comment_votes",
  {
    commentId: parentId("comment_id", () => forumComments.id),
    ...voteColumns(),
  },
  (t) => voteConstraints("forum_comment_votes", t.commentId, t),
);
