/**
 * Tag pages (docs/decisions/201): `/tag/{slug}` lists the published articles that carry a tag. An
 * article's `tag_slugs` column holds the slug of each of its tags, made by the database
 * (`slug_text`: Cyrillic transliterated, diacritics dropped), so "parking" and "паркинг" are one
 * page, and the links on the article page use the very slugs the lookup compares.
 */
import { and, arrayContains, count, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { articles } from "~/db/schema";
import { cardColumns, listOrder, PUBLIC_PAGE_SIZE, type PublicArticleCard } from "./public.server";
import { cyrillicToLatin } from "./slug";
import { articleIsPublic } from "./visibility.server";

export type TagListPage = {
  /** The tag as editors wrote it (Latin when any article writes it in Latin). */
  name: string;
  items: PublicArticleCard[];
  total: number;
};

const tagged = (slug: string): SQL => and(articleIsPublic, arrayContains(articles.tagSlugs, [slug])) as SQL;
/** The tag of the row whose slug this is, as the article writes it. */
const tagNameOf = (slug: string) =>
  sql<string | null>`${articles.tags}[array_position(${articles.tagSlugs}, ${slug}::text)]`;

/** The name to show for a slug: the first Latin spelling among the articles, else transliterated. */
function displayName(names: readonly (string | null)[]): string {
  const written = names.filter((n): n is string => Boolean(n?.trim()));
  const latin = written.find((n) => cyrillicToLatin(n) === n);
  return (latin ?? cyrillicToLatin(written[0] ?? "")).trim();
}

/**
 * One page of a tag's published articles, newest first, with their total; null when no published
 * article has the tag. Answered by the GIN index on `tag_slugs`.
 */
export async function listTaggedArticles(
  db: DbOrTx,
  { slug, page, pageSize = PUBLIC_PAGE_SIZE }: { slug: string; page: number; pageSize?: number },
): Promise<TagListPage | null> {
  const where = tagged(slug);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...cardColumns,
        tagName: tagNameOf(slug),
      })
      .from(articles)
      .where(where)
      .orderBy(...listOrder)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  if (total === 0) return null;
  let names = rows.map((r) => r.tagName);
  if (names.length === 0) {
    // A page past the end: the name still comes from the newest article.
    const [first] = await db
      .select({ tagName: tagNameOf(slug) })
      .from(articles)
      .where(where)
      .orderBy(...listOrder)
      .limit(1);
    names = [first?.tagName ?? null];
  }
  return { name: displayName(names) || slug, items: rows.map(({ tagName: _, ...card }) => card), total };
}

// --- Sitemap -------------------------------------------------------------------------------------

const publishedTagSlugs = sql`from ${articles}, unnest(${articles.tagSlugs}) as t(slug) where ${articleIsPublic} and t.slug <> ''`;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many tag pages exist (distinct slugs of published articles). */
export async function countSitemapTags(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(distinct t.slug)::int as n ${publishedTagSlugs}`),
  );
  return Number(row?.n ?? 0);
}

/** A range of tag slugs in slug order, each with the newest change of its articles. */
export async function sitemapTags(
  db: DbOrTx,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = rowsOf<{ slug: string; updated_at: Date | string }>(
    await db.execute(
      sql`select t.slug, max(${articles.updatedAt}) as updated_at ${publishedTagSlugs} group by t.slug order by t.slug limit ${limit} offset ${offset}`,
    ),
  );
  return rows.map((r) => ({ slug: r.slug, updatedAt: new Date(r.updated_at) }));
}
