/**
 * The staff side of the forum (spec §2 Forum, §4, §7): counts per status, the topic and comment
 * lists (filtered, searched and paged in SQL, newest first), status changes on one or many items
 * and deletes. A comment's status change or delete also moves its topic's `last_activity_at`
 * (the public order), in the same transaction.
 */
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { forumComments, forumTopics } from "~/db/schema";
import { fail, ok, type Result } from "~/domain/result";
import { logger } from "~/lib/logger.server";
import { commentFields, pageWithPreviews, topicFields } from "./columns.server";
import {
  ADMIN_FORUM_PAGE_SIZE,
  COMMENT_PREVIEW_LENGTH,
  type ModerationStatus,
  TOPIC_PREVIEW_LENGTH,
} from "./constants";
import { ACTION_TARGET, type ForumKind, type StatusAction } from "./rules";
import { normalizedContains } from "./search";

export type StatusCounts = Record<ModerationStatus | "all", number>;

function toCounts(rows: { status: ModerationStatus; n: number }[]): StatusCounts {
  const counts: StatusCounts = { all: 0, pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

export async function topicStatusCounts(db: DbOrTx): Promise<StatusCounts> {
  return toCounts(
    await db.select({ status: forumTopics.status, n: count() }).from(forumTopics).groupBy(forumTopics.status),
  );
}

export async function commentStatusCounts(db: DbOrTx): Promise<StatusCounts> {
  return toCounts(
    await db
      .select({ status: forumComments.status, n: count() })
      .from(forumComments)
      .groupBy(forumComments.status),
  );
}

/** Pregled: topics and comments per status. */
export async function forumStatusCounts(
  db: DbOrTx,
): Promise<{ topics: StatusCounts; comments: StatusCounts }> {
  const [topics, comments] = await Promise.all([topicStatusCounts(db), commentStatusCounts(db)]);
  return { topics, comments };
}

/** The sidebar badge: pending topics plus pending comments. */
export async function countPendingForum(db: DbOrTx): Promise<number> {
  const [[topics], [comments]] = await Promise.all([
    db.select({ n: count() }).from(forumTopics).where(eq(forumTopics.status, "pending")),
    db.select({ n: count() }).from(forumComments).where(eq(forumComments.status, "pending")),
  ]);
  return topics.n + comments.n;
}

type ListOptions = { status?: ModerationStatus; search?: string; page?: number; pageSize?: number };

/**
 * A topic's comments (of one status, or all). Qualified by hand: Drizzle leaves columns unqualified
 * in a one-table select, and an unqualified "id" inside the subquery would mean the comment's id.
 */
const commentCountWhere = (status?: ModerationStatus) =>
  sql<number>`(select count(*) from forum_comments c where c.topic_id = "forum_topics"."id"${
    status ? sql` and c.status = ${status}` : sql``
  })::int`;

/** A topic row on the staff screens: its status and its comments (all, and pending). */
const adminTopicFields = () => ({
  ...topicFields,
  status: forumTopics.status,
  commentCount: commentCountWhere(),
  pendingComments: commentCountWhere("pending"),
});

/** A comment row on the staff screens: its status and its topic's title and status. */
const adminCommentFields = {
  ...commentFields,
  status: forumComments.status,
  topicId: forumComments.topicId,
  topicTitle: forumTopics.title,
  topicStatus: forumTopics.status,
};

/** Exactly the order of the (status, created_at DESC NULLS LAST) indexes (decision 023). */
const newestTopicsFirst = sql`${forumTopics.createdAt} desc nulls last`;
const newestCommentsFirst = sql`${forumComments.createdAt} desc nulls last`;

/** `/admin/forum/topics`: one page of topics, newest first, with their comment counts. */
export async function listAdminTopics(
  db: DbOrTx,
  { status, search = "", page = 1, pageSize = ADMIN_FORUM_PAGE_SIZE }: ListOptions,
) {
  const where = and(
    status ? eq(forumTopics.status, status) : undefined,
    search ? normalizedContains(forumTopics.searchText, search) : undefined,
  );
  return pageWithPreviews(
    db
      .select({
        ...adminTopicFields(),
        head: sql<string>`left(${forumTopics.content}, ${TOPIC_PREVIEW_LENGTH * 4})`,
      })
      .from(forumTopics)
      .where(where)
      .orderBy(newestTopicsFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(forumTopics).where(where),
    TOPIC_PREVIEW_LENGTH,
  );
}

export type AdminTopicRow = Awaited<ReturnType<typeof listAdminTopics>>["rows"][number];

/** One topic in full (the "open" dialog), with its comment counts. */
export async function getAdminTopic(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...adminTopicFields(), content: forumTopics.content })
    .from(forumTopics)
    .where(eq(forumTopics.id, id));
  return row ?? null;
}

/** `/admin/forum/comments`: one page of comments, newest first, with their topic's title. */
export async function listAdminComments(
  db: DbOrTx,
  {
    status,
    search = "",
    topicId,
    page = 1,
    pageSize = ADMIN_FORUM_PAGE_SIZE,
  }: ListOptions & { topicId?: number | null },
) {
  const where = and(
    status ? eq(forumComments.status, status) : undefined,
    topicId ? eq(forumComments.topicId, topicId) : undefined,
    search ? normalizedContains(forumComments.searchText, search) : undefined,
  );
  return pageWithPreviews(
    db
      .select({
        ...adminCommentFields,
        head: sql<string>`left(${forumComments.content}, ${COMMENT_PREVIEW_LENGTH * 4})`,
      })
      .from(forumComments)
      .innerJoin(forumTopics, eq(forumTopics.id, forumComments.topicId))
      .where(where)
      .orderBy(newestCommentsFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(forumComments).where(where),
    COMMENT_PREVIEW_LENGTH,
  );
}

export type AdminCommentRow = Awaited<ReturnType<typeof listAdminComments>>["rows"][number];

/** One comment in full, with its topic's title and status. */
export async function getAdminComment(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...adminCommentFields, content: forumComments.content })
    .from(forumComments)
    .innerJoin(forumTopics, eq(forumTopics.id, forumComments.topicId))
    .where(eq(forumComments.id, id));
  return row ?? null;
}

/** The title of a topic (the comments list filtered by topic names it). */
export async function topicTitle(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db.select({ title: forumTopics.title }).from(forumTopics).where(eq(forumTopics.id, id));
  return row?.title ?? null;
}

/**
 * A topic's last activity: the newest of its own creation and its approved comments' creation.
 * Called after anything that changes which comments are approved.
 */
export async function refreshTopicActivity(db: DbOrTx, topicIds: readonly number[]): Promise<void> {
  if (topicIds.length === 0) return;
  await db
    .update(forumTopics)
    .set({
      lastActivityAt: sql`greatest("forum_topics"."created_at", coalesce((select max(c.created_at) from forum_comments c where c.topic_id = "forum_topics"."id" and c.status = 'approved'), "forum_topics"."created_at"))`,
    })
    .where(inArray(forumTopics.id, [...topicIds]));
}

/**
 * Moves topics to `status` (spec §4: any status to any other). Items already in it are left alone.
 * Returns the ids that changed.
 */
export async function setTopicStatus(db: DbOrTx, ids: readonly number[], status: ModerationStatus) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(forumTopics)
    .set({ status })
    .where(and(inArray(forumTopics.id, [...ids]), ne(forumTopics.status, status)))
    .returning({ id: forumTopics.id });
  return rows.map((r) => r.id);
}

/** Moves comments to `status`, and their topics' activity with them, in one transaction. */
export async function setCommentStatus(db: DbOrTx, ids: readonly number[], status: ModerationStatus) {
  if (ids.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(forumComments)
      .set({ status })
      .where(and(inArray(forumComments.id, [...ids]), ne(forumComments.status, status)))
      .returning({ id: forumComments.id, topicId: forumComments.topicId });
    await refreshTopicActivity(tx, [...new Set(rows.map((r) => r.topicId))]);
    return rows.map((r) => r.id);
  });
}

/** Deletes a topic and (by the foreign key) all its comments and votes; how many comments went. */
export async function deleteTopic(db: DbOrTx, id: number): Promise<{ deleted: boolean; comments: number }> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(forumComments).where(eq(forumComments.topicId, id));
    const rows = await tx.delete(forumTopics).where(eq(forumTopics.id, id)).returning({ id: forumTopics.id });
    return { deleted: rows.length > 0, comments: rows.length > 0 ? n : 0 };
  });
}

export async function deleteComment(db: DbOrTx, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(forumComments)
      .where(eq(forumComments.id, id))
      .returning({ topicId: forumComments.topicId });
    await refreshTopicActivity(
      tx,
      rows.map((r) => r.topicId),
    );
    return rows.length > 0;
  });
}

// --- The moderators' actions, shared by the topic and comment screens ----------------------------

export type ForumErrorCode =
  | "forum.topic_not_found"
  | "forum.comment_not_found"
  | "forum.topic_unchanged"
  | "forum.comment_unchanged"
  | "forum.nothing_changed"
  | "forum.topic_gone"
  | "forum.update_failed"
  | "forum.delete_failed";

const notFound = (kind: ForumKind) =>
  kind === "topic" ? "forum.topic_not_found" : "forum.comment_not_found";

/**
 * Moves topics or comments to the status `action` asks for; how many changed. Failures are logged
 * and answered with a code (decision 072: the spec swallows them; we show them).
 */
export async function moderateForum(
  db: DbOrTx,
  kind: ForumKind,
  action: StatusAction,
  ids: readonly number[],
): Promise<Result<{ changed: number }, ForumErrorCode>> {
  try {
    const target = ACTION_TARGET[action];
    const changed =
      kind === "topic" ? await setTopicStatus(db, ids, target) : await setCommentStatus(db, ids, target);
    if (changed.length === 0) {
      // One item that did not change is gone (or already there); several: none of them changed.
      if (ids.length > 1) return fail("forum.nothing_changed");
      return fail(kind === "topic" ? "forum.topic_unchanged" : "forum.comment_unchanged");
    }
    return ok({ changed: changed.length });
  } catch (error) {
    logger.error({ err: error, kind, action, ids }, "forum status change failed");
    return fail("forum.update_failed");
  }
}

/** Deletes a topic (with its comments) or a comment; how many comments went with a topic. */
export async function deleteForumItem(
  db: DbOrTx,
  kind: ForumKind,
  id: number,
): Promise<Result<{ comments: number }, ForumErrorCode>> {
  try {
    if (kind === "topic") {
      const result = await deleteTopic(db, id);
      return result.deleted ? ok({ comments: result.comments }) : fail(notFound(kind));
    }
    return (await deleteComment(db, id)) ? ok({ comments: 0 }) : fail(notFound(kind));
  } catch (error) {
    logger.error({ err: error, kind, id }, "forum delete failed");
    return fail("forum.delete_failed");
  }
}
