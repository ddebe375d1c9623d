/**
 * What visitors see and send on the forum: approved topics (newest activity first, searchable),
 * one approved topic with its approved comments (oldest first), and new topics and comments, which
 * wait as pending until staff approve them. Posting is guarded like every public form: honeypot →
 * the limiter (5 per 15 minutes per address) → validation (a typo gives its attempt back) → the write.
 */
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { forumComments, forumTopics } from "~/db/schema";
import {
  forgivePublicForm,
  limitPublicForm,
  tooManyRequestsMessage,
} from "~/domain/rate-limit/public-form.server";
import { type FieldErrors, type FormValues, parseForm } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import {
  COMMENT_FORM,
  FORUM_MESSAGES,
  PUBLIC_COMMENTS_PAGE_SIZE,
  PUBLIC_TOPICS_PAGE_SIZE,
  TOPIC_FORM,
  TOPIC_PREVIEW_LENGTH,
} from "./constants";
import { preview } from "./rules";
import { normalizedContains } from "./search";
import { type CommentInput, commentSchema, type TopicInput, topicSchema } from "./validation";

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
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: forumTopics.id,
        title: forumTopics.title,
        head: contentHead,
        author: forumTopics.author,
        companyName: forumTopics.companyName,
        likes: forumTopics.likes,
        dislikes: forumTopics.dislikes,
        commentCount: approvedCommentCount(),
        createdAt: forumTopics.createdAt,
        lastActivityAt: forumTopics.lastActivityAt,
      })
      .from(forumTopics)
      .where(where)
      // Exactly the order of forum_topics_status_activity_idx (decision 023).
      .orderBy(sql`${forumTopics.lastActivityAt} desc nulls last`, sql`${forumTopics.id} desc nulls last`)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(forumTopics).where(where),
  ]);
  return {
    rows: rows.map(({ head, ...row }) => ({ ...row, preview: preview(head, TOPIC_PREVIEW_LENGTH) })),
    total: n,
  };
}

/** One approved topic with its approved-comment count; null for pending, rejected or unknown. */
export async function getPublicTopic(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      content: forumTopics.content,
      author: forumTopics.author,
      companyName: forumTopics.companyName,
      likes: forumTopics.likes,
      dislikes: forumTopics.dislikes,
      createdAt: forumTopics.createdAt,
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
    .select({
      id: forumComments.id,
      content: forumComments.content,
      author: forumComments.author,
      likes: forumComments.likes,
      dislikes: forumComments.dislikes,
      createdAt: forumComments.createdAt,
    })
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

export type PostResult =
  | { ok: true; status: 200 }
  | {
      ok: false;
      status: 400 | 404 | 429 | 500;
      message: string;
      fieldErrors: FieldErrors;
      values: FormValues;
    };

/** `/forum/nova`: honeypot → limiter → validation (a typo is not counted) → a pending topic. */
export async function submitTopic(
  db: DbOrTx,
  form: FormData,
  { clientIp, honeypot, now = new Date() }: { clientIp: string | null; honeypot: boolean; now?: Date },
): Promise<PostResult> {
  if (honeypot) {
    await limitPublicForm(db, TOPIC_FORM, clientIp, now);
    return { ok: true, status: 200 };
  }
  const limit = await limitPublicForm(db, TOPIC_FORM, clientIp, now);
  const parsed = parseForm(topicSchema, form);
  if (!limit.ok) {
    return {
      ok: false,
      status: 429,
      message: tooManyRequestsMessage(limit.retryAfterMinutes),
      fieldErrors: {},
      values: parsed.values,
    };
  }
  if (!parsed.ok) {
    await forgivePublicForm(db, limit);
    return {
      ok: false,
      status: 400,
      message: FORUM_MESSAGES.fixErrors,
      fieldErrors: parsed.fieldErrors,
      values: parsed.values,
    };
  }
  try {
    await createTopic(db, parsed.data);
    return { ok: true, status: 200 };
  } catch (error) {
    logger.error({ err: error }, "forum topic could not be stored");
    return {
      ok: false,
      status: 500,
      message: FORUM_MESSAGES.sendFailed,
      fieldErrors: {},
      values: parsed.values,
    };
  }
}

/** A comment on `/forum/{id}`: honeypot → limiter → validation (a typo is not counted) → a pending comment. */
export async function submitComment(
  db: DbOrTx,
  topicId: number,
  form: FormData,
  { clientIp, honeypot, now = new Date() }: { clientIp: string | null; honeypot: boolean; now?: Date },
): Promise<PostResult> {
  if (honeypot) {
    await limitPublicForm(db, COMMENT_FORM, clientIp, now);
    return { ok: true, status: 200 };
  }
  const limit = await limitPublicForm(db, COMMENT_FORM, clientIp, now);
  const parsed = parseForm(commentSchema, form);
  if (!limit.ok) {
    return {
      ok: false,
      status: 429,
      message: tooManyRequestsMessage(limit.retryAfterMinutes),
      fieldErrors: {},
      values: parsed.values,
    };
  }
  if (!parsed.ok) {
    await forgivePublicForm(db, limit);
    return {
      ok: false,
      status: 400,
      message: FORUM_MESSAGES.fixErrors,
      fieldErrors: parsed.fieldErrors,
      values: parsed.values,
    };
  }
  try {
    const id = await createComment(db, topicId, parsed.data);
    if (id === null) {
      return {
        ok: false,
        status: 404,
        message: FORUM_MESSAGES.topicGone,
        fieldErrors: {},
        values: parsed.values,
      };
    }
    return { ok: true, status: 200 };
  } catch (error) {
    logger.error({ err: error, topicId }, "forum comment could not be stored");
    return {
      ok: false,
      status: 500,
      message: FORUM_MESSAGES.sendFailed,
      fieldErrors: {},
      values: parsed.values,
    };
  }
}
