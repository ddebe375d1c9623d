/**
 * The public search's queries (docs/decisions/200): published articles, active companies, live
 * jobs and buy/sell listings, approved forum topics (with their approved comments) — each through
 * its own area's public predicate, so the search can never show what the area's pages hide.
 *
 * Every kind has a stored, normalised search text (`search_norm`: Latin script, lowercase, no
 * diacritics, "dj" → "d") with a trigram index; a term matches when it occurs in it
 * (`LIKE '%term%'`, the database folding the term the same way), and a row matches when every
 * term does. Ranking: rows whose title (company name) holds every term first, then the rest; each
 * group newest first — two index-friendly queries instead of one sort over every match.
 *
 * A request costs a bounded amount of work: at most 5 terms, counts stop at SEARCH_COUNT_CAP + 1
 * rows, and no page reaches past the cap.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { listings } from "~/db/schema";
import { hitsOf, type SearchHit } from "./hits.server";
import {
  type FacetCount,
  hasSearchFilters,
  KIND_FILTERS,
  NO_SEARCH_FILTERS,
  SEARCH_COUNT_CAP,
  SEARCH_KINDS,
  SEARCH_OVERVIEW_SIZE,
  SEARCH_PAGE_SIZE,
  type SearchCount,
  type SearchFacets,
  type SearchFilters,
  type SearchKind,
} from "./kinds";
import type { SearchTerm } from "./normalize";
import { foldTerms, inScope, type Patterns, rowsOf, SOURCES } from "./sources.server";

export type { SearchHit } from "./hits.server";

export type KindResults = { kind: SearchKind; count: SearchCount; hits: SearchHit[] };

// --- Counting and ranking ----------------------------------------------------------------------

/**
 * Runs a search's statements in one transaction with sequential scans off. PostgreSQL prices a
 * LIKE over a kilobyte of article text like any cheap operator, so for a word in a tenth of the
 * articles it would rather read the whole table than recheck the trigram index's few hundred
 * candidates: at the demo's size, counting "osiguranje" (468 matches) took 37 ms that way and a
 * few with the index. Index scans in date order stay allowed (they serve the common words).
 */
function withIndexes<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}

/** Each kind's matches, counted up to one past the cap. */
export function countMatches(
  db: DbOrTx,
  terms: readonly SearchTerm[],
  now = new Date(),
): Promise<Record<SearchKind, SearchCount>> {
  return withIndexes(db, async (tx) => countFolded(tx, await foldTerms(tx, terms), now));
}

const NO_COUNTS = Object.fromEntries(
  SEARCH_KINDS.map((kind) => [kind, { total: 0, capped: false }]),
) as Record<SearchKind, SearchCount>;

/** Each kind's matches, counted up to one past the cap, in one statement. */
async function countFolded(
  db: DbOrTx,
  patterns: Patterns,
  now: Date,
): Promise<Record<SearchKind, SearchCount>> {
  if (patterns.length === 0) return NO_COUNTS;
  const columns = SEARCH_KINDS.map((kind) => {
    const s = SOURCES[kind];
    return sql`(select count(*) from (select 1 from ${s.table} where ${s.visible(now)} and ${s.match(patterns)} limit ${SEARCH_COUNT_CAP + 1}) as m)::int as ${sql.identifier(kind)}`;
  });
  const [row] = rowsOf<Record<SearchKind, number | string>>(
    await db.execute(sql`select ${sql.join(columns, sql`, `)}`),
  );
  const out = {} as Record<SearchKind, SearchCount>;
  for (const kind of SEARCH_KINDS) out[kind] = cappedCount(Number(row?.[kind] ?? 0));
  return out;
}

const cappedCount = (n: number): SearchCount => ({
  total: Math.min(n, SEARCH_COUNT_CAP),
  capped: n > SEARCH_COUNT_CAP,
});

/** One kind's matches within its filters, counted up to one past the cap. */
async function countFiltered(
  db: DbOrTx,
  kind: SearchKind,
  patterns: Patterns,
  filters: SearchFilters,
  now: Date,
): Promise<SearchCount> {
  const s = SOURCES[kind];
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${s.table} where ${inScope(s, now, filters)} and ${s.match(patterns)} limit ${SEARCH_COUNT_CAP + 1}) as m`,
    ),
  );
  return cappedCount(Number(row?.n ?? 0));
}

/** The columns of the listing filters a facet counts. */
const FACET_COLUMNS = { state: listings.state, category: listings.saleCategory } as const;

/**
 * The values each of a kind's listing filters can take among its matches (the other filters
 * applied), with their counts, most first — read from at most the first 1,001 matches, like the
 * counts, so no facet makes a request expensive.
 */
async function facetsOf(
  db: DbOrTx,
  kind: SearchKind,
  patterns: Patterns,
  filters: SearchFilters,
  now: Date,
): Promise<SearchFacets> {
  const s = SOURCES[kind];
  const facets: SearchFacets = {};
  for (const facet of KIND_FILTERS[kind]) {
    if (facet !== "state" && facet !== "category") continue;
    const column = FACET_COLUMNS[facet];
    const others = { ...filters, [facet]: null };
    const rows = rowsOf<{ value: string | null; n: number | string }>(
      await db.execute(
        sql`select value, count(*)::int as n from (select ${column} as value from ${s.table} where ${inScope(s, now, others)} and ${s.match(patterns)} limit ${SEARCH_COUNT_CAP + 1}) as m where value is not null group by value order by n desc, value`,
      ),
    );
    facets[facet] = rows.map((r): FacetCount => ({ value: String(r.value), count: Number(r.n) }));
  }
  return facets;
}

type RankedId = { kind: SearchKind; grp: number; id: number; at: number | null };

/**
 * The ids of ranks [offset, offset + limit) of each kind asked for: title matches first, then the
 * other matches, each group newest first. Both groups of every kind are read in one statement,
 * each group at most offset + limit rows, straight from the indexes' order.
 */
async function rankedIds(
  db: DbOrTx,
  kinds: readonly SearchKind[],
  patterns: Patterns,
  {
    offset,
    limit,
    now,
    filters = NO_SEARCH_FILTERS,
  }: { offset: number; limit: number; now: Date; filters?: SearchFilters },
): Promise<Map<SearchKind, number[]>> {
  const take = offset + limit;
  const branches = kinds.flatMap((kind) => {
    const s = SOURCES[kind];
    const order = sql`order by ${s.at} desc nulls last, ${s.id} desc limit ${take}`;
    const head = (grp: number) =>
      sql`select ${kind}::text as kind, ${grp}::int as grp, ${s.id} as id, extract(epoch from ${s.at})::float8 as at from ${s.table}`;
    const scope = inScope(s, now, filters);
    return [
      sql`(${head(0)} where ${scope} and ${s.title(patterns)} ${order})`,
      sql`(${head(1)} where ${scope} and ${s.match(patterns)} and not (${s.title(patterns)}) ${order})`,
    ];
  });
  const out = new Map<SearchKind, number[]>();
  if (branches.length === 0) return out;
  const rows = rowsOf<RankedId>(await db.execute(sql.join(branches, sql` union all `)));
  for (const kind of kinds) {
    const ranked = rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ grp: Number(r.grp), id: Number(r.id), at: r.at === null ? null : Number(r.at) }))
      .sort(
        (a, b) =>
          a.grp - b.grp ||
          (b.at ?? Number.NEGATIVE_INFINITY) - (a.at ?? Number.NEGATIVE_INFINITY) ||
          b.id - a.id,
      );
    out.set(
      kind,
      ranked.slice(offset, offset + limit).map((r) => r.id),
    );
  }
  return out;
}

// --- What the page asks for --------------------------------------------------------------------

export type SearchOverview = { counts: Record<SearchKind, SearchCount>; groups: KindResults[] };

/** "Sve": every kind's count and its best few results (kinds without a match are left out). */
export async function searchOverview(
  db: DbOrTx,
  terms: readonly SearchTerm[],
  { perKind = SEARCH_OVERVIEW_SIZE, now = new Date() }: { perKind?: number; now?: Date } = {},
): Promise<SearchOverview> {
  return withIndexes(db, async (tx) => {
    const patterns = await foldTerms(tx, terms);
    const counts = await countFolded(tx, patterns, now);
    const found = SEARCH_KINDS.filter((kind) => counts[kind].total > 0);
    const ids = await rankedIds(tx, found, patterns, { offset: 0, limit: perKind, now });
    // One after the other: a transaction is one connection (node-postgres refuses overlapping queries).
    const groups: KindResults[] = [];
    for (const kind of found) {
      groups.push({
        kind,
        count: counts[kind],
        hits: await hitsOf(tx, kind, ids.get(kind) ?? [], terms, patterns),
      });
    }
    return { counts, groups };
  });
}

export type SearchKindPage = {
  /** Every kind's matches, without this kind's filters (the tabs). */
  counts: Record<SearchKind, SearchCount>;
  kind: SearchKind;
  /** This kind's matches within its filters. */
  count: SearchCount;
  filters: SearchFilters;
  facets: SearchFacets;
  hits: SearchHit[];
  page: number;
  totalPages: number;
};

/**
 * One kind's tab: every kind's count (for the tabs), the kind's count within its filters, the
 * values its filters can take, and one page of its results. A page past the last (or past the cap)
 * shows the last one.
 */
export async function searchKind(
  db: DbOrTx,
  kind: SearchKind,
  terms: readonly SearchTerm[],
  {
    page,
    pageSize = SEARCH_PAGE_SIZE,
    now = new Date(),
    filters = NO_SEARCH_FILTERS,
  }: { page: number; pageSize?: number; now?: Date; filters?: SearchFilters },
): Promise<SearchKindPage> {
  return withIndexes(db, async (tx) => {
    const patterns = await foldTerms(tx, terms);
    const counts = await countFolded(tx, patterns, now);
    const count = hasSearchFilters(filters)
      ? await countFiltered(tx, kind, patterns, filters, now)
      : counts[kind];
    const facets = counts[kind].total > 0 ? await facetsOf(tx, kind, patterns, filters, now) : {};
    const totalPages = Math.max(1, Math.ceil(count.total / pageSize));
    const current = Math.min(Math.max(1, page), totalPages);
    const base = { counts, kind, count, filters, facets, totalPages };
    if (count.total === 0) return { ...base, hits: [], page: 1 };
    const ids = await rankedIds(tx, [kind], patterns, {
      offset: (current - 1) * pageSize,
      limit: pageSize,
      now,
      filters,
    });
    return { ...base, hits: await hitsOf(tx, kind, ids.get(kind) ?? [], terms, patterns), page: current };
  });
}
