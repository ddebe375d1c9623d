/**
 * What the headings background jobs read (spec §7): the published articles in pages of 1,000 after
 * a checkpoint, their count, and the reset of an analysis a dead job left behind.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleHeadings, articles } from "~/db/schema";
import { HEADINGS_FETCH_BATCH } from "./rules";

export type BatchArticle = { id: number; title: string; content: string; status: string; dateKey: string };

/**
 * Spec §7: id, title, content, status of published articles in pages of 1000, newest first, after
 * the checkpoint `cursor`. The date travels as PostgreSQL text, so the microseconds a JavaScript
 * Date would drop never make the cursor skip or repeat an article.
 */
export async function readPublishedBatch(
  db: DbOrTx,
  cursor: { date: string; id: number } | null,
  limit = HEADINGS_FETCH_BATCH,
): Promise<BatchArticle[]> {
  const dateKey = sql<string>`${articles.publishedDate}::text`;
  return db
    .select({
      id: articles.id,
      title: articles.title,
      content: articles.content,
      status: articles.status,
      dateKey,
    })
    .from(articles)
    .where(
      and(
        eq(articles.status, "publish"),
        cursor
          ? sql`(${articles.publishedDate}, ${articles.id}) < (${cursor.date}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(articles.publishedDate), desc(articles.id))
    .limit(limit);
}

export async function countPublished(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(articles).where(eq(articles.status, "publish"));
  return row?.n ?? 0;
}

/** A job that died mid-article leaves "analyzing" behind: back to pending (its count is kept). */
export async function resetAnalyzing(db: DbOrTx): Promise<void> {
  await db
    .update(articleHeadings)
    .set({ state: "pending", updatedAt: new Date() })
    .where(eq(articleHeadings.state, "analyzing"));
}
