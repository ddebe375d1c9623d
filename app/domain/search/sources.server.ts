/**
 * The search's conditions (docs/decisions/200): the query's terms folded by the database, and each
 * kind's source — its table, its area's public predicate, its match and title-match conditions.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/db/client.server";
import { articles, companies, forumComments, forumTopics, listings } from "~/db/schema";
import { articleIsPublic } from "~/domain/articles/visibility.server";
import { liveWhere } from "~/domain/listings/listings.server";
import type { SearchKind } from "./kinds";
import type { SearchTerm } from "./normalize";

/**
 * The query's terms as the database folds them, each made a `LIKE` pattern (`%term%`, with \, %
 * and _ taken literally). Folded once per request by `search_norm` itself, so the big statements
 * compare stored columns with constants and the planner sees the patterns it needs for the
 * trigram indexes.
 */
export type Patterns = readonly string[];

export async function foldTerms(db: DbOrTx, terms: readonly SearchTerm[]): Promise<Patterns> {
  if (terms.length === 0) return [];
  const columns = terms.map((t, i) => sql`search_norm(${t.text}) as ${sql.identifier(`t${i}`)}`);
  const [row] = rowsOf<Record<string, string>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  return terms
    .map((_, i) => row?.[`t${i}`] ?? "")
    .filter((folded) => folded !== "")
    .map((folded) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every pattern occurs in a stored, normalised text column. */
export function containsAll(column: AnyPgColumn, patterns: Patterns): SQL {
  return and(...patterns.map((p) => sql`${column} LIKE ${p}`)) as SQL;
}

export type Source = {
  table: PgTable;
  id: AnyPgColumn;
  /** Recency: newest first. */
  at: AnyPgColumn;
  visible(now: Date): SQL;
  /** A match: every term in the stored search text. */
  match(patterns: Patterns): SQL;
  /** Ranked first: every term in the stored, normalised title (a company's name). */
  title(patterns: Patterns): SQL;
};

/** Approved comments of the topic that hold every term (a topic is found by its comments too). */
function commentsMatch(patterns: Patterns): SQL {
  return sql`select ${forumComments.topicId} from ${forumComments} where ${forumComments.status} = 'approved' and ${containsAll(forumComments.searchText, patterns)}`;
}

/** The parts of a source every searchable table shares: its stored `searchText` and `searchTitle`. */
function searchable(
  table: PgTable & { id: AnyPgColumn; searchText: AnyPgColumn; searchTitle: AnyPgColumn },
  at: AnyPgColumn,
): Omit<Source, "visible"> {
  return {
    table,
    id: table.id,
    at,
    match: (p) => containsAll(table.searchText, p),
    title: (p) => containsAll(table.searchTitle, p),
  };
}

const listingSource = (kind: "job" | "sale"): Source => ({
  ...searchable(listings, listings.approvedAt),
  visible: (now) => and(liveWhere(now), eq(listings.kind, kind)) as SQL,
});

export const SOURCES: Record<SearchKind, Source> = {
  clanci: { ...searchable(articles, articles.publishedDate), visible: () => articleIsPublic },
  kompanije: { ...searchable(companies, companies.createdAt), visible: () => eq(companies.active, true) },
  poslovi: listingSource("job"),
  kupoprodaja: listingSource("sale"),
  forum: {
    ...searchable(forumTopics, forumTopics.lastActivityAt),
    visible: () => eq(forumTopics.status, "approved"),
    match: (p) =>
      sql`(${containsAll(forumTopics.searchText, p)} or ${forumTopics.id} in (${commentsMatch(p)}))`,
  },
};

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
