/**
 * Media that carries its words, and knows where it is used (decision 196): the alt text and
 * caption stored with a file (used by default wherever it is inserted), and the places that use
 * the file — articles (main image or content), banners, companies, listings' photos are their own,
 * the settings' default images and the pop-up — shown before it is deleted.
 */
import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { articleRevisions, articles, banners, companies, mediaFiles, siteSettings } from "~/db/schema";
import type { Bucket, Storage } from "~/integrations/storage/storage";
import { deleteMedia } from "./media.server";

export const MEDIA_WORD_LIMITS = { alt: 300, caption: 500 } as const;

/** Saves the alt text and caption of a file; null when there is no such file. */
export async function updateMediaWords(
  db: DbOrTx,
  input: { bucket: Bucket; name: string; alt: string; caption: string },
): Promise<{ before: { alt: string; caption: string } } | null> {
  const [before] = await db
    .select({ alt: mediaFiles.alt, caption: mediaFiles.caption })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, input.bucket), eq(mediaFiles.name, input.name)));
  if (!before) return null;
  await db
    .update(mediaFiles)
    .set({
      alt: input.alt.trim().slice(0, MEDIA_WORD_LIMITS.alt),
      caption: input.caption.trim().slice(0, MEDIA_WORD_LIMITS.caption),
      updatedAt: new Date(),
    })
    .where(and(eq(mediaFiles.bucket, input.bucket), eq(mediaFiles.name, input.name)));
  return { before };
}

export type MediaUsage = {
  articles: { id: number; title: string }[];
  articleCount: number;
  banners: { id: number; title: string }[];
  companies: { id: number; name: string }[];
  settings: string[];
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Where the file at `url` (`/media/{bucket}/{key}`) is used. Article content is searched with a
 * LIKE on the stored HTML (a delete confirmation, not a page view: one scan of the table, ~10 ms
 * at 5,000 articles); the rest are equality checks.
 */
export async function mediaUsage(db: DbOrTx, url: string, limit = 10): Promise<MediaUsage> {
  const inContent = sql`${articles.content} like ${`%${escapeLike(url)}%`}`;
  const articleWhere: SQL = or(eq(articles.featuredImage, url), inContent) as SQL;
  const [articleRows, [{ n }], bannerRows, companyRows, [settings]] = await Promise.all([
    db.select({ id: articles.id, title: articles.title }).from(articles).where(articleWhere).limit(limit),
    db.select({ n: count() }).from(articles).where(articleWhere),
    db
      .select({ id: banners.id, title: banners.title })
      .from(banners)
      .where(eq(banners.imageUrl, url))
      .limit(limit),
    db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.logo, url))
      .limit(limit),
    db
      .select({
        defaultArticleImage: siteSettings.defaultArticleImage,
        defaultCompanyImage: siteSettings.defaultCompanyImage,
        popupImage: siteSettings.popupImage,
      })
      .from(siteSettings)
      .limit(1),
  ]);
  const settingNames: string[] = [];
  if (settings?.defaultArticleImage === url) settingNames.push("Podrazumevana slika članka");
  if (settings?.defaultCompanyImage === url) settingNames.push("Podrazumevana slika kompanije");
  if (settings?.popupImage === url) settingNames.push("Pop-up slika");
  return {
    articles: articleRows,
    articleCount: n,
    banners: bannerRows,
    companies: companyRows,
    settings: settingNames,
  };
}

export function isUnused(usage: MediaUsage): boolean {
  return (
    usage.articleCount === 0 &&
    usage.banners.length === 0 &&
    usage.companies.length === 0 &&
    usage.settings.length === 0
  );
}

export type ReplacedUses = { articles: number; banners: number; companies: number; settings: number };

/** `"from"` → `"to"` in stored HTML: the URL as a whole attribute value, never part of another one. */
const quotedReplace = (
  column: typeof articles.content | typeof articleRevisions.content,
  from: string,
  to: string,
) => sql`replace(${column}, ${`"${from}"`}, ${`"${to}"`})`;

/**
 * Puts the file at `to` wherever the file at `from` is used (decision 295): articles' main image
 * and content (the `src`/`href` value as a whole), their revisions (so a restore never brings the
 * deleted file back), banners, company logos, the settings' default images and the pop-up. An
 * article changed here gets a new version, so a form open on its old content asks before saving
 * over it. One transaction: all places or none.
 */
export async function replaceMediaUses(db: DbOrTx, from: string, to: string): Promise<ReplacedUses> {
  const inContent = sql`strpos(${articles.content}, ${`"${from}"`}) > 0`;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(articles)
      .set({
        featuredImage: sql`case when ${articles.featuredImage} = ${from} then ${to} else ${articles.featuredImage} end`,
        content: quotedReplace(articles.content, from, to),
        version: sql`${articles.version} + 1`,
        updatedAt: new Date(),
      })
      .where(or(eq(articles.featuredImage, from), inContent))
      .returning({ id: articles.id });
    await tx
      .update(articleRevisions)
      .set({
        featuredImage: sql`case when ${articleRevisions.featuredImage} = ${from} then ${to} else ${articleRevisions.featuredImage} end`,
        content: quotedReplace(articleRevisions.content, from, to),
      })
      .where(
        or(
          eq(articleRevisions.featuredImage, from),
          sql`strpos(${articleRevisions.content}, ${`"${from}"`}) > 0`,
        ),
      );
    const bannerRows = await tx
      .update(banners)
      .set({ imageUrl: to, updatedAt: new Date() })
      .where(eq(banners.imageUrl, from))
      .returning({ id: banners.id });
    const companyRows = await tx
      .update(companies)
      .set({ logo: to, updatedAt: new Date() })
      .where(eq(companies.logo, from))
      .returning({ id: companies.id });
    let settings = 0;
    for (const column of ["defaultArticleImage", "defaultCompanyImage", "popupImage"] as const) {
      const rows = await tx
        .update(siteSettings)
        .set({ [column]: to })
        .where(eq(siteSettings[column], from))
        .returning({ id: siteSettings.id });
      settings += rows.length;
    }
    return {
      articles: changed.length,
      banners: bannerRows.length,
      companies: companyRows.length,
      settings,
    };
  });
}

export type MediaDeleteResult =
  | { ok: true; replaced: ReplacedUses | null }
  | { ok: false; code: "not-found" }
  | { ok: false; code: "in-use"; usage: MediaUsage }
  | { ok: false; code: "replacement-invalid" }
  | { ok: false; code: "failed"; reason: string };

/**
 * Deletes a library file, never leaving a page without its image (decision 295): a file that is
 * used somewhere is deleted only with a replacement — another image of the library — put in its
 * place everywhere first; without one the answer is `in-use` with where it is used.
 */
export async function deleteLibraryFile(
  db: Database,
  storage: Storage,
  input: { bucket: Bucket; name: string; replaceWith: string | null },
): Promise<MediaDeleteResult> {
  const [file] = await db
    .select({ url: mediaFiles.url })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, input.bucket), eq(mediaFiles.name, input.name)));
  if (!file) return { ok: false, code: "not-found" };
  const usage = await mediaUsage(db, file.url);
  let replaced: ReplacedUses | null = null;
  if (!isUnused(usage)) {
    if (!input.replaceWith) return { ok: false, code: "in-use", usage };
    const [replacement] = await db
      .select({ url: mediaFiles.url, mimeType: mediaFiles.mimeType })
      .from(mediaFiles)
      .where(eq(mediaFiles.url, input.replaceWith));
    if (!replacement || replacement.url === file.url || !replacement.mimeType.startsWith("image/")) {
      return { ok: false, code: "replacement-invalid" };
    }
    replaced = await replaceMediaUses(db, file.url, replacement.url);
  }
  const deleted = await deleteMedia(db, storage, input.bucket, input.name);
  if (!deleted.ok) {
    return deleted.code === "media.not_found"
      ? { ok: false, code: "not-found" }
      : { ok: false, code: "failed", reason: deleted.detail ?? "" };
  }
  return { ok: true, replaced };
}
