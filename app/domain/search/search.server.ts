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
import { hitsOf, type SearchHit } from "./hits.server";
import {
  SEARCH_COUNT_CAP,
  SEARCH_KINDS,
  SEARCH_OVERVIEW_SIZE,
  SEARCH_PAGE_SIZE,
  type SearchCount,
  type SearchKind,
} from "./kinds";
import type { SearchTerm } from "./normalize";
import { foldTerms, type Patterns, rowsOf, SOURCES } from "./sources.server";

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
  for (const kind of SEARCH_KINDS) {
    const n = Number(row?.[kind] ?? 0);
    out[kind] = { total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
  }
  return out;
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
  { offset, limit, now }: { offset: number; limit: number; now: Date },
): Promise<Map<SearchKind, number[]>> {
  const take = offset + limit;
  const branches = kinds.flatMap((kind) => {
    const s = SOURCES[kind];
    const order = sql`order by ${s.at} desc nulls last, ${s.id} desc limit ${take}`;
    const head = (grp: number) =>
      sql`select ${kind}::text as kind, ${grp}::int as grp, ${s.id} as id, extract(epoch from ${s.at})::float8 as at from ${s.table}`;
    return [
      sql`(${head(0)} where ${s.visible(now)} and ${s.title(patterns)} ${order})`,
      sql`(${head(1)} where ${s.visible(now)} and ${s.match(patterns)} and not (${s.title(patterns)}) ${order})`,
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
  counts: Record<SearchKind, SearchCount>;
  kind: SearchKind;
  hits: SearchHit[];
  page: number;
  totalPages: number;
};

/**
 * One kind's tab: every kind's count (for the tabs) and one page of this kind. A page past the
 * last (or past the cap) shows the last one.
 */
export async function searchKind(
  db: DbOrTx,
  kind: SearchKind,
  terms: readonly SearchTerm[],
  { page, pageSize = SEARCH_PAGE_SIZE, now = new Date() }: { page: number; pageSize?: number; now?: Date },
): Promise<SearchKindPage> {
  return withIndexes(db, async (tx) => {
    const patterns = await foldTerms(tx, terms);
    const counts = await countFolded(tx, patterns, now);
    const total = counts[kind].total;
    const totalPages = Math.max(1, Math.ceil(total / pageSize));
    const current = Math.min(Math.max(1, page), totalPages);
    if (total === 0) return { counts, kind, hits: [], page: 1, totalPages };
    const ids = await rankedIds(tx, [kind], patterns, {
      offset: (current - 1) * pageSize,
      limit: pageSize,
      now,
    });
    return {
      counts,
      kind,
      hits: await hitsOf(tx, kind, ids.get(kind) ?? [], terms, patterns),
      page: current,
      totalPages,
    };
  });
}
