/**
 * What the public search finds (docs/decisions/200), one kind per public area, in the order the
 * results page shows them. The URL names a kind by its Serbian word: `/pretraga?q=…&vrsta=poslovi`.
 */
import { US_STATES } from "~/domain/companies/constants";
import { SALE_CATEGORIES, type SaleCategory } from "~/domain/listings/options";
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

// --- Filters (decision 260) -----------------------------------------------------------------------

/** News by the date of publication: `?period=`. */
export const SEARCH_PERIODS = ["nedelja", "mesec", "godina"] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];
export const SEARCH_PERIOD_LABELS: Record<SearchPeriod, string> = {
  nedelja: "Poslednja nedelja",
  mesec: "Poslednji mesec",
  godina: "Poslednja godina",
};
export const SEARCH_PERIOD_DAYS: Record<SearchPeriod, number> = { nedelja: 7, mesec: 30, godina: 365 };

/**
 * What narrows one kind's results, from the URL: the state (`?drzava=Ohio`) for jobs and buy/sell,
 * the category (`?kategorija=truck`, the codes of the buy/sell list's filter) for buy/sell, the
 * period (`?period=mesec`) for news. A filter the kind has not, or an unknown value, is ignored.
 */
export type SearchFilters = {
  state: string | null;
  category: SaleCategory | null;
  period: SearchPeriod | null;
};

export const NO_SEARCH_FILTERS: SearchFilters = { state: null, category: null, period: null };

/** The filters each kind offers. */
export const KIND_FILTERS: Record<SearchKind, readonly (keyof SearchFilters)[]> = {
  clanci: ["period"],
  kompanije: [],
  poslovi: ["state"],
  kupoprodaja: ["category", "state"],
  forum: [],
};

/** The URL parameter of each filter. */
export const FILTER_PARAMS: Record<keyof SearchFilters, string> = {
  state: "drzava",
  category: "kategorija",
  period: "period",
};

export function parseSearchFilters(kind: SearchKind | null, params: URLSearchParams): SearchFilters {
  const offered = kind ? KIND_FILTERS[kind] : [];
  const value = (filter: keyof SearchFilters) =>
    offered.includes(filter) ? params.get(FILTER_PARAMS[filter]) : null;
  const state = value("state");
  const category = value("category");
  const period = value("period");
  return {
    state: isOneOf(US_STATES, state) ? state : null,
    category: isOneOf(SALE_CATEGORIES, category) ? category : null,
    period: isOneOf(SEARCH_PERIODS, period) ? period : null,
  };
}

export function hasSearchFilters(filters: SearchFilters): boolean {
  return filters.state !== null || filters.category !== null || filters.period !== null;
}

/** A value of a filter with how many of the kind's matches have it (the first 1,001 counted). */
export type FacetCount = { value: string; count: number };
/** The values a kind's results can be narrowed to, each with its count, most first. */
export type SearchFacets = { state?: FacetCount[]; category?: FacetCount[] };
