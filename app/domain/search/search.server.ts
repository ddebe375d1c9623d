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
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/db/client.server";
import { articles, companies, forumComments, forumTopics, listings } from "~/db/schema";
import { articlePath } from "~/domain/articles/slug";
import { articleIsPublic } from "~/domain/articles/visibility.server";
import { textOf } from "~/domain/headings/detect";
import { formatPay, formatPlace, formatPrice, listingPath } from "~/domain/listings/format";
import { liveWhere } from "~/domain/listings/listings.server";
import { bestSnippet, highlight, type Segment } from "./highlight";
import {
  SEARCH_COUNT_CAP,
  SEARCH_KINDS,
  SEARCH_OVERVIEW_SIZE,
  SEARCH_PAGE_SIZE,
  type SearchCount,
  type SearchKind,
} from "./kinds";
import type { SearchTerm } from "./normalize";

export type SearchHit = {
  kind: SearchKind;
  id: number;
  /** The public path (built by the area's own URL helper). */
  href: string;
  title: Segment[];
  /** Short facts under the title (category, author, place, price…), matched words marked. */
  facts: Segment[][];
  /** Publication, approval or last activity; the page formats it. */
  date: Date | null;
  snippet: Segment[];
  /** Set when the snippet is a forum comment's, not the topic's: the comment's author. */
  snippetAuthor?: Segment[];
};

export type KindResults = { kind: SearchKind; count: SearchCount; hits: SearchHit[] };

// --- Conditions --------------------------------------------------------------------------------

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
function containsAll(column: AnyPgColumn, patterns: Patterns): SQL {
  return and(...patterns.map((p) => sql`${column} LIKE ${p}`)) as SQL;
}

type Source = {
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

const SOURCES: Record<SearchKind, Source> = {
  clanci: {
    table: articles,
    id: articles.id,
    at: articles.publishedDate,
    visible: () => articleIsPublic,
    match: (p) => containsAll(articles.searchText, p),
    title: (p) => containsAll(articles.searchTitle, p),
  },
  kompanije: {
    table: companies,
    id: companies.id,
    at: companies.createdAt,
    visible: () => eq(companies.active, true),
    match: (p) => containsAll(companies.searchText, p),
    title: (p) => containsAll(companies.searchTitle, p),
  },
  poslovi: {
    table: listings,
    id: listings.id,
    at: listings.approvedAt,
    visible: (now) => and(liveWhere(now), eq(listings.kind, "job")) as SQL,
    match: (p) => containsAll(listings.searchText, p),
    title: (p) => containsAll(listings.searchTitle, p),
  },
  kupoprodaja: {
    table: listings,
    id: listings.id,
    at: listings.approvedAt,
    visible: (now) => and(liveWhere(now), eq(listings.kind, "sale")) as SQL,
    match: (p) => containsAll(listings.searchText, p),
    title: (p) => containsAll(listings.searchTitle, p),
  },
  forum: {
    table: forumTopics,
    id: forumTopics.id,
    at: forumTopics.lastActivityAt,
    visible: () => eq(forumTopics.status, "approved"),
    match: (p) =>
      sql`(${containsAll(forumTopics.searchText, p)} or ${forumTopics.id} in (${commentsMatch(p)}))`,
    title: (p) => containsAll(forumTopics.searchTitle, p),
  },
};

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

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

// --- The rows behind the ids -------------------------------------------------------------------

function inOrder<T extends { id: number }>(rows: T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const folded = (terms: readonly SearchTerm[]) => terms.map((t) => t.folded);

async function articleHits(db: DbOrTx, ids: number[], terms: readonly SearchTerm[]): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      category: articles.category,
      author: articles.author,
      excerpt: articles.excerpt,
      content: articles.content,
      publishedDate: articles.publishedDate,
    })
    .from(articles)
    .where(inArray(articles.id, ids));
  const f = folded(terms);
  return inOrder(rows, ids).map((a) => ({
    kind: "clanci",
    id: a.id,
    href: articlePath(a),
    title: highlight(a.title, f),
    facts: [[{ text: a.category, hit: false }], ...(a.author ? [highlight(a.author, f)] : [])],
    date: a.publishedDate,
    snippet: bestSnippet([a.excerpt, textOf(a.content)], f),
  }));
}

async function companyHits(db: DbOrTx, ids: number[], terms: readonly SearchTerm[]): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      description: companies.description,
      category: companies.category,
      location: companies.location,
      state: companies.state,
      services: companies.services,
      specialties: companies.specialties,
    })
    .from(companies)
    .where(inArray(companies.id, ids));
  const f = folded(terms);
  return inOrder(rows, ids).map((c) => {
    const place = formatPlace(c.location ?? "", c.state ?? "");
    return {
      kind: "kompanije",
      id: c.id,
      href: `/kompanije/${c.id}`,
      title: highlight(c.name, f),
      facts: [c.category ? highlight(c.category, f) : [], place ? highlight(place, f) : []].filter(
        (fact) => fact.length > 0,
      ),
      date: null,
      snippet: bestSnippet([c.description ?? "", [...c.services, ...c.specialties].join(", ")], f),
    };
  });
}

async function listingHits(
  db: DbOrTx,
  kind: "poslovi" | "kupoprodaja",
  ids: number[],
  terms: readonly SearchTerm[],
): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: listings.id,
      kind: listings.kind,
      title: listings.title,
      description: listings.description,
      city: listings.city,
      state: listings.state,
      companyName: listings.companyName,
      make: listings.make,
      model: listings.model,
      payMin: listings.payMin,
      payMax: listings.payMax,
      payUnit: listings.payUnit,
      priceCents: listings.priceCents,
      approvedAt: listings.approvedAt,
    })
    .from(listings)
    .where(inArray(listings.id, ids));
  const f = folded(terms);
  return inOrder(rows, ids).map((l) => {
    const place = highlight(formatPlace(l.city, l.state), f);
    const facts =
      l.kind === "job"
        ? [
            highlight(l.companyName ?? "", f),
            place,
            [{ text: formatPay(l.payMin, l.payMax, l.payUnit) ?? "", hit: false }],
          ]
        : [
            [{ text: formatPrice(l.priceCents), hit: false }],
            highlight([l.make, l.model].filter(Boolean).join(" "), f),
            place,
          ];
    return {
      kind,
      id: l.id,
      href: listingPath(l),
      title: highlight(l.title, f),
      facts: facts.filter((fact) => fact.some((s) => s.text !== "")),
      date: l.approvedAt,
      snippet: bestSnippet([l.description], f),
    };
  });
}

async function forumHits(
  db: DbOrTx,
  ids: number[],
  terms: readonly SearchTerm[],
  patterns: Patterns,
): Promise<SearchHit[]> {
  const rows = await db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      content: forumTopics.content,
      author: forumTopics.author,
      lastActivityAt: forumTopics.lastActivityAt,
    })
    .from(forumTopics)
    .where(inArray(forumTopics.id, ids));
  const f = folded(terms);
  const hits = inOrder(rows, ids).map(
    (t): SearchHit => ({
      kind: "forum",
      id: t.id,
      href: `/forum/${t.id}`,
      title: highlight(t.title, f),
      facts: [highlight(t.author, f)],
      date: t.lastActivityAt,
      snippet: bestSnippet([t.content], f),
    }),
  );
  // Topics found through a comment show that comment (the newest approved one that matches).
  const viaComment = hits.filter((h) => !h.title.some((s) => s.hit) && !h.snippet.some((s) => s.hit));
  if (viaComment.length > 0) {
    const comments = await db
      .selectDistinctOn([forumComments.topicId], {
        topicId: forumComments.topicId,
        content: forumComments.content,
        author: forumComments.author,
      })
      .from(forumComments)
      .where(
        and(
          inArray(
            forumComments.topicId,
            viaComment.map((h) => h.id),
          ),
          eq(forumComments.status, "approved"),
          containsAll(forumComments.searchText, patterns),
        ),
      )
      .orderBy(forumComments.topicId, sql`${forumComments.createdAt} desc`);
    for (const comment of comments) {
      const hit = viaComment.find((h) => h.id === comment.topicId);
      if (!hit) continue;
      hit.snippet = bestSnippet([comment.content], f);
      hit.snippetAuthor = highlight(comment.author, f);
    }
  }
  return hits;
}

function hitsOf(
  db: DbOrTx,
  kind: SearchKind,
  ids: number[],
  terms: readonly SearchTerm[],
  patterns: Patterns,
): Promise<SearchHit[]> {
  if (ids.length === 0) return Promise.resolve([]);
  switch (kind) {
    case "clanci":
      return articleHits(db, ids, terms);
    case "kompanije":
      return companyHits(db, ids, terms);
    case "poslovi":
    case "kupoprodaja":
      return listingHits(db, kind, ids, terms);
    case "forum":
      return forumHits(db, ids, terms, patterns);
  }
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
