/**
 * The search's conditions (docs/decisions/200): the query's terms folded by the database, and each
 * kind's source — its table, its area's public predicate, its match and title-match conditions.
 */
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/db/client.server";
import { articles, companies, forumComments, forumTopics, listings } from "~/db/schema";
import { articleIsPublic } from "~/domain/articles/visibility.server";
import { listedWhere } from "~/domain/listings/listings.server";
import { SEARCH_PERIOD_DAYS, type SearchFilters, type SearchKind } from "./kinds";
import type { SearchTerm } from "./normalize";

/**
 * The query's terms as the database folds them: per term, the `LIKE` patterns of what was typed
 * (`%term%`, with \, % and _ taken literally) and the regular expressions of the other spellings
 * of a place it names (at a word's start, decision 260). Folded once per request by `search_norm`
 * itself, so the big statements compare stored columns with constants and the planner sees the
 * patterns it needs for the trigram indexes (pg_trgm serves `LIKE` and `~` alike).
 */
export type TermPatterns = {
  like: readonly string[];
  /** A place's form: found by `like` (its `%form%`), then checked to start a word by `regex`. */
  wordStart: readonly { like: string; regex: string }[];
};
export type Patterns = readonly TermPatterns[];

const likePattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const wordStartPattern = (folded: string) => `\\m${folded.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;

export async function foldTerms(db: DbOrTx, terms: readonly SearchTerm[]): Promise<Patterns> {
  const forms = terms.flatMap((t, i) => t.forms.map((form) => ({ term: i, ...form })));
  if (forms.length === 0) return [];
  const columns = forms.map((f, i) => sql`search_norm(${f.text}) as ${sql.identifier(`f${i}`)}`);
  const [row] = rowsOf<Record<string, string>>(await db.execute(sql`select ${sql.join(columns, sql`, `)}`));
  const patterns = terms.map(() => ({
    like: [] as string[],
    wordStart: [] as TermPatterns["wordStart"][number][],
  }));
  forms.forEach((form, i) => {
    const folded = row?.[`f${i}`] ?? "";
    if (folded === "") return;
    if (form.wordStart) {
      patterns[form.term].wordStart.push({ like: likePattern(folded), regex: wordStartPattern(folded) });
    } else {
      patterns[form.term].like.push(likePattern(folded));
    }
  });
  return patterns.filter((p) => p.like.length + p.wordStart.length > 0);
}

/**
 * Every term occurs in a stored, normalised text column (any of its forms). A place's form is
 * `LIKE` first — cheap, and what the trigram index narrows by — and only the rows that hold it are
 * checked by the regular expression (written in that order, PostgreSQL evaluates it so: a regular
 * expression over every candidate's kilobyte of text cost five times the `LIKE`).
 */
export function containsAll(column: AnyPgColumn, patterns: Patterns): SQL {
  return and(
    ...patterns.map((term) => {
      const forms = [
        ...term.like.map((p) => sql`${column} LIKE ${p}`),
        ...term.wordStart.map((p) => sql`(${column} LIKE ${p.like} and ${column} ~ ${p.regex})`),
      ];
      return forms.length === 1 ? forms[0] : sql`(${sql.join(forms, sql` or `)})`;
    }),
  ) as SQL;
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
  /** The kind's filters (decision 260), or undefined when none is set. */
  filter?(filters: SearchFilters, now: Date): SQL | undefined;
};

/** The rows of a kind a search may show: its public predicate and the filters set. */
export function inScope(source: Source, now: Date, filters?: SearchFilters): SQL {
  const filter = filters && source.filter?.(filters, now);
  return filter ? (and(source.visible(now), filter) as SQL) : source.visible(now);
}

/** A listing's state and (buy/sell) category, as the filters set them. */
function listingFilter(filters: SearchFilters): SQL | undefined {
  return and(
    filters.state ? eq(listings.state, filters.state) : undefined,
    filters.category ? eq(listings.saleCategory, filters.category) : undefined,
  );
}

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
  visible: (now) => and(listedWhere(now), eq(listings.kind, kind)) as SQL,
  filter: listingFilter,
});

export const SOURCES: Record<SearchKind, Source> = {
  clanci: {
    ...searchable(articles, articles.publishedDate),
    visible: () => articleIsPublic,
    filter: ({ period }, now) =>
      period
        ? gte(articles.publishedDate, new Date(now.getTime() - SEARCH_PERIOD_DAYS[period] * 86_400_000))
        : undefined,
  },
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
