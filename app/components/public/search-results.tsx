import { Fragment } from "react";
import { Link } from "react-router";
import { cn } from "~/components/ui/cn";
import { countOf } from "~/domain/forum/rules";
import type { Segment } from "~/domain/search/highlight";
import { SEARCH_KIND_LABELS, SEARCH_KINDS, type SearchCount, type SearchKind } from "~/domain/search/kinds";
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
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-slate-900">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

/** `/pretraga?q=…&vrsta=…`: the tabs' and "all results" links keep the query. */
export function searchHref(q: string, kind: SearchKind | null): string {
  const params = new URLSearchParams({ q });
  if (kind) params.set("vrsta", kind);
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
          <Highlighted segments={hit.title} />
        </Link>
      </Heading>
      <p className="mt-1 text-xs text-slate-500">
        {hit.facts.map((fact, i) => (
          <Fragment key={i}>
            {i > 0 ? " · " : null}
            <Highlighted segments={fact} />
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
