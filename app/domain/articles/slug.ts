/**
 * Article URLs (spec §5, "Article URL slug helper"): `/article/{slug}-{id}`.
 *
 * - Cyrillic is transliterated to Latin (Serbian: ђ→dj, ж→z, љ→lj, њ→nj, ћ→c, ч→c, џ→dz, ш→s) and
 *   the Latin diacritics folded the same way (š→s, č→c, ć→c, ž→z, đ→dj); the text is lowercased.
 * - Only a-z, 0-9 and hyphens are kept, at most 100 characters.
 * - Fewer than 3 characters falls back to `article-{id}`.
 * - The id is the numeric suffix after the last hyphen, so `/article/{id}`, `/article/{slug}-{id}`
 *   and an old or edited slug all resolve to the same article (the page redirects to the canonical
 *   form).
 *
 * Pure and shared by the browser, the server and the demo seeder.
 */
import { cyrillicToLatin } from "~/domain/cyrillic/alphabet";

/** Serbian Latin diacritics → ASCII, the way Serbian URLs and e-mail addresses write them. */
const ASCII_FOLD: Record<string, string> = { č: "c", ć: "c", š: "s", ž: "z", đ: "dj" };

export const SLUG_MAX_LENGTH = 100;
export const SLUG_MIN_LENGTH = 3;

/** Serbian Cyrillic → Serbian Latin, keeping case ("Љубав" → "Ljubav"); other characters kept. */
export { cyrillicToLatin };

/**
 * The slug of any text, without the article fallback: transliterated, folded to ASCII, lowercased,
 * runs of anything else turned into one hyphen, trimmed of hyphens, at most 100 characters.
 * May be empty or shorter than 3 characters.
 */
export function slugText(text: string): string {
  return cyrillicToLatin(text)
    .toLowerCase()
    .replace(/[čćšžđ]/g, (c) => ASCII_FOLD[c])
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}

/** The article's slug: the title's slug, or `article-{id}` when that has fewer than 3 characters. */
export function slugify(title: string, id: number): string {
  const slug = slugText(title);
  return slug.length < SLUG_MIN_LENGTH ? `article-${id}` : slug;
}

type LinkableArticle = { id: number; title: string; slug?: string | null };

/**
 * The canonical URL segment of an article: `{slug}-{id}`, where the slug is the stored one (an
 * editor may have chosen it; it is normalised again here) or else the title's. The fallback slug
 * already ends with the id, so a short title gives `article-{id}`, not `article-{id}-{id}`.
 */
export function articleParam(article: LinkableArticle): string {
  const stored = article.slug ? slugText(article.slug) : "";
  const slug = stored.length >= SLUG_MIN_LENGTH ? stored : slugify(article.title, article.id);
  return slug === `article-${article.id}` ? slug : `${slug}-${article.id}`;
}

/** `/article/{slug}-{id}` — the one URL every link to an article uses. */
export function articlePath(article: LinkableArticle): string {
  return `/article/${articleParam(article)}`;
}

/** PostgreSQL `serial` ids are 32-bit. */
const MAX_ID = 2_147_483_647;

/**
 * The article id in a URL segment: the whole segment when it is a number, else the numeric suffix
 * after the last hyphen. Anything else (no suffix, zero, out of range) is null.
 */
export function parseArticleParam(param: string): number | null {
  const match = /^(?:.*-)?(\d{1,10})$/.exec(param);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * `/tag/{slug}`: a tag's page. The slug is the one the database keeps beside the tag
 * (`articles.tag_slugs`, made by `slug_text` exactly like `slugText`), docs/decisions/201.
 */
export function tagPath(slug: string): string {
  return `/tag/${slug}`;
}
