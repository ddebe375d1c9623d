import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articles } from "~/db/schema";
import { totalPagesOf } from "~/lib/pagination";
import { ARTICLE_PAGE_SIZE, type ArticleListQuery } from "./list-query";
import { sanitizeArticleHtml } from "./sanitize";
import type { ArticleCategory, ArticleInput, StoredStatus } from "./validation";

/**
 * The admin's article queries (spec §2 Articles, §7 articles): the list is filtered, counted and
 * paged in SQL (20 per page, newest publication date first); search is a case- and
 * diacritic-insensitive "contains" over the title, the content's plain text and the author.
 */

export { ARTICLE_PAGE_SIZE, type ArticleListQuery, parseArticleListQuery } from "./list-query";

/**
 * `search_text LIKE '%' || search_norm(q) || '%'`, with \, % and _ in q taken literally: one
 * condition over the title, the content's plain text and the author (the stored, normalised
 * `search_text` column), answered by its trigram index.
 */
export function articleSearchCondition(term: string): SQL | undefined {
  const q = term.trim();
  if (q === "") return undefined;
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${articles.searchText} LIKE '%' || search_norm(${escaped}) || '%'`;
}

function listWhere(query: Omit<ArticleListQuery, "page">): SQL | undefined {
  return and(
    articleSearchCondition(query.q),
    query.status ? eq(articles.status, query.status) : undefined,
    query.category ? eq(articles.category, query.category) : undefined,
    query.popular ? eq(articles.popular, query.popular === "yes") : undefined,
  );
}

export type AdminArticleRow = {
  id: number;
  title: string;
  author: string;
  featuredImage: string | null;
  status: StoredStatus;
  category: ArticleCategory;
  popular: boolean;
  publishedDate: Date;
  slug: string | null;
};

export type ArticleListPage = {
  rows: AdminArticleRow[];
  total: number;
  /** True when a search matched more than EXACT_COUNT_CAP articles: `total` is then an estimate ("oko"). */
  totalIsEstimate: boolean;
  page: number;
  totalPages: number;
};

/**
 * A search is counted exactly up to this many matches; beyond it the total is estimated from a
 * sample (docs/decisions/066), because counting every match of a common word means reading every
 * article's text (120–390 ms at 100,000 articles), while the page itself needs 20 rows.
 */
export const EXACT_COUNT_CAP = 1000;
/** About this many rows are read to estimate a large search's total. */
const ESTIMATE_SAMPLE_ROWS = 4000;

/** The exact count of the list's query (the bench and the tests explain it). */
export function articleCountQuery(db: DbOrTx, query: ArticleListQuery) {
  return db.select({ n: count() }).from(articles).where(listWhere(query));
}

/**
 * One page of the list's query, newest publication date first. Ordered exactly as the date
 * indexes are (`published_date DESC NULLS LAST`: alone, popular-only, by status, by category and
 * status), so that an index delivers the rows in order and the scan stops after the page. Plain
 * `desc()` (NULLS FIRST) or a tie-breaker column would sort every matching row instead
 * (measured in bench/README.md).
 */
export function articlePageQuery(db: DbOrTx, query: ArticleListQuery, page: number) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      author: articles.author,
      featuredImage: articles.featuredImage,
      status: articles.status,
      category: articles.category,
      popular: articles.popular,
      publishedDate: articles.publishedDate,
      slug: articles.slug,
    })
    .from(articles)
    .where(listWhere(query))
    .orderBy(sql`${articles.publishedDate} desc nulls last`)
    .limit(ARTICLE_PAGE_SIZE)
    .offset((page - 1) * ARTICLE_PAGE_SIZE);
}

type Total = { total: number; estimated: boolean };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The list's total: exact without a search (the filters are answered by indexes), exact for a
 * search with at most EXACT_COUNT_CAP matches (the count stops one past the cap), and otherwise
 * estimated by counting the matches in a random sample of the table's pages.
 */
export async function countArticles(db: DbOrTx, query: ArticleListQuery): Promise<Total> {
  if (!query.q.trim()) {
    const [{ n }] = await articleCountQuery(db, query);
    return { total: n, estimated: false };
  }
  const where = listWhere(query);
  const capped = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from (select 1 from ${articles} where ${where} limit ${EXACT_COUNT_CAP + 1}) as m`,
    ),
  );
  const matches = Number(capped[0]?.n ?? 0);
  if (matches <= EXACT_COUNT_CAP) return { total: matches, estimated: false };
  const [stats] = rowsOf<{ reltuples: number | string }>(
    await db.execute(sql`select reltuples from pg_class where oid = 'articles'::regclass`),
  );
  const tableRows = Number(stats?.reltuples ?? 0);
  if (!(tableRows > 0)) {
    const [{ n }] = await articleCountQuery(db, query);
    return { total: n, estimated: false };
  }
  const percent = Math.min(100, (ESTIMATE_SAMPLE_ROWS / tableRows) * 100);
  const sampled = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from ${articles} tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (7) where ${where}`,
    ),
  );
  // A sample's pages differ in size: the scaled count can overshoot, but never past the table.
  const estimate = Math.min(Math.round(tableRows), Math.round(Number(sampled[0]?.n ?? 0) * (100 / percent)));
  return { total: Math.max(EXACT_COUNT_CAP + 1, roundForDisplay(estimate)), estimated: true };
}

/** An estimate shown as "oko 12.000": two significant digits. */
export function roundForDisplay(n: number): number {
  if (n < 100) return n;
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / magnitude) * magnitude;
}

/**
 * One page of the list: the total (see `countArticles`) and the page, sent together (on PostgreSQL
 * they run on two connections at once). A page past the end shows the last page.
 */
export async function listAdminArticles(db: DbOrTx, query: ArticleListQuery): Promise<ArticleListPage> {
  const [{ total, estimated }, asked] = await Promise.all([
    countArticles(db, query),
    articlePageQuery(db, query, query.page),
  ]);
  const totalPages = totalPagesOf(total, ARTICLE_PAGE_SIZE);
  const page = Math.min(query.page, totalPages);
  const rows = page === query.page || total === 0 ? asked : await articlePageQuery(db, query, page);
  if (estimated && rows.length === 0 && page > 1) {
    // The estimate overshot and this page is past the real end (rare: someone paged far into a
    // common word): count exactly this once and show the real last page.
    const [{ n }] = await articleCountQuery(db, query);
    const lastPage = totalPagesOf(n, ARTICLE_PAGE_SIZE);
    return {
      rows: await articlePageQuery(db, query, lastPage),
      total: n,
      totalIsEstimate: false,
      page: lastPage,
      totalPages: lastPage,
    };
  }
  return { rows, total, totalIsEstimate: estimated, page, totalPages };
}

export type AdminArticle = {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  featuredImage: string | null;
  category: ArticleCategory;
  featured: boolean;
  popular: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  slug: string | null;
  status: StoredStatus;
  tags: string[];
  /** The tags' URL slugs (kept by the database: `tag_slugs`). */
  tagSlugs: string[];
  publishedDate: Date;
  views: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export async function getAdminArticle(db: DbOrTx, id: number): Promise<AdminArticle | null> {
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      excerpt: articles.excerpt,
      content: articles.content,
      author: articles.author,
      featuredImage: articles.featuredImage,
      category: articles.category,
      featured: articles.featured,
      popular: articles.popular,
      metaTitle: articles.metaTitle,
      metaDescription: articles.metaDescription,
      slug: articles.slug,
      status: articles.status,
      tags: articles.tags,
      tagSlugs: articles.tagSlugs,
      publishedDate: articles.publishedDate,
      views: articles.views,
      version: articles.version,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(eq(articles.id, id));
  return row ?? null;
}

/** The article columns a form save writes (its HTML sanitised here, whatever the caller did). */
export function columnsOf(input: ArticleInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content: sanitizeArticleHtml(input.content),
    author: input.author,
    featuredImage: input.featuredImage,
    category: input.category,
    featured: input.featured,
    // Empty: the page uses the title / excerpt as they are then (decision 290).
    metaTitle: input.metaTitle || null,
    metaDescription: input.metaDescription || null,
    slug: input.slug || null,
    status: input.status,
    tags: input.tags,
    publishedDate: input.publishedDate,
  };
}

/** Inserts a validated article (its HTML sanitised here, whatever the caller did) and returns its id. */
export async function createArticle(db: DbOrTx, input: ArticleInput): Promise<number> {
  const [row] = await db.insert(articles).values(columnsOf(input)).returning({ id: articles.id });
  return row.id;
}

/** Updates every form field of an article (popular and views are untouched); false when it is gone. */
export async function updateArticle(db: DbOrTx, id: number, input: ArticleInput): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return rows.length === 1;
}

export async function setArticlePopular(db: DbOrTx, id: number, popular: boolean): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ popular, updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  return rows.length === 1;
}

export async function deleteArticle(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length === 1;
}
