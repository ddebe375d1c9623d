/**
 * Article revisions (decision 193): every save keeps the version it wrote — title, excerpt,
 * content, main image, status and date, with who and when — in `article_revisions`; an article's
 * first save also keeps the version it started from. The panel lists them, shows what changed
 * against the version before (words added and removed) and restores one, which is itself a new
 * revision. Kept: the last REVISIONS_KEPT per article plus the newest of every day (New York),
 * pruned in one SQL statement after each write.
 */
import { diffWords } from "diff";
import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articleRevisions, articles } from "~/db/schema";
import type { StoredStatus } from "./list-query";

export const REVISIONS_KEPT = 50;

export type RevisionKind = "save" | "restore" | "original" | "conflict";

export type RevisionAuthor = { id: number; name: string } | null;

export type RevisionFields = {
  title: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  status: StoredStatus;
  publishedDate: Date;
};

export async function insertRevision(
  db: DbOrTx,
  input: {
    articleId: number;
    fields: RevisionFields;
    kind: RevisionKind;
    author: RevisionAuthor;
    restoredFrom?: number;
    at?: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(articleRevisions)
    .values({
      articleId: input.articleId,
      ...input.fields,
      kind: input.kind,
      restoredFrom: input.restoredFrom ?? null,
      createdBy: input.author?.id ?? null,
      createdByName: input.author?.name ?? "",
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .returning({ id: articleRevisions.id });
  return row.id;
}

/** Deletes what is past retention: beyond the newest REVISIONS_KEPT, all but the newest of each day. */
export async function pruneRevisions(db: DbOrTx, articleId: number, keep = REVISIONS_KEPT): Promise<void> {
  await db.execute(sql`
    delete from article_revisions where id in (
      select id from (
        select id,
          row_number() over (order by created_at desc, id desc) as rn,
          row_number() over (
            partition by (created_at at time zone 'America/New_York')::date
            order by created_at desc, id desc
          ) as day_rn
        from article_revisions where article_id = ${articleId}
      ) ranked
      where ranked.rn > ${keep} and ranked.day_rn > 1
    )`);
}

export async function countRevisions(db: DbOrTx, articleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId));
  return row.n;
}

export type RevisionSummary = {
  id: number;
  kind: RevisionKind;
  status: StoredStatus;
  title: string;
  createdAt: Date;
  createdByName: string;
  restoredFrom: number | null;
};

/** The panel's list: newest first. */
export function listRevisions(db: DbOrTx, articleId: number, limit = 100): Promise<RevisionSummary[]> {
  return db
    .select({
      id: articleRevisions.id,
      kind: articleRevisions.kind,
      status: articleRevisions.status,
      title: articleRevisions.title,
      createdAt: articleRevisions.createdAt,
      createdByName: articleRevisions.createdByName,
      restoredFrom: articleRevisions.restoredFrom,
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(limit);
}

/** The latest revision: who saved the version that is stored now, and when. */
export async function latestRevision(db: DbOrTx, articleId: number): Promise<RevisionSummary | null> {
  const [row] = await listRevisions(db, articleId, 1);
  return row ?? null;
}

const fieldColumns = {
  id: articleRevisions.id,
  title: articleRevisions.title,
  excerpt: articleRevisions.excerpt,
  content: articleRevisions.content,
  featuredImage: articleRevisions.featuredImage,
  status: articleRevisions.status,
  publishedDate: articleRevisions.publishedDate,
  createdAt: articleRevisions.createdAt,
};

async function revisionOf(db: DbOrTx, articleId: number, revisionId: number) {
  const [row] = await db
    .select(fieldColumns)
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.id, revisionId)));
  return row ?? null;
}

/** The text a reader sees in article HTML (tags out, blocks on their own lines, entities decoded). */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|blockquote|figcaption|pre|tr)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}

/** A word diff: runs of kept, added and removed text. */
export type DiffPart = { op: "same" | "added" | "removed"; text: string };

export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({
    op: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
}

export type RevisionDiff = {
  revision: { id: number; createdAt: Date };
  /** The version it is compared with (the one saved before it), or null for the first. */
  previous: { id: number; createdAt: Date } | null;
  title: DiffPart[];
  excerpt: DiffPart[];
  content: DiffPart[];
  /** Counts of words added and removed in the content. */
  added: number;
  removed: number;
  changed: { image: boolean; status: boolean; date: boolean };
  values: Pick<RevisionFields, "featuredImage" | "status" | "publishedDate">;
};

const wordsIn = (parts: DiffPart[], op: DiffPart["op"]) =>
  parts.filter((p) => p.op === op).reduce((n, p) => n + (p.text.match(/\S+/g)?.length ?? 0), 0);

/** What a revision changed against the revision saved before it. */
export async function revisionDiff(
  db: DbOrTx,
  articleId: number,
  revisionId: number,
): Promise<RevisionDiff | null> {
  const revision = await revisionOf(db, articleId, revisionId);
  if (!revision) return null;
  const [previous] = await db
    .select(fieldColumns)
    .from(articleRevisions)
    .where(
      and(
        eq(articleRevisions.articleId, articleId),
        or(
          lt(articleRevisions.createdAt, revision.createdAt),
          and(eq(articleRevisions.createdAt, revision.createdAt), lt(articleRevisions.id, revision.id)),
        ),
      ),
    )
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(1);
  const before = previous ?? {
    title: "",
    excerpt: "",
    content: "",
    featuredImage: null,
    status: null,
    publishedDate: null,
  };
  const content = wordDiff(htmlToText(before.content), htmlToText(revision.content));
  return {
    revision: { id: revision.id, createdAt: revision.createdAt },
    previous: previous ? { id: previous.id, createdAt: previous.createdAt } : null,
    title: wordDiff(before.title, revision.title),
    excerpt: wordDiff(before.excerpt, revision.excerpt),
    content,
    added: wordsIn(content, "added"),
    removed: wordsIn(content, "removed"),
    changed: {
      image: Boolean(previous) && before.featuredImage !== revision.featuredImage,
      status: Boolean(previous) && before.status !== revision.status,
      date: Boolean(previous) && before.publishedDate?.getTime() !== revision.publishedDate.getTime(),
    },
    values: {
      featuredImage: revision.featuredImage,
      status: revision.status,
      publishedDate: revision.publishedDate,
    },
  };
}

export type RestoreResult =
  | { ok: true; revisionId: number; version: number }
  | { ok: false; code: "not-found" };

/**
 * Brings back a revision's words and main image (title, excerpt, content, image) as a new save,
 * itself recorded as a revision; the article's publishing (status and date) stays as it is now —
 * restoring old words must not take a published article off the site or publish a draft.
 */
export async function restoreRevision(
  db: DbOrTx,
  input: { articleId: number; revisionId: number; author: RevisionAuthor },
): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const revision = await revisionOf(tx, input.articleId, input.revisionId);
    if (!revision) return { ok: false, code: "not-found" } as const;
    const [updated] = await tx
      .update(articles)
      .set({
        title: revision.title,
        excerpt: revision.excerpt,
        content: revision.content,
        featuredImage: revision.featuredImage,
        version: sql`${articles.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(articles.id, input.articleId))
      .returning({
        version: articles.version,
        status: articles.status,
        publishedDate: articles.publishedDate,
      });
    if (!updated) return { ok: false, code: "not-found" } as const;
    const revisionId = await insertRevision(tx, {
      articleId: input.articleId,
      fields: {
        title: revision.title,
        excerpt: revision.excerpt,
        content: revision.content,
        featuredImage: revision.featuredImage,
        status: updated.status,
        publishedDate: updated.publishedDate,
      },
      kind: "restore",
      restoredFrom: revision.id,
      author: input.author,
    });
    await pruneRevisions(tx, input.articleId);
    return { ok: true, revisionId, version: updated.version } as const;
  });
}
