/**
 * Scheduled publishing (decision 192). A publish with a future date stores the article as
 * "scheduled" and queues the durable job `articles:publish-scheduled` at that minute (one job per
 * article, its unique key; a reschedule moves the queued job). The job publishes every scheduled
 * article that is due — so a late or repeated run publishes nothing twice and misses nothing —
 * and tells the page caches. At boot every scheduled article without a queued job gets one, so a
 * stopped server catches up at its next start.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { articles, jobs } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { activeJobByKey, enqueueJob } from "~/domain/jobs/queue.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import { contentChanged } from "~/lib/content-change.server";
import { logger } from "~/lib/logger.server";
import { revokeArticlePreviewLinks } from "./preview-link.server";

export const PUBLISH_JOB_KIND = "articles:publish-scheduled";

export function publishJobKey(articleId: number): string {
  return `${PUBLISH_JOB_KIND}:${articleId}`;
}

/**
 * Queues (or moves) the job that publishes `articleId` at `at`. Looks first, then inserts: it runs
 * inside the save's transaction (the article row locked), where a refused insert would abort it.
 */
export async function schedulePublishJob(db: DbOrTx, articleId: number, at: Date): Promise<void> {
  const existing = await activeJobByKey(db, publishJobKey(articleId));
  if (existing) {
    if (existing.status === "queued" && existing.runAfter.getTime() !== at.getTime()) {
      await db.update(jobs).set({ runAfter: at, updatedAt: new Date() }).where(eq(jobs.id, existing.id));
    }
    // A running one publishes what is due and ends; the article, if not due yet, gets a new job
    // at the next save or boot.
    return;
  }
  await enqueueJob(db, {
    kind: PUBLISH_JOB_KIND,
    payload: { articleId },
    uniqueKey: publishJobKey(articleId),
    runAfter: at,
    maxAttempts: 10,
  });
}

/**
 * Publishes every scheduled article whose minute has come, and revokes their preview links
 * (decision 291: published, they are public); returns their ids.
 */
export async function publishDueArticles(db: DbOrTx, now = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(articles)
      .set({ status: "publish", updatedAt: now })
      .where(and(eq(articles.status, "scheduled"), lte(articles.publishedDate, now)))
      .returning({ id: articles.id });
    for (const row of rows) await revokeArticlePreviewLinks(tx, row.id, "published");
    return rows.map((r) => r.id);
  });
}

export const publishScheduledHandler: JobHandler = async (ctx) => {
  const published = await publishDueArticles(ctx.db);
  for (const articleId of published) {
    await recordAudit(ctx.db, {
      actor: null,
      area: "articles",
      action: "publish-scheduled",
      recordId: articleId,
      changes: { status: ["scheduled", "publish"] },
    });
  }
  if (published.length > 0) {
    contentChanged("articles");
    logger.info({ articleIds: published }, "scheduled articles published");
  }
  return { published };
};

/** At boot: a queued job for every scheduled article that has none (a due one runs at once). */
export async function ensureScheduledPublishing(db: Database): Promise<void> {
  const scheduled = await db
    .select({ id: articles.id, at: articles.publishedDate })
    .from(articles)
    .where(eq(articles.status, "scheduled"));
  if (scheduled.length === 0) return;
  const keys = scheduled.map((a) => publishJobKey(a.id));
  const queued = await db
    .select({ key: jobs.uniqueKey })
    .from(jobs)
    .where(and(inArray(jobs.uniqueKey, keys), sql`${jobs.status} in ('queued', 'running')`));
  const have = new Set(queued.map((j) => j.key));
  for (const article of scheduled) {
    if (!have.has(publishJobKey(article.id))) await schedulePublishJob(db, article.id, article.at);
  }
}

/** Whether the article has a publish job waiting (for tests and the form). */
export async function hasPublishJob(db: DbOrTx, articleId: number): Promise<boolean> {
  return (await activeJobByKey(db, publishJobKey(articleId))) !== null;
}
