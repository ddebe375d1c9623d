import { Link } from "react-router";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/public/search-form";
import {
  CapNotice,
  resultsPhrase,
  SearchFilterBar,
  SearchHitList,
  SearchTabs,
  searchHref,
} from "~/components/public/search-results";
import {
  hasSearchFilters,
  parseSearchFilters,
  parseSearchKind,
  SEARCH_KIND_LABELS,
  SEARCH_MAX_PAGE,
} from "~/domain/search/kinds";
import { parseSearchQuery, SEARCH_MAX_LENGTH } from "~/domain/search/normalize";
import { searchKind, searchOverview } from "~/domain/search/search.server";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { parsePage } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/search";

/**
 * `/pretraga?q=…[&vrsta=…][&page=N]`: the site search (docs/decisions/200). Without `vrsta`, the
 * best few results of every kind with their counts; with it, that kind's results, 20 a page,
 * narrowed by its filters (`drzava`, `kategorija`, `period`: decision 260). Nothing typed, too
 * little typed, or nothing found are pages with a Serbian explanation, never an error; the page is
 * never indexed.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseSearchQuery(url.searchParams.get("q"));
  const kind = parseSearchKind(url.searchParams.get("vrsta"));
  const db = getDb();
  const { siteName } = await getCachedSettings(db);
  const none = { overview: null, kindPage: null, requestedPage: 1 };
  if (query.status !== "ok") return { siteName, query, kind, ...none };
  if (kind) {
    const requestedPage = parsePage(url.searchParams.get("page"));
    const filters = parseSearchFilters(kind, url.searchParams);
    const kindPage = await searchKind(db, kind, query.terms, {
      page: Math.min(requestedPage, SEARCH_MAX_PAGE),
      filters,
    });
    return { siteName, query, kind, ...none, kindPage, requestedPage };
  }
  const overview = await searchOverview(db, query.terms);
  return { siteName, query, kind, ...none, overview };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE, "X-Robots-Tag": "noindex, follow" };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const siteName = data?.siteName ?? "Balkan Vozači";
  const q = data?.query.text;
  return [
    { title: q ? `Pretraga: ${q} — ${siteName}` : `Pretraga — ${siteName}` },
    { name: "description", content: "Pretraga vesti, kompanija, poslova, kupoprodaje i foruma." },
    { name: "robots", content: "noindex, follow" },
  ];
};

/** A long query in the heading: its first 60 characters (the field below holds all of it). */
function shortened(text: string): string {
  const chars = Array.from(text);
  return chars.length > 60 ? `${chars.slice(0, 60).join("").trimEnd()}…` : text;
}

function Tips() {
  return (
    <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
      <li>
        {/* The examples show both scripts: each carries its own language, so the page's script pass
            leaves it as written (docs/decisions/211). */}
        Pišite latinicom ili ćirilicom, sa kvačicama ili bez njih: „<span lang="sr-Latn">vozac</span>“ nalazi
        i „<span lang="sr-Latn">vozač</span>“ i „<span lang="sr-Cyrl">возач</span>“.
      </li>
      <li>Probajte kraću ili opštiju reč, ili samo deo reči („kamion“ nalazi i „kamioni“).</li>
      <li>Za tačan izraz stavite reči pod navodnike: "polovni kamioni".</li>
    </ul>
  );
}

type SearchData = Route.ComponentProps["loaderData"];

/** All kinds at once: each kind's first hits, with a link to all of them. */
function OverviewGroups({ q, groups }: { q: string; groups: NonNullable<SearchData["overview"]>["groups"] }) {
  return (
    <>
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`rezultati-${group.kind}`} className="mt-8">
          <h2 id={`rezultati-${group.kind}`} className="text-lg font-bold text-slate-900">
            {SEARCH_KIND_LABELS[group.kind]}{" "}
            <span className="text-sm font-normal text-slate-500">({resultsPhrase(group.count)})</span>
          </h2>
          <SearchHitList hits={group.hits} headingLevel={3} />
          {group.count.total > group.hits.length ? (
            <Link
              to={searchHref(q, group.kind)}
              className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline"
            >
              Svi rezultati u kategoriji {SEARCH_KIND_LABELS[group.kind]} ({resultsPhrase(group.count)}) →
            </Link>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** One kind's page of hits (`?vrsta=`): its filters, its count, its hits and its pagination. */
function KindPage({
  q,
  kindPage,
  requestedPage,
}: {
  q: string;
  kindPage: NonNullable<SearchData["kindPage"]>;
  requestedPage: number;
}) {
  const label = SEARCH_KIND_LABELS[kindPage.kind];
  const filtered = hasSearchFilters(kindPage.filters);
  return (
    <section aria-label={label} className="mt-4">
      <SearchFilterBar q={q} kind={kindPage.kind} filters={kindPage.filters} facets={kindPage.facets} />
      <CapNotice count={kindPage.count} requestedPage={requestedPage} page={kindPage.page} />
      {kindPage.hits.length === 0 ? (
        <p className="py-6 text-slate-600">
          {filtered
            ? `U kategoriji ${label} nema rezultata za „${q}“ uz izabrane filtere.`
            : `U kategoriji ${label} nema rezultata za „${q}“.`}
        </p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-500">
            {`${label}: ${resultsPhrase(kindPage.count)}${
              kindPage.totalPages > 1 ? `, strana ${kindPage.page} od ${kindPage.totalPages}` : ""
            }`}
          </p>
          <SearchHitList hits={kindPage.hits} headingLevel={2} />
        </>
      )}
      <div className="mt-6 flex justify-center">
        <Pagination page={kindPage.page} totalPages={kindPage.totalPages} label="Stranice rezultata" />
      </div>
    </section>
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, kind, overview, kindPage, requestedPage } = loaderData;
  const counts = overview?.counts ?? kindPage?.counts ?? null;
  const found = counts ? Object.values(counts).some((c) => c.total > 0) : false;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {query.status === "ok" ? (
          <>
            Pretraga: <span className="break-words">„{shortened(query.text)}“</span>
          </>
        ) : (
          "Pretraga"
        )}
      </h1>
      <SearchForm variant="page" kind={kind} className="mt-4" />

      {query.truncated ? (
        <p role="status" className="mt-3 text-sm text-amber-800">
          Upit je predugačak: pretraženo je prvih {SEARCH_MAX_LENGTH} znakova.
        </p>
      ) : null}
      {query.status === "ok" && query.ignored.length > 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Preskočeno (prekratko ili previše reči): {query.ignored.join(", ")}.
        </p>
      ) : null}

      {query.status === "empty" ? (
        <section className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-slate-900">Unesite pojam za pretragu</h2>
          <p className="mt-1 text-sm text-slate-600">
            Pretražujemo vesti i oglase, kompanije, poslove, kupoprodaju i forum.
          </p>
          <Tips />
        </section>
      ) : null}

      {query.status === "too-short" ? (
        <section role="status" className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-5">
          <h2 className="text-lg font-semibold text-amber-900">Upit je prekratak</h2>
          <p className="mt-1 text-sm text-amber-900">Unesite bar jednu reč od najmanje 3 slova ili cifre.</p>
        </section>
      ) : null}

      {counts && found ? <SearchTabs q={query.text} current={kind} counts={counts} /> : null}

      {counts && !found ? (
        <section role="status" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="text-lg font-semibold text-slate-900">
            Nema rezultata za „<span className="break-words">{shortened(query.text)}</span>“
          </h2>
          <Tips />
        </section>
      ) : null}

      {overview && found ? <OverviewGroups q={query.text} groups={overview.groups} /> : null}
      {kindPage && found ? (
        <KindPage q={query.text} kindPage={kindPage} requestedPage={requestedPage} />
      ) : null}
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
