/**
 * The public search's results: the rows behind the ranked ids, each kind built into hits with its
 * public path (the area's own URL helper), facts and a snippet, the matched words marked.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { pickColumns } from "~/db/pick-columns";
import { articles, companies, forumComments, forumTopics, listings } from "~/db/schema";
import { articlePath } from "~/domain/articles/slug";
import { COMPANY_BASICS } from "~/domain/companies/queries.server";
import { textOf } from "~/domain/headings/blocks";
import { formatPay, formatPlace, formatPrice, listingPath } from "~/domain/listings/format";
import { bestSnippet, highlight, type Segment } from "./highlight";
import type { SearchKind } from "./kinds";
import type { SearchTerm } from "./normalize";
import { containsAll, type Patterns } from "./sources.server";

export type SearchHit = {
  kind: SearchKind;
  id: number;
  /** The public path (built by the area's own URL helper). */
  href: string;
  title: Segment[];
  /** Short facts under the title (category, author, place, price…), matched words marked. */
  facts: Segment[][];
  /**
   * Company names among them (the title of a company, the employer of a job): the page marks them
   * to stay as the company wrote them in either script (decision 261).
   */
  names?: { title?: true; fact?: number };
  /** Publication, approval or last activity; the page formats it. */
  date: Date | null;
  snippet: Segment[];
  /** Set when the snippet is a forum comment's, not the topic's: the comment's author. */
  snippetAuthor?: Segment[];
};

function inOrder<T extends { id: number }>(rows: T[], ids: readonly number[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const folded = (terms: readonly SearchTerm[]) => terms.flatMap((t) => t.marks);

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
    .select(pickColumns(companies, [...COMPANY_BASICS, "services", "specialties"]))
    .from(companies)
    .where(inArray(companies.id, ids));
  const f = folded(terms);
  return inOrder(rows, ids).map((c) => {
    const place = formatPlace(c.location ?? "", c.state ?? "");
    return {
      kind: "kompanije",
      id: c.id,
      names: { title: true },
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
    .select(
      pickColumns(listings, [
        "id",
        "kind",
        "title",
        "description",
        "city",
        "state",
        "companyName",
        "make",
        "model",
        "payMin",
        "payMax",
        "payUnit",
        "priceCents",
        "approvedAt",
      ]),
    )
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
      names: l.kind === "job" && l.companyName ? { fact: 0 } : undefined,
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

export function hitsOf(
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
