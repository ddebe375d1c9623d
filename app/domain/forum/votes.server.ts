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

/** Per kind: the vote rows, the voted table (with its counts) and the vote row's key. */
const VOTED = {
  topic: {
    votes: forumTopicVotes,
    key: forumTopicVotes.topicId,
    items: forumTopics,
    row: (id: number) => ({ topicId: id }),
  },
  comment: {
    votes: forumCommentVotes,
    key: forumCommentVotes.commentId,
    items: forumComments,
    row: (id: number) => ({ commentId: id }),
  },
} as const;

type VoteInput = {
  kind: ForumKind;
  id: number;
  visitor: string;
  value: VoteValue;
  /** For a comment: the topic it must belong to (the page the vote came from). */
  topicId?: number;
};

/**
 * Locks the voted item's row (`FOR UPDATE`) if it may be voted on: an approved topic, or an
 * approved comment under an approved topic (and under `topicId` when given).
 */
async function lockVotable(tx: DbOrTx, { kind, id, topicId }: VoteInput): Promise<boolean> {
  if (kind === "topic") {
    const [item] = await tx
      .select({ id: forumTopics.id })
      .from(forumTopics)
      .where(and(eq(forumTopics.id, id), eq(forumTopics.status, "approved")))
      .for("update");
    return Boolean(item);
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
  return Boolean(item);
}

/** Writes the visitor's vote after the click (a row, or none) and moves the counts by the difference. */
async function recordVote(tx: DbOrTx, { kind, id, visitor, value }: VoteInput) {
  const { votes, key, items, row } = VOTED[kind];
  const mine = and(eq(key, id), eq(votes.visitor, visitor));
  const [standing] = await tx.select({ value: votes.value }).from(votes).where(mine);
  const t = voteTransition(asStanding(standing?.value), value);
  if (t.next === 0) {
    await tx.delete(votes).where(mine);
  } else {
    await tx
      .insert(votes)
      .values({ ...row(id), visitor, value: t.next })
      .onConflictDoUpdate({ target: [key, votes.visitor], set: { value: t.next, createdAt: sql`now()` } });
  }
  const [counts] = await tx
    .update(items)
    .set({ likes: sql`${items.likes} + ${t.likes}`, dislikes: sql`${items.dislikes} + ${t.dislikes}` })
    .where(eq(items.id, id))
    .returning({ likes: items.likes, dislikes: items.dislikes });
  return { ...counts, myVote: t.next };
}

/**
 * A visitor's click on like (+1) or dislike (-1) of an approved topic, or of an approved comment
 * under an approved topic. Anything else (pending, rejected, deleted) is `notFound`.
 */
export async function castVote(db: DbOrTx, input: VoteInput): Promise<VoteOutcome> {
  return db.transaction(async (tx) => {
    if (!(await lockVotable(tx, input))) return { ok: false, reason: "notFound" } as const;
    return { ok: true, ...(await recordVote(tx, input)) } as const;
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

/**
 * Why a vote was refused: a bad or failed post, a topic or comment gone, too many votes from the
 * address (the detail is the wait in minutes).
 */
export type VoteErrorCode = "forum.vote_failed" | "forum.vote_gone" | "forum.too_many_votes";

/** The looser per-address ceiling on votes (decision 071); without a known address, no limit. */
export async function limitVotes(
  db: DbOrTx,
  clientIp: string | null,
  now = new Date(),
): Promise<RateLimitResult> {
  if (!clientIp) return { ok: true, attemptIds: [] };
  return consumeRateLimit(db, [{ key: `forum-vote:ip:${clientIp}`, ...VOTE_LIMIT }], now);
}
