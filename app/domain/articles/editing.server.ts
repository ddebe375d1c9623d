/**
 * Saving the article form (issue 20, decisions 192 and 193), in one transaction:
 *
 * - a save made from an older version than the stored one is refused (`stale`, with who saved
 *   the newer one and when) unless the editor chose to keep theirs as a new revision (`force`):
 *   never a silent overwrite;
 * - the version grows, and the saved version is kept as a revision (the first save of an article
 *   without revisions also keeps the version it started from);
 * - a scheduled article gets (or moves) its publish job;
 * - a publish or a move back to draft revokes the article's preview links (decision 291);
 * - the editor's autosaved draft of this form is deleted: it is saved now.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleAutosaves, articles } from "~/db/schema";
import { columnsOf } from "./admin.server";
import { previewRevocationOf, revokeArticlePreviewLinks } from "./preview-link.server";
import {
  countRevisions,
  insertRevision,
  latestRevision,
  pruneRevisions,
  type RevisionAuthor,
} from "./revisions.server";
import { schedulePublishJob } from "./scheduling.server";
import { type ArticleInput, statusOfIntent } from "./validation";

export type SaveArticleInput = {
  /** null: a new article. */
  id: number | null;
  input: ArticleInput;
  author: { id: number; name: string };
  /** The version the form was opened at (edits only). */
  baseVersion: number | null;
  /** Save over a newer version (the editor chose "keep mine as a new revision"). */
  force?: boolean;
};

export type StaleInfo = { version: number; savedBy: string; savedAt: Date };

export type SaveArticleResult =
  | { ok: true; id: number; version: number; status: ArticleInput["status"]; created: boolean }
  | { ok: false; code: "not-found" }
  | { ok: false; code: "stale"; current: StaleInfo };

/** The columns a revision keeps, as read back from the article. */
const revisionColumns = {
  title: articles.title,
  excerpt: articles.excerpt,
  content: articles.content,
  featuredImage: articles.featuredImage,
  status: articles.status,
  publishedDate: articles.publishedDate,
};

const revisionFieldsOf = (row: {
  title: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  status: ArticleInput["status"];
  publishedDate: Date;
}) => ({
  title: row.title,
  excerpt: row.excerpt,
  content: row.content,
  featuredImage: row.featuredImage,
  status: row.status,
  publishedDate: row.publishedDate,
});

async function deleteAutosave(db: DbOrTx, userId: number, articleId: number | null) {
  await db
    .delete(articleAutosaves)
    .where(
      and(
        eq(articleAutosaves.userId, userId),
        articleId === null ? isNull(articleAutosaves.articleId) : eq(articleAutosaves.articleId, articleId),
      ),
    );
}

export async function saveArticle(db: DbOrTx, save: SaveArticleInput): Promise<SaveArticleResult> {
  const author: RevisionAuthor = save.author;
  // The rule of decision 192 holds whoever calls: a publish with a future date is scheduled.
  const status = statusOfIntent(
    save.input.status === "draft" ? "draft" : "publish",
    save.input.publishedDate,
  );
  const columns = { ...columnsOf(save.input), status };
  return db.transaction(async (tx) => {
    if (save.id === null) {
      const [row] = await tx
        .insert(articles)
        .values(columns)
        .returning({ id: articles.id, version: articles.version });
      await insertRevision(tx, {
        articleId: row.id,
        fields: revisionFieldsOf(columns),
        kind: "save",
        author,
      });
      if (columns.status === "scheduled") await schedulePublishJob(tx, row.id, columns.publishedDate);
      await deleteAutosave(tx, save.author.id, null);
      return { ok: true, id: row.id, version: row.version, status: columns.status, created: true } as const;
    }
    const [current] = await tx
      .select({ version: articles.version, updatedAt: articles.updatedAt, ...revisionColumns })
      .from(articles)
      .where(eq(articles.id, save.id))
      .for("update");
    if (!current) return { ok: false, code: "not-found" } as const;
    if (save.baseVersion !== null && save.baseVersion !== current.version && !save.force) {
      const last = await latestRevision(tx, save.id);
      return {
        ok: false,
        code: "stale",
        current: {
          version: current.version,
          savedBy: last?.createdByName ?? "",
          savedAt: last?.createdAt ?? current.updatedAt,
        },
      } as const;
    }
    if ((await countRevisions(tx, save.id)) === 0) {
      await insertRevision(tx, {
        articleId: save.id,
        fields: revisionFieldsOf(current),
        kind: "original",
        author: null,
        at: current.updatedAt,
      });
    }
    const [updated] = await tx
      .update(articles)
      .set({ ...columns, version: sql`${articles.version} + 1`, updatedAt: new Date() })
      .where(eq(articles.id, save.id))
      .returning({ version: articles.version });
    await insertRevision(tx, {
      articleId: save.id,
      fields: revisionFieldsOf(columns),
      kind: save.force && save.baseVersion !== current.version ? "conflict" : "save",
      author,
    });
    await pruneRevisions(tx, save.id);
    if (columns.status === "scheduled") await schedulePublishJob(tx, save.id, columns.publishedDate);
    const revoke = previewRevocationOf(current.status, columns.status);
    if (revoke) await revokeArticlePreviewLinks(tx, save.id, revoke);
    await deleteAutosave(tx, save.author.id, save.id);
    return {
      ok: true,
      id: save.id,
      version: updated.version,
      status: columns.status,
      created: false,
    } as const;
  });
}

/** "Otkaži zakazivanje": a scheduled article goes back to draft (its job then finds nothing to do). */
export async function unscheduleArticle(
  db: DbOrTx,
  input: { id: number; author: { id: number; name: string } },
): Promise<{ ok: true; version: number } | { ok: false; code: "not-found" | "not-scheduled" }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(articles)
      .set({ status: "draft", version: sql`${articles.version} + 1`, updatedAt: new Date() })
      .where(and(eq(articles.id, input.id), eq(articles.status, "scheduled")))
      .returning({ version: articles.version, ...revisionColumns });
    if (!row) {
      const [exists] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, input.id));
      return { ok: false, code: exists ? "not-scheduled" : "not-found" } as const;
    }
    await insertRevision(tx, {
      articleId: input.id,
      fields: revisionFieldsOf(row),
      kind: "save",
      author: input.author,
    });
    await pruneRevisions(tx, input.id);
    await revokeArticlePreviewLinks(tx, input.id, "draft");
    return { ok: true, version: row.version } as const;
  });
}
