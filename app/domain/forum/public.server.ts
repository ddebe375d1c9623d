/**
 * What visitors see and send on the forum: approved topics (newest activity first, searchable),
 * one approved topic with its approved comments (oldest first), and new topics and comments, which
 * wait as pending until staff approve them. Posting goes through the public forms' one flow
 * (app/http/public-form.server.ts).
 */
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { forumComments, forumTopics } from "~/db/schema";
import { commentFields, pageWithPreviews, topicFields } from "./columns.server";
import { PUBLIC_COMMENTS_PAGE_SIZE, PUBLIC_TOPICS_PAGE_SIZE, TOPIC_PREVIEW_LENGTH } from "./constants";
import { normalizedContains } from "./search";
import type { CommentInput, TopicInput } from "./validation";

/**
 * Approved comments of a topic (a correlated count, answered by forum_comments_topic_status_idx).
 * Written with qualified names: Drizzle leaves columns unqualified in a one-table select, and an
 * unqualified "id" inside the subquery would mean the comment's id.
 */
export function approvedCommentCount(): SQL<number> {
  return sql<number>`(select count(*) from forum_comments c where c.topic_id = "forum_topics"."id" and c.status = 'approved')::int`;
}

/** Enough of the content for a 100-character preview, without reading whole posts. */
const contentHead = sql<string>`left(${forumTopics.content}, ${TOPIC_PREVIEW_LENGTH * 4})`;

export type PublicTopicRow = {
  id: number;
  title: string;
  preview: string;
  author: string;
  companyName: string | null;
  likes: number;
  dislikes: number;
  commentCount: number;
  createdAt: Date;
  lastActivityAt: Date;
};

/** `/forum`: approved topics, newest activity first, 20 a page, optionally searched. */
export async function listPublicTopics(
  db: DbOrTx,
  {
    search = "",
    page = 1,
    pageSize = PUBLIC_TOPICS_PAGE_SIZE,
  }: { search?: string; page?: number; pageSize?: number },
): Promise<{ rows: PublicTopicRow[]; total: number }> {
  const where = and(
    eq(forumTopics.status, "approved"),
    search ? normalizedContains(forumTopics.searchText, search) : undefined,
  );
  return pageWithPreviews(
    db
      .select({
        ...topicFields,
        head: contentHead,
        commentCount: approvedCommentCount(),
        lastActivityAt: forumTopics.lastActivityAt,
      })
      .from(forumTopics)
      .where(where)
      // Exactly the order of forum_topics_status_activity_idx (decision 023).
      .orderBy(sql`${forumTopics.lastActivityAt} desc nulls last`, sql`${forumTopics.id} desc nulls last`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(forumTopics).where(where),
    TOPIC_PREVIEW_LENGTH,
  );
}

/** One approved topic with its approved-comment count; null for pending, rejected or unknown. */
export async function getPublicTopic(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...topicFields,
      content: forumTopics.content,
      lastActivityAt: forumTopics.lastActivityAt,
      commentCount: approvedCommentCount(),
    })
    .from(forumTopics)
    .where(and(eq(forumTopics.id, id), eq(forumTopics.status, "approved")));
  return row ?? null;
}

export type PublicTopic = NonNullable<Awaited<ReturnType<typeof getPublicTopic>>>;

/** A page of a topic's approved comments, oldest first. */
export async function listPublicComments(
  db: DbOrTx,
  topicId: number,
  { page = 1, pageSize = PUBLIC_COMMENTS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
) {
  return db
    .select({ ...commentFields, content: forumComments.content })
    .from(forumComments)
    .where(and(eq(forumComments.topicId, topicId), eq(forumComments.status, "approved")))
    .orderBy(asc(forumComments.createdAt), asc(forumComments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export type PublicComment = Awaited<ReturnType<typeof listPublicComments>>[number];

/** Approved topics for the sitemap, in id order. */
export async function countSitemapTopics(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(forumTopics).where(eq(forumTopics.status, "approved"));
  return n;
}

export async function sitemapTopics(db: DbOrTx, { offset, limit }: { offset: number; limit: number }) {
  return db
    .select({ id: forumTopics.id, lastActivityAt: forumTopics.lastActivityAt })
    .from(forumTopics)
    .where(eq(forumTopics.status, "approved"))
    .orderBy(asc(forumTopics.id))
    .limit(limit)
    .offset(offset);
}

// --- Posting -------------------------------------------------------------------------------------

export async function createTopic(db: DbOrTx, input: TopicInput): Promise<number> {
  const [row] = await db
    .insert(forumTopics)
    .values({ ...input, status: "pending" })
    .returning({ id: forumTopics.id });
  return row.id;
}

/** A pending comment under an approved topic; null when the topic is not (or no longer) approved. */
export async function createComment(
  db: DbOrTx,
  topicId: number,
  input: CommentInput,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // FOR SHARE: a moderator cannot un-approve or delete the topic between the check and the insert.
    const [topic] = await tx
      .select({ id: forumTopics.id })
      .from(forumTopics)
      .where(and(eq(forumTopics.id, topicId), eq(forumTopics.status, "approved")))
      .for("share");
    if (!topic) return null;
    const [row] = await tx
      .insert(forumComments)
      .values({ ...input, topicId, status: "pending" })
      .returning({ id: forumComments.id });
    return row.id;
  });
}
