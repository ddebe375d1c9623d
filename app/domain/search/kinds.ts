/**
 * What the public search finds (docs/decisions/200), one kind per public area, in the order the
 * results page shows them. The URL names a kind by its Serbian word: `/pretraga?q=…&vrsta=poslovi`.
 */
import { isOneOf } from "~/lib/one-of";

export const SEARCH_KINDS = ["clanci", "kompanije", "poslovi", "kupoprodaja", "forum"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  clanci: "Vesti i oglasi",
  kompanije: "Kompanije",
  poslovi: "Poslovi",
  kupoprodaja: "Kupoprodaja",
  forum: "Forum",
};

/** `?vrsta=`: a kind, or null for the overview of all kinds. */
export function parseSearchKind(value: string | null | undefined): SearchKind | null {
  return isOneOf(SEARCH_KINDS, value) ? value : null;
}

/** Results of one kind per page (a kind's tab). */
export const SEARCH_PAGE_SIZE = 20;
/** Results of each kind on the overview ("Sve"). */
export const SEARCH_OVERVIEW_SIZE = 3;
/**
 * Matches are counted up to this many per kind ("više od 1.000"), and paging stops there: a
 * query cannot make the database read more than this many rows of a kind, however it is paged.
 */
export const SEARCH_COUNT_CAP = 1000;
export const SEARCH_MAX_PAGE = SEARCH_COUNT_CAP / SEARCH_PAGE_SIZE;

/** A kind's count as the page shows it: exact, or "more than the cap". */
export type SearchCount = { total: number; capped: boolean };
