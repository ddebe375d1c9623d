/**
 * Likes and dislikes: one vote per visitor per topic or comment (decision 071). A click runs in ONE
 * transaction that first locks the item's row (`FOR UPDATE`), so clicks on the same item — from
 * one visitor's double click or from many visitors at once — queue up; each reads the visitor's
 * standing vote after the previous click committed, writes the vote row and moves the counts by
 * exactly the difference (rules.ts `voteTransition`). The counts therefore always equal the seeded
 * counts plus the vote rows, on PGlite and PostgreSQL alike.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { forumComments, forumCommentVotes, forumTopics, forumTopicVotes } from "~/db/schema";
import { consumeRateLimit, type RateLimitResult } from "~/domain/rate-limit/limiter.server";
import { VOTE_LIMIT } from "./constants";
import { type ForumKind, type StandingVote, type VoteValue, voteTransition } from "./rules";

export type VoteOutcome =
  | { ok: true; likes: number; dislikes: number; myVote: StandingVote }
  | { ok: false; reason: "notFound" };

const asStanding = (value: number | undefined): StandingVote => (value === 1 ? 1 : value === -1 ? -1 : 0);

/**
 * A visitor's click on like (+1) or dislike (-1) of an approved topic, or of an approved comment
 * under an approved topic. Anything else (pending, rejected, deleted) is `notFound`.
 */
export async function castVote(
  db: DbOrTx,
  {
    kind,
    id,
    visitor,
    value,
    topicId,
  }: {
    kind: ForumKind;
    id: number;
    visitor: string;
    value: VoteValue;
    /** For a comment: the topic it must belong to (the page the vote came from). */
    topicId?: number;
  },
): Promise<VoteOutcome> {
  return db.transaction(async (tx) => {
    if (kind === "topic") {
      const [item] = await tx
        .select({ id: forumTopics.id })
        .from(forumTopics)
        .where(and(eq(forumTopics.id, id), eq(forumTopics.status, "approved")))
        .for("update");
      if (!item) return { ok: false, reason: "notFound" } as const;
      const [standing] = await tx
        .select({ value: forumTopicVotes.value })
        .from(forumTopicVotes)
        .where(and(eq(forumTopicVotes.topicId, id), eq(forumTopicVotes.visitor, visitor)));
      const t = voteTransition(asStanding(standing?.value), value);
      if (t.next === 0) {
        await tx
          .delete(forumTopicVotes)
          .where(and(eq(forumTopicVotes.topicId, id), eq(forumTopicVotes.visitor, visitor)));
      } else {
        await tx
          .insert(forumTopicVotes)
          .values({ topicId: id, visitor, value: t.next })
          .onConflictDoUpdate({
            target: [forumTopicVotes.topicId, forumTopicVotes.visitor],
            set: { value: t.next, createdAt: sql`now()` },
          });
      }
      const [counts] = await tx
        .update(forumTopics)
        .set({
          likes: sql`${forumTopics.likes} + ${t.likes}`,
          dislikes: sql`${forumTopics.dislikes} + ${t.dislikes}`,
        })
        .where(eq(forumTopics.id, id))
        .returning({ likes: forumTopics.likes, dislikes: forumTopics.dislikes });
      return { ok: true, ...counts, myVote: t.next } as const;
    }

    const [item] = await tx
      .select({ id: forumComments.id })
      .from(forumComments)
      .innerJoin(forumTopics, eq(forumTopics.id, forumComments.topicId))
      .where(
        and(
          eq(forumComments.id, id),
          eq(forumComments.status, "approved"),
          eq(forumTopics.status, "approved"),
          topicId === undefined ? undefined : eq(forumComments.topicId, topicId),
        ),
      )
      .for("update", { of: forumComments });
    if (!item) return { ok: false, reason: "notFound" } as const;
    const [standing] = await tx
      .select({ value: forumCommentVotes.value })
      .from(forumCommentVotes)
      .where(and(eq(forumCommentVotes.commentId, id), eq(forumCommentVotes.visitor, visitor)));
    const t = voteTransition(asStanding(standing?.value), value);
    if (t.next === 0) {
      await tx
        .delete(forumCommentVotes)
        .where(and(eq(forumCommentVotes.commentId, id), eq(forumCommentVotes.visitor, visitor)));
    } else {
      await tx
        .insert(forumCommentVotes)
        .values({ commentId: id, visitor, value: t.next })
        .onConflictDoUpdate({
          target: [forumCommentVotes.commentId, forumCommentVotes.visitor],
          set: { value: t.next, createdAt: sql`now()` },
        });
    }
    const [counts] = await tx
      .update(forumComments)
      .set({
        likes: sql`${forumComments.likes} + ${t.likes}`,
        dislikes: sql`${forumComments.dislikes} + ${t.dislikes}`,
      })
      .where(eq(forumComments.id, id))
      .returning({ likes: forumComments.likes, dislikes: forumComments.dislikes });
    return { ok: true, ...counts, myVote: t.next } as const;
  });
}

/** The visitor's standing votes on a topic and on the comments shown with it. */
export async function visitorVotes(
  db: DbOrTx,
  visitor: string | null,
  { topicId, commentIds }: { topicId: number; commentIds: readonly number[] },
): Promise<{ topic: StandingVote; comments: Record<number, StandingVote> }> {
  if (!visitor) return { topic: 0, comments: {} };
  const [topicRows, commentRows] = await Promise.all([
    db
      .select({ value: forumTopicVotes.value })
      .from(forumTopicVotes)
      .where(and(eq(forumTopicVotes.topicId, topicId), eq(forumTopicVotes.visitor, visitor))),
    commentIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: forumCommentVotes.commentId, value: forumCommentVotes.value })
          .from(forumCommentVotes)
          .where(
            and(
              inArray(forumCommentVotes.commentId, [...commentIds]),
              eq(forumCommentVotes.visitor, visitor),
            ),
          ),
  ]);
  const comments: Record<number, StandingVote> = {};
  for (const row of commentRows) comments[row.id] = asStanding(row.value);
  return { topic: asStanding(topicRows[0]?.value), comments };
}

/** The looser per-address ceiling on votes (decision 071); without a known address, no limit. */
export async function limitVotes(
  db: DbOrTx,
  clientIp: string | null,
  now = new Date(),
): Promise<RateLimitResult> {
  if (!clientIp) return { ok: true, attemptIds: [] };
  return consumeRateLimit(db, [{ key: `forum-vote:ip:${clientIp}`, ...VOTE_LIMIT }], now);
}
