/**
 * Media that carries its words, and knows where it is used (decision 196): the alt text and
 * caption stored with a file (used by default wherever it is inserted), and the places that use
 * the file — articles (main image or content), banners, companies, listings' photos are their own,
 * the settings' default images and the pop-up — shown before it is deleted.
 */
import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articles, banners, companies, mediaFiles, siteSettings } from "~/db/schema";
import type { Bucket } from "~/integrations/storage/storage";

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
