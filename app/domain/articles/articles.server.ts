import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articles } from "~/db/schema";
import type { StoredStatus } from "./list-query";
import { articleIsPublic } from "./visibility.server";

export type ArticleCounts = { total: number; published: number; drafts: number; scheduled: number };

/** Count queries for total, publish and draft (spec §7), in one pass. */
export async function countArticles(db: DbOrTx): Promise<ArticleCounts> {
  const rows = await db
    .select({ status: articles.status, n: count() })
    .from(articles)
    .groupBy(articles.status);
  const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    published: of("publish"),
    drafts: of("draft"),
    scheduled: of("scheduled"),
  };
}

export type ArticleSummary = {
  id: number;
  title: string;
  status: StoredStatus;
  category: "Vesti" | "Oglasi";
  author: string;
  publishedDate: Date;
};

const summaryColumns = {
  id: articles.id,
  title: articles.title,
  status: articles.status,
  category: articles.category,
  author: articles.author,
  publishedDate: articles.publishedDate,
};

/** The newest articles by publication date, any status (dashboard). */
export function latestArticles(db: DbOrTx, limit: number): Promise<ArticleSummary[]> {
  return db.select(summaryColumns).from(articles).orderBy(desc(articles.publishedDate)).limit(limit);
}

/** The newest published articles, optionally of one category (public pages). */
export function latestPublished(
  db: DbOrTx,
  options: { limit: number; category?: "Vesti" | "Oglasi" },
): Promise<(ArticleSummary & { excerpt: string })[]> {
  return db
    .select({ ...summaryColumns, excerpt: articles.excerpt })
    .from(articles)
    .where(and(articleIsPublic, options.category ? eq(articles.category, options.category) : undefined))
    .orderBy(desc(articles.publishedDate))
    .limit(options.limit);
}
