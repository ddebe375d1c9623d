/**
 * No lost work (decision 193): the open article form is autosaved on the server every few
 * seconds while the editor types (one draft per user and article; a new article's form is the
 * user's draft without an article), and offered back when that form is opened again after a
 * crash or a closed tab. While a form is open its page sends a heartbeat, so other staff opening
 * the same article see who has it open and since when.
 */
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { adminUsers, articleAutosaves, articlePresence, articles } from "~/db/schema";

import { PRESENCE_TTL_MS } from "./drafts-timing";

/** The most a draft may hold (the form's own limits are smaller). */
export const AUTOSAVE_MAX_BYTES = 400_000;

export type FormDraftValues = Record<string, string | string[]>;

export type Autosave = { values: FormDraftValues; baseVersion: number | null; savedAt: Date };

function autosaveWhere(userId: number, articleId: number | null) {
  return and(
    eq(articleAutosaves.userId, userId),
    articleId === null ? isNull(articleAutosaves.articleId) : eq(articleAutosaves.articleId, articleId),
  );
}

/** Saves (replaces) the user's draft of the form of `articleId` (null: a new article). */
export async function saveAutosave(
  db: DbOrTx,
  input: { userId: number; articleId: number | null; values: FormDraftValues; baseVersion: number | null },
): Promise<Date> {
  const savedAt = new Date();
  await db.execute(sql`
    insert into article_autosaves (user_id, article_id, form_values, base_version, saved_at)
    values (${input.userId}, ${input.articleId}, ${JSON.stringify(input.values)}::jsonb, ${input.baseVersion}, ${savedAt.toISOString()}::timestamptz)
    on conflict (user_id, (coalesce(article_id, 0)))
    do update set form_values = excluded.form_values, base_version = excluded.base_version, saved_at = excluded.saved_at`);
  return savedAt;
}

export async function getAutosave(
  db: DbOrTx,
  userId: number,
  articleId: number | null,
): Promise<Autosave | null> {
  const [row] = await db
    .select({
      values: articleAutosaves.values,
      baseVersion: articleAutosaves.baseVersion,
      savedAt: articleAutosaves.savedAt,
    })
    .from(articleAutosaves)
    .where(autosaveWhere(userId, articleId));
  return row ?? null;
}

export async function discardAutosave(db: DbOrTx, userId: number, articleId: number | null): Promise<void> {
  await db.delete(articleAutosaves).where(autosaveWhere(userId, articleId));
}

export type OtherEditor = { userId: number; name: string; since: Date };

/**
 * The heartbeat of `userId`'s open form of `articleId`: marks them present (since now, unless
 * their form was already open), and answers who else has it open and the stored version.
 */
export async function touchPresence(
  db: DbOrTx,
  input: { articleId: number; userId: number; now?: Date },
): Promise<{ others: OtherEditor[]; version: number | null }> {
  const now = input.now ?? new Date();
  const stale = new Date(now.getTime() - PRESENCE_TTL_MS);
  await db.execute(sql`
    insert into article_presence (article_id, user_id, since, seen_at)
    values (${input.articleId}, ${input.userId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (article_id, user_id) do update set
      since = case when article_presence.seen_at < ${stale.toISOString()}::timestamptz
                   then excluded.since else article_presence.since end,
      seen_at = excluded.seen_at`);
  const [others, [article]] = await Promise.all([
    otherEditors(db, input.articleId, input.userId, now),
    db.select({ version: articles.version }).from(articles).where(eq(articles.id, input.articleId)),
  ]);
  return { others, version: article?.version ?? null };
}

/** Staff other than `userId` whose form of the article is open now. */
export async function otherEditors(
  db: DbOrTx,
  articleId: number,
  userId: number,
  now = new Date(),
): Promise<OtherEditor[]> {
  const rows = await db
    .select({
      userId: articlePresence.userId,
      firstName: adminUsers.firstName,
      lastName: adminUsers.lastName,
      since: articlePresence.since,
    })
    .from(articlePresence)
    .innerJoin(adminUsers, eq(adminUsers.id, articlePresence.userId))
    .where(
      and(
        eq(articlePresence.articleId, articleId),
        ne(articlePresence.userId, userId),
        gt(articlePresence.seenAt, new Date(now.getTime() - PRESENCE_TTL_MS)),
      ),
    )
    .orderBy(articlePresence.since);
  return rows.map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}`.trim(), since: r.since }));
}

/** The form was closed (or saved and left): the others stop seeing this user at once. */
export async function leavePresence(db: DbOrTx, articleId: number, userId: number): Promise<void> {
  await db
    .delete(articlePresence)
    .where(and(eq(articlePresence.articleId, articleId), eq(articlePresence.userId, userId)));
}
