/**
 * The AI headings screen's queries and writes (spec §2 AI headings, §4 Heading conversion per
 * article, §7 articles: the converter's reads and updates). Detection itself is the pure
 * `detect.ts`; this module keeps each article's state in `article_headings`
 * (docs/decisions/101), converts one article in a transaction that keeps the previous content, and
 * restores it.
 */
import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleHeadings, articles, type HeadingState } from "~/db/schema";
import type { StoredStatus } from "~/domain/articles/list-query";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { convertHeadings, type DetectedHeading } from "./detect";
import { HEADINGS_FETCH_BATCH, HEADINGS_PAGE_SIZE, type HeadingFilter } from "./rules";

export function contentHash(content: string): string {
  return createHash("sha256").update(content).digest("hex");
}

export type PlannedConversion = {
  /** The content to save: the sanitised article with its headings (a fixed point of the sanitiser). */
  html: string;
  headings: DetectedHeading[];
};

/**
 * The conversion of stored content: sanitised first (as every render does), then converted, and
 * sanitised again before it is saved — detection never adds anything the sanitiser would refuse,
 * so the second pass changes nothing (tested), it only guarantees it.
 */
export function planConversion(content: string): PlannedConversion {
  const { html, headings } = convertHeadings(sanitizeArticleHtml(content));
  return { html: sanitizeArticleHtml(html), headings };
}

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

// --- One article ------------------------------------------------------------------------------------

export type HeadingPreview = {
  id: number;
  title: string;
  status: StoredStatus;
  slug: string | null;
  state: HeadingState;
  /** The article as it is now (sanitised, as the public page shows it). */
  before: string;
  /** With the headings; new ones carry data-heading="new". For a converted article: as it is now. */
  after: string;
  headings: DetectedHeading[];
  headingCount: number;
  canConvert: boolean;
  canRestore: boolean;
  /** Why a converted article cannot be restored automatically. */
  restoreBlocked: "edited" | null;
  restored: boolean;
  error: string | null;
};

/** Before and after, side by side (the preview modal). */
export async function getHeadingPreview(db: DbOrTx, id: number): Promise<HeadingPreview | null> {
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      slug: articles.slug,
      content: articles.content,
      state: articleHeadings.state,
      headingCount: articleHeadings.headingCount,
      previousContent: articleHeadings.previousContent,
      convertedHash: articleHeadings.convertedHash,
      restoredAt: articleHeadings.restoredAt,
      error: articleHeadings.error,
    })
    .from(articles)
    .leftJoin(articleHeadings, eq(articleHeadings.articleId, articles.id))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) return null;
  const state: HeadingState = row.state === "analyzing" ? "pending" : (row.state ?? "pending");
  const current = sanitizeArticleHtml(row.content);
  if (state === "converted" && row.previousContent !== null) {
    // Before: what it was; after: what it is now, with the headings the conversion added marked.
    const previous = sanitizeArticleHtml(row.previousContent);
    const marked = convertHeadings(previous, { mark: true });
    const unchanged = contentHash(row.content) === row.convertedHash;
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      slug: row.slug,
      state,
      before: previous,
      after: unchanged ? marked.html : current,
      headings: marked.headings,
      headingCount: row.headingCount ?? marked.headings.length,
      canConvert: false,
      canRestore: unchanged,
      restoreBlocked: unchanged ? null : "edited",
      restored: false,
      error: null,
    };
  }
  const marked = convertHeadings(current, { mark: true });
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    slug: row.slug,
    state,
    before: current,
    after: marked.html,
    headings: marked.headings,
    headingCount: marked.headings.length,
    canConvert: marked.headings.length > 0,
    canRestore: false,
    restoreBlocked: null,
    restored: row.restoredAt !== null,
    error: row.error,
  };
}

const now = () => new Date();

/** Saves an analysis result, never over a converted article (its state belongs to the conversion). */
async function saveAnalysis(
  db: DbOrTx,
  articleId: number,
  values: { state: HeadingState; headingCount?: number | null; error?: string | null },
): Promise<void> {
  const at = now();
  const set = {
    state: values.state,
    ...(values.headingCount !== undefined ? { headingCount: values.headingCount } : {}),
    ...(values.error !== undefined ? { error: values.error } : {}),
    ...(values.state !== "analyzing" ? { analyzedAt: at } : {}),
    updatedAt: at,
  };
  await db
    .insert(articleHeadings)
    .values({ articleId, ...set })
    .onConflictDoUpdate({
      target: articleHeadings.articleId,
      set,
      setWhere: sql`${articleHeadings.state} <> 'converted'`,
    });
}

export type AnalyzeOutcome =
  | { outcome: "analyzed"; count: number }
  | { outcome: "skipped" }
  | { outcome: "error"; error: string };

/** Analyzes one article (state analyzing → pending with its count, or error). Converted ones are skipped. */
export async function analyzeArticle(
  db: DbOrTx,
  article: { id: number; content: string },
): Promise<AnalyzeOutcome> {
  const [existing] = await db
    .select({ state: articleHeadings.state })
    .from(articleHeadings)
    .where(eq(articleHeadings.articleId, article.id));
  if (existing?.state === "converted") return { outcome: "skipped" };
  await saveAnalysis(db, article.id, { state: "analyzing" });
  try {
    const { headings } = planConversion(article.content);
    await saveAnalysis(db, article.id, { state: "pending", headingCount: headings.length, error: null });
    return { outcome: "analyzed", count: headings.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await saveAnalysis(db, article.id, { state: "error", error: message.slice(0, 500) });
    return { outcome: "error", error: message };
  }
}

export type ConvertOutcome =
  | { outcome: "converted"; count: number }
  | { outcome: "nothing" }
  | { outcome: "already"; count: number }
  | { outcome: "skipped" }
  | { outcome: "missing" };

/**
 * Converts one article in a transaction: the article row is locked, its content replaced by the
 * headed version, and the previous content kept for a restore. Idempotent: an article already
 * converted is left alone. `skipRestored`: leave articles an editor restored by hand ("Convert all").
 */
export async function convertArticle(
  db: DbOrTx,
  id: number,
  options: { skipRestored?: boolean } = {},
): Promise<ConvertOutcome> {
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ content: articles.content })
      .from(articles)
      .where(eq(articles.id, id))
      .for("update");
    if (!article) return { outcome: "missing" } as const;
    const [state] = await tx
      .select({
        state: articleHeadings.state,
        headingCount: articleHeadings.headingCount,
        restoredAt: articleHeadings.restoredAt,
      })
      .from(articleHeadings)
      .where(eq(articleHeadings.articleId, id))
      .for("update");
    if (state?.state === "converted") return { outcome: "already", count: state.headingCount ?? 0 } as const;
    if (options.skipRestored && state?.restoredAt) return { outcome: "skipped" } as const;
    const plan = planConversion(article.content);
    const at = now();
    if (plan.headings.length === 0) {
      await saveAnalysis(tx, id, { state: "pending", headingCount: 0, error: null });
      return { outcome: "nothing" } as const;
    }
    // A new version: a form opened before the conversion must not save over it (decision 193).
    await tx
      .update(articles)
      .set({ content: plan.html, updatedAt: at, version: sql`${articles.version} + 1` })
      .where(eq(articles.id, id));
    const values = {
      state: "converted" as const,
      headingCount: plan.headings.length,
      previousContent: article.content,
      convertedHash: contentHash(plan.html),
      error: null,
      analyzedAt: at,
      convertedAt: at,
      restoredAt: null,
      updatedAt: at,
    };
    await tx
      .insert(articleHeadings)
      .values({ articleId: id, ...values })
      .onConflictDoUpdate({ target: articleHeadings.articleId, set: values });
    return { outcome: "converted", count: plan.headings.length } as const;
  });
}

/**
 * "Convert all" looked at these articles and found nothing to convert: recorded as analysed with
 * no headings (one statement for the lot), never over a converted article.
 */
export async function recordNothingToConvert(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const at = now();
  await db
    .insert(articleHeadings)
    .values(
      ids.map((articleId) => ({
        articleId,
        state: "pending" as const,
        headingCount: 0,
        analyzedAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: articleHeadings.articleId,
      set: { state: "pending", headingCount: 0, error: null, analyzedAt: at, updatedAt: at },
      setWhere: sql`${articleHeadings.state} <> 'converted'`,
    });
}

/** Records a conversion that failed (the job goes on with the next article). */
export async function markConversionError(db: DbOrTx, id: number, error: string): Promise<void> {
  await saveAnalysis(db, id, { state: "error", error: error.slice(0, 500) });
}

export type RestoreOutcome =
  | { outcome: "restored" }
  | { outcome: "not-converted" }
  | { outcome: "edited" }
  | { outcome: "missing" };

/**
 * Puts back the content a conversion replaced — only while the article is exactly as the
 * conversion left it (an edit made since would otherwise be lost). The article is then pending
 * again, marked as restored, so "Convert all" leaves it alone.
 */
export async function restoreArticle(db: DbOrTx, id: number): Promise<RestoreOutcome> {
  return db.transaction(async (tx) => {
    const [article] = await tx
      .select({ content: articles.content })
      .from(articles)
      .where(eq(articles.id, id))
      .for("update");
    if (!article) return { outcome: "missing" } as const;
    const [state] = await tx
      .select({
        state: articleHeadings.state,
        previousContent: articleHeadings.previousContent,
        convertedHash: articleHeadings.convertedHash,
      })
      .from(articleHeadings)
      .where(eq(articleHeadings.articleId, id))
      .for("update");
    if (state?.state !== "converted" || state.previousContent === null)
      return { outcome: "not-converted" } as const;
    if (contentHash(article.content) !== state.convertedHash) return { outcome: "edited" } as const;
    const at = now();
    await tx
      .update(articles)
      .set({ content: state.previousContent, updatedAt: at, version: sql`${articles.version} + 1` })
      .where(eq(articles.id, id));
    await tx
      .update(articleHeadings)
      .set({
        state: "pending",
        headingCount: planConversion(state.previousContent).headings.length,
        previousContent: null,
        convertedHash: null,
        convertedAt: null,
        restoredAt: at,
        error: null,
        updatedAt: at,
      })
      .where(eq(articleHeadings.articleId, id));
    return { outcome: "restored" } as const;
  });
}

// --- What the background job reads -----------------------------------------------------------------

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
    .set({ state: "pending", updatedAt: now() })
    .where(eq(articleHeadings.state, "analyzing"));
}

/** Whether any article was ever restored (for the screen's explanation). */
export async function anyRestored(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: articleHeadings.articleId })
    .from(articleHeadings)
    .where(isNotNull(articleHeadings.restoredAt))
    .limit(1);
  return Boolean(row);
}
