/**
 * One article's heading preview (spec §4 Heading conversion per article): before and after side by
 * side, the headings found, and whether it can be converted or restored.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleHeadings, articles, type HeadingState } from "~/db/schema";
import type { StoredStatus } from "~/domain/articles/list-query";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { convertHeadings, type DetectedHeading } from "./detect";
import { contentHash } from "./headings.server";

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
  const article = { id: row.id, title: row.title, status: row.status, slug: row.slug, state };
  if (state === "converted" && row.previousContent !== null) {
    // Before: what it was; after: what it is now, with the headings the conversion added marked.
    const previous = sanitizeArticleHtml(row.previousContent);
    const marked = convertHeadings(previous, { mark: true });
    const unchanged = contentHash(row.content) === row.convertedHash;
    return {
      ...article,
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
    ...article,
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
