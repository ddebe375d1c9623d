/**
 * The heading converter's writes (spec §4 Heading conversion per article, §7 articles). Detection
 * itself is the pure `detect.ts`; this module keeps each article's state in `article_headings`
 * (docs/decisions/101), analyses one article, converts one in a transaction that keeps the
 * previous content, and restores it. The screen's list is `list.server.ts`, the preview
 * `preview.server.ts`, the jobs' reads `batch.server.ts`.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleHeadings, articles, type HeadingState } from "~/db/schema";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { convertHeadings, type DetectedHeading } from "./detect";

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

/**
 * Locks an article and then its heading state (always in this order, so two writers never wait on
 * each other); null when the article does not exist.
 */
async function lockArticle(tx: DbOrTx, id: number) {
  const [article] = await tx
    .select({ content: articles.content })
    .from(articles)
    .where(eq(articles.id, id))
    .for("update");
  if (!article) return null;
  const [state] = await tx
    .select()
    .from(articleHeadings)
    .where(eq(articleHeadings.articleId, id))
    .for("update");
  return { article, state: state ?? null };
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
    const locked = await lockArticle(tx, id);
    if (!locked) return { outcome: "missing" } as const;
    const { article, state } = locked;
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
    const locked = await lockArticle(tx, id);
    if (!locked) return { outcome: "missing" } as const;
    const { article, state } = locked;
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
