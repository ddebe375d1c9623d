/**
 * The drivers' forum: its limits and labels (spec §2 Forum, §3, §4, §9). Its words are in
 * app/messages/forum.ts (decision 271): the domain answers with codes.
 */
import type { MODERATION_STATUSES } from "~/db/schema";

export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** Spec §9: previews of 100 characters (topics) and 150 (comments). */
export const TOPIC_PREVIEW_LENGTH = 100;
export const COMMENT_PREVIEW_LENGTH = 150;

export const TITLE_MAX = 150;
export const AUTHOR_MAX = 80;
export const COMPANY_MAX = 120;

/** Public list: 20 topics a page (the site's page size); a thread shows 50 comments a page. */
export const PUBLIC_TOPICS_PAGE_SIZE = 20;
export const PUBLIC_COMMENTS_PAGE_SIZE = 50;
/** Admin lists: 50 rows a page, so that a moderator clears a backlog in few bulk actions. */
export const ADMIN_FORUM_PAGE_SIZE = 50;

/** Public form names of the shared limiter (5 per 15 minutes per address and form). */
export const TOPIC_FORM = "forum-topic";
export const COMMENT_FORM = "forum-comment";
/** Votes are far more frequent than posts: a looser ceiling per address, against scripted floods. */
export const VOTE_LIMIT = { max: 120, windowMs: 15 * 60 * 1000 } as const;

/**
 * Forum pages vary per visitor (their own votes) and change with every vote: a shared cache must
 * never answer for them and the server's page cache never stores them (decision 064); the browser
 * revalidates each time.
 */
export const FORUM_PAGE_CACHE = "private, no-cache";

export const STATUS_LABELS: Record<ModerationStatus, string> = {
  pending: "Na čekanju",
  approved: "Odobreno",
  rejected: "Odbijeno",
};
