import { Fragment } from "react";
import { Link } from "react-router";
import { BrandName } from "~/components/brand-name";
import { cn } from "~/components/ui/cn";
import { countOf } from "~/domain/forum/rules";
import { SALE_CATEGORY_LABELS, type SaleCategory } from "~/domain/listings/options";
import type { Segment } from "~/domain/search/highlight";
import {
  type FacetCount,
  FILTER_PARAMS,
  SEARCH_COUNT_CAP,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_PERIOD_LABELS,
  SEARCH_PERIODS,
  type SearchCount,
  type SearchFacets,
  type SearchFilters,
  type SearchKind,
} from "~/domain/search/kinds";
import type { SearchHit } from "~/domain/search/search.server";
import { formatDate } from "~/lib/dates";

/**
 * The search results (docs/decisions/200): a tab per kind with its count, then either the best few
 * of every kind or one kind's page. Matched words are `<mark>` elements around plain text — every
 * character goes through React's escaping, none is ever inserted as HTML.
 */

const numberFormat = new Intl.NumberFormat("sr-Latn");

/** "57", or "1.000+" past the counting cap. */
export function countLabel(count: SearchCount): string {
  return `${numberFormat.format(count.total)}${count.capped ? "+" : ""}`;
}

/** "1 rezultat", "3 rezultata", "više od 1.000 rezultata". */
export function resultsPhrase(count: SearchCount): string {
  if (count.capped) return `više od ${numberFormat.format(count.total)} rezultata`;
  return countOf(count.total, ["rezultat", "rezultata", "rezultata"]);
}

export function Highlighted({ segments }: { segments: readonly Segment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.hit ? (
          <mark key={i} className="bg-amber-100 font-semibold text-slate-900">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

/** Matched words in a text that may be a company's name (kept as written, decision 261). */
function Name({ segments, isName }: { segments: readonly Segment[]; isName: boolean }) {
  const highlighted = <Highlighted segments={segments} />;
  return isName ? (
    <BrandName name={segments.map((s) => s.text).join("")}>{highlighted}</BrandName>
  ) : (
    highlighted
  );
}

/**
 * `/pretraga?q=…&vrsta=…[&drzava=…&kategorija=…&period=…]`: the tabs', "all results" and filter
 * links keep the query (and a filter link the kind's other filters); the page starts again at 1.
 */
export function searchHref(q: string, kind: SearchKind | null, filters?: SearchFilters): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set("vrsta", kind);
  if (filters) {
    for (const [filter, param] of Object.entries(FILTER_PARAMS) as [keyof SearchFilters, string][]) {
      const value = filters[filter];
      if (value) params.set(param, value);
    }
  }
  return `/pretraga?${params.toString()}`;
}

export function SearchTabs({
  q,
  current,
  counts,
}: {
  q: string;
  current: SearchKind | null;
  counts: Record<SearchKind, SearchCount>;
}) {
  const all = SEARCH_KINDS.reduce(
    (sum, kind) => ({ total: sum.total + counts[kind].total, capped: sum.capped || counts[kind].capped }),
    { total: 0, capped: false },
  );
  const tabs: { kind: SearchKind | null; label: string; count: SearchCount }[] = [
    { kind: null, label: "Sve", count: all },
    ...SEARCH_KINDS.map((kind) => ({ kind, label: SEARCH_KIND_LABELS[kind], count: counts[kind] })),
  ];
  return (
    <nav aria-label="Vrste rezultata" className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1 text-sm">
        {tabs.map((tab) => {
          const active = tab.kind === current;
          return (
            <li key={tab.kind ?? "sve"}>
              <Link
                to={searchHref(q, tab.kind)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2.5",
                  active
                    ? "border-brand-600 font-semibold text-brand-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                  tab.count.total === 0 && !active && "text-slate-400",
                )}
              >
                {tab.label}
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs",
                    active ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-600",
                  )}
                >
                  {countLabel(tab.count)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function SearchHitItem({ hit, headingLevel }: { hit: SearchHit; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const date = hit.date ? new Date(hit.date) : null;
  return (
    <article className="py-4">
      <Heading className="text-base font-semibold leading-snug sm:text-lg">
        <Link to={hit.href} className="text-brand-700 hover:underline">
          <Name segments={hit.title} isName={hit.names?.title === true} />
        </Link>
      </Heading>
      <p className="mt-1 text-xs text-slate-500">
        {hit.facts.map((fact, i) => (
          <Fragment key={i}>
            {i > 0 ? " · " : null}
            <Name segments={fact} isName={hit.names?.fact === i} />
          </Fragment>
        ))}
        {date ? (
          <>
            {hit.facts.length > 0 ? " · " : null}
            <time dateTime={date.toISOString()}>{formatDate(date)}</time>
          </>
        ) : null}
      </p>
      {hit.snippet.length > 0 ? (
        <p className="mt-1.5 text-sm leading-relaxed text-slate-700">
          {hit.snippetAuthor ? (
            <span className="font-medium text-slate-600">
              Komentar (<Highlighted segments={hit.snippetAuthor} />
              ):{" "}
            </span>
          ) : null}
          <Highlighted segments={hit.snippet} />
        </p>
      ) : null}
    </article>
  );
}

export function SearchHitList({ hits, headingLevel }: { hits: readonly SearchHit[]; headingLevel: 2 | 3 }) {
  return (
    <ol className="divide-y divide-slate-200">
      {hits.map((hit) => (
        <li key={`${hit.kind}-${hit.id}`}>
          <SearchHitItem hit={hit} headingLevel={headingLevel} />
        </li>
      ))}
    </ol>
  );
}

// --- Filters (decision 260) -----------------------------------------------------------------------

function FilterLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? "true" : undefined}
      className={cn(
        "inline-flex min-h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-3 text-sm",
        active
          ? "border-brand-600 bg-brand-600 font-semibold text-white"
          : "border-slate-300 bg-white text-slate-700 hover:border-brand-400 hover:text-brand-800",
      )}
    >
      {children}
    </Link>
  );
}

/** Values shown at once in a filter's row; the rest open under "Još …" (a state filter can have 50). */
const FILTER_ROW_SIZE = 5;

type FilterOption = { value: string; label: string; count?: number };

/**
 * One filter: "all", then each value — links, the current one marked, wrapping (under the filter's
 * name on a phone, beside it from 640 px). Past the first few values (the most frequent), the rest
 * are under a "Još …" disclosure (no JavaScript), so a phone sees the results soon.
 */
function FilterGroup({
  label,
  all,
  more,
  options,
  current,
  hrefFor,
}: {
  label: string;
  all: string;
  /** "Još 12 država": the disclosure's label for `n` more values. */
  more: (n: number) => string;
  options: FilterOption[];
  current: string | null;
  hrefFor: (value: string | null) => string;
}) {
  const link = (option: FilterOption) => (
    <FilterLink key={option.value} to={hrefFor(option.value)} active={current === option.value}>
      {option.label}
      {option.count !== undefined ? (
        <span className={cn("text-xs", current === option.value ? "text-brand-100" : "text-slate-500")}>
          {numberFormat.format(option.count)}
        </span>
      ) : null}
    </FilterLink>
  );
  const shown = options.slice(0, FILTER_ROW_SIZE);
  const rest = options.slice(FILTER_ROW_SIZE);
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0 sm:flex sm:items-start sm:gap-3">
      <legend className="sr-only">{label}</legend>
      <span
        aria-hidden="true"
        className="block text-xs font-semibold uppercase tracking-wide text-slate-500 sm:w-28 sm:shrink-0 sm:pt-2.5"
      >
        {label}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap gap-1.5 py-1">
          <FilterLink to={hrefFor(null)} active={current === null}>
            {all}
          </FilterLink>
          {shown.map(link)}
        </div>
        {rest.length > 0 ? (
          <details className="group">
            <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-900 [&::-webkit-details-marker]:hidden">
              {more(rest.length)}
              <span aria-hidden="true" className="transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="flex flex-wrap gap-1.5 py-1">{rest.map(link)}</div>
          </details>
        ) : null}
      </div>
    </fieldset>
  );
}

/** A facet's values with their counts; the current value stays listed even without matches. */
function facetOptions(
  facet: readonly FacetCount[] | undefined,
  current: string | null,
  label: (value: string) => string,
) {
  const options = (facet ?? []).map((f) => ({ value: f.value, label: label(f.value), count: f.count }));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: label(current), count: 0 });
  return options;
}

/** The filters of one kind's results: links that keep the query and the other filters. */
export function SearchFilterBar({
  q,
  kind,
  filters,
  facets,
}: {
  q: string;
  kind: SearchKind;
  filters: SearchFilters;
  facets: SearchFacets;
}) {
  const hrefWith = (change: Partial<SearchFilters>) => searchHref(q, kind, { ...filters, ...change });
  const groups: React.ReactNode[] = [];
  if (kind === "clanci") {
    groups.push(
      <FilterGroup
        key="period"
        label="Vreme objave"
        all="Bilo kada"
        more={(n) => `Još ${n}`}
        options={SEARCH_PERIODS.map((p) => ({ value: p, label: SEARCH_PERIOD_LABELS[p] }))}
        current={filters.period}
        hrefFor={(period) => hrefWith({ period: period as SearchFilters["period"] })}
      />,
    );
  }
  if (kind === "kupoprodaja") {
    groups.push(
      <FilterGroup
        key="category"
        label="Kategorija"
        all="Sve kategorije"
        more={(n) => `Još ${n}`}
        options={facetOptions(
          facets.category,
          filters.category,
          (c) => SALE_CATEGORY_LABELS[c as SaleCategory],
        )}
        current={filters.category}
        hrefFor={(category) => hrefWith({ category: category as SearchFilters["category"] })}
      />,
    );
  }
  if (kind === "poslovi" || kind === "kupoprodaja") {
    groups.push(
      <FilterGroup
        key="state"
        label="Država"
        all="Sve države"
        more={(n) => `Još ${countOf(n, ["država", "države", "država"])}`}
        options={facetOptions(facets.state, filters.state, (s) => s)}
        current={filters.state}
        hrefFor={(state) => hrefWith({ state })}
      />,
    );
  }
  if (groups.length === 0) return null;
  return <div className="mt-4 space-y-3">{groups}</div>;
}

/** "prikazano prvih 1.000 — suzite pretragu": a kind counted past the cap shows only its first results. */
export function CapNotice({
  count,
  requestedPage,
  page,
}: {
  count: SearchCount;
  requestedPage: number;
  page: number;
}) {
  if (!count.capped) return null;
  const cap = numberFormat.format(SEARCH_COUNT_CAP);
  return (
    <p
      role="status"
      className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      {`${
        requestedPage > page
          ? `Strana ${requestedPage} je iza prvih ${cap} rezultata — prikazana je strana ${page}.`
          : `Više od ${cap} rezultata:`
      } prikazano prvih ${cap} — suzite pretragu.`}
    </p>
  );
}
