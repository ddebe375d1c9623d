/**
 * The AI headings screen's counts and its list of published articles (spec §2 AI headings, §7):
 * each article's state from `article_headings` (docs/decisions/101) and, for the ones not
 * converted, the number of headings it would get now.
 */
import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleHeadings, articles, type HeadingState } from "~/db/schema";
import { planConversion } from "./headings.server";
import { HEADINGS_PAGE_SIZE, type HeadingFilter } from "./rules";

/**
 * The number of headings an article's content would get, remembered by content hash: the list
 * shows 100 of them per page and, while a job runs, reloads every 2 s; a content seen before
 * costs a hash instead of a sanitise-and-detect (≈ 2 ms each).
 */
const COUNT_CACHE_MAX = 20_000;
const countCache = new Map<string, number>();
export function liveHeadingCount(content: string): number {
  const key = createHash("sha1").update(content).digest("base64");
  const hit = countCache.get(key);
  if (hit !== undefined) return hit;
  const n = planConversion(content).headings.length;
  if (countCache.size >= COUNT_CACHE_MAX) {
    const oldest = countCache.keys().next().value;
    if (oldest !== undefined) countCache.delete(oldest);
  }
  countCache.set(key, n);
  return n;
}

// --- Stats and the list -------------------------------------------------------------------------

export type HeadingStats = {
  published: number;
  converted: number;
  pending: number;
  errors: number;
  /** From the last analysis: pending articles that would get headings (not the restored ones), and how many. */
  suggested: number;
  suggestedHeadings: number;
  /** Pending articles no analysis or conversion has looked at yet. */
  notAnalyzed: number;
};

const SUGGESTED = sql`${articleHeadings.state} in ('pending', 'analyzing') and ${articleHeadings.headingCount} > 0 and ${articleHeadings.restoredAt} is null`;

/** Spec §7: counts status publish; with the per-article state, in one pass. */
export async function headingStats(db: DbOrTx): Promise<HeadingStats> {
  const [row] = await db
    .select({
      published: count(),
      converted: sql<number>`count(*) filter (where ${articleHeadings.state} = 'converted')`.mapWith(Number),
      errors: sql<number>`count(*) filter (where ${articleHeadings.state} = 'error')`.mapWith(Number),
      suggested: sql<number>`count(*) filter (where ${SUGGESTED})`.mapWith(Number),
      suggestedHeadings:
        sql<number>`coalesce(sum(${articleHeadings.headingCount}) filter (where ${SUGGESTED}), 0)`.mapWith(
          Number,
        ),
      notAnalyzed:
        sql<number>`count(*) filter (where ${articleHeadings.articleId} is null or (${articleHeadings.state} in ('pending', 'analyzing') and ${articleHeadings.analyzedAt} is null))`.mapWith(
          Number,
        ),
    })
    .from(articles)
    .leftJoin(articleHeadings, eq(articleHeadings.articleId, articles.id))
    .where(eq(articles.status, "publish"));
  const published = row?.published ?? 0;
  const converted = row?.converted ?? 0;
  const errors = row?.errors ?? 0;
  return {
    published,
    converted,
    errors,
    pending: Math.max(0, published - converted - errors),
    suggested: row?.suggested ?? 0,
    suggestedHeadings: row?.suggestedHeadings ?? 0,
    notAnalyzed: row?.notAnalyzed ?? 0,
  };
}

function filterWhere(filter: HeadingFilter): SQL | undefined {
  switch (filter) {
    case "suggested":
      return SUGGESTED;
    case "pending":
      return or(isNull(articleHeadings.state), inArray(articleHeadings.state, ["pending", "analyzing"]));
    case "converted":
      return eq(articleHeadings.state, "converted");
    case "error":
      return eq(articleHeadings.state, "error");
    default:
      return undefined;
  }
}

export type HeadingRow = {
  id: number;
  title: string;
  category: string;
  slug: string | null;
  publishedDate: Date;
  state: HeadingState;
  /** Converted: the headings it got. Otherwise: the headings it would get now (counted live). */
  headingCount: number;
  error: string | null;
  restored: boolean;
  convertedAt: Date | null;
};

/** One page (100) of published articles, newest first, with each one's state and heading count. */
export async function listHeadingArticles(
  db: DbOrTx,
  options: { page: number; filter: HeadingFilter; jobActive: boolean },
): Promise<{ rows: HeadingRow[]; total: number; page: number; totalPages: number }> {
  const where = and(eq(articles.status, "publish"), filterWhere(options.filter));
  const [{ total }] = await db
    .select({ total: count() })
    .from(articles)
    .leftJoin(articleHeadings, eq(articleHeadings.articleId, articles.id))
    .where(where);
  const totalPages = Math.max(1, Math.ceil(total / HEADINGS_PAGE_SIZE));
  const page = Math.min(options.page, totalPages);
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      category: articles.category,
      slug: articles.slug,
      publishedDate: articles.publishedDate,
      content: articles.content,
      state: articleHeadings.state,
      headingCount: articleHeadings.headingCount,
      error: articleHeadings.error,
      restoredAt: articleHeadings.restoredAt,
      convertedAt: articleHeadings.convertedAt,
    })
    .from(articles)
    .leftJoin(articleHeadings, eq(articleHeadings.articleId, articles.id))
    .where(where)
    .orderBy(desc(articles.publishedDate), desc(articles.id))
    .limit(HEADINGS_PAGE_SIZE)
    .offset((page - 1) * HEADINGS_PAGE_SIZE);
  return {
    total,
    page,
    totalPages,
    rows: rows.map((r) => {
      const stored = r.state ?? "pending";
      // "analyzing" is only true while a job runs; a job that died mid-article leaves it behind.
      const state: HeadingState = stored === "analyzing" && !options.jobActive ? "pending" : stored;
      return {
        id: r.id,
        title: r.title,
        category: r.category,
        slug: r.slug,
        publishedDate: r.publishedDate,
        state,
        headingCount: state === "converted" ? (r.headingCount ?? 0) : liveHeadingCount(r.content),
        error: r.error,
        restored: r.restoredAt !== null,
        convertedAt: r.convertedAt,
      };
    }),
  };
}
