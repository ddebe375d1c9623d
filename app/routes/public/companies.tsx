import { data, Form, Link, useNavigation } from "react-router";
import { CompanyFilterFields } from "~/components/companies/company-filters";
import { CompanyLogo } from "~/components/companies/company-logo";
import { Pagination } from "~/components/pagination";
import { buttonClass } from "~/components/ui/button";
import { DIRECTORY_PAGE_SIZE, parseCompanyFilters } from "~/domain/companies/constants";
import { listCompanies } from "~/domain/companies/queries.server";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { getSettings } from "~/domain/settings/settings.server";
import { publicOrigin } from "~/http/public-origin.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { parsePage, resultCountLine, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/companies";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseCompanyFilters(params);
  const page = parsePage(params.get("page"));
  const db = getDb();
  const [settings, { rows, total }] = await Promise.all([
    getSettings(db),
    listCompanies(db, { ...filters, activeOnly: true, order: "name", page, pageSize: DIRECTORY_PAGE_SIZE }),
  ]);
  // A page past the last one is a 404, as on /vesti (never "Prikazano 193–182 od 182").
  if (page > totalPagesOf(total, DIRECTORY_PAGE_SIZE)) throw data(null, { status: 404 });
  const filtered = filters.search !== "" || filters.category !== "" || filters.state !== "";
  return {
    rows,
    total,
    page,
    filters,
    defaultImage: settings.defaultCompanyImage,
    // A filtered list is not a page of its own for search engines.
    canonicalUrl: filtered ? null : `${publicOrigin(request)}/kompanije${page > 1 ? `?page=${page}` : ""}`,
  };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: "Kompanije — Balkan Vozači" },
  {
    name: "description",
    content:
      "Imenik kompanija naše zajednice u Americi: prevoznici, logistika, servisi, osiguranje i još mnogo toga.",
  },
  ...(d?.canonicalUrl ? canonicalLinks(d.canonicalUrl) : []),
];

export default function CompanyDirectory({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, filters, defaultImage } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/kompanije";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Kompanije</h1>
          <p className="mt-1 text-slate-600">Prevoznici, logistika, servisi i usluge naše zajednice.</p>
        </div>
        <Link to="/kompanije/nova" className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          Dodajte svoju kompaniju
        </Link>
      </div>

      <Form
        method="get"
        role="search"
        className="mt-5 grid gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[1fr_13rem_11rem_auto]"
      >
        <CompanyFilterFields filters={filters} placeholder="Pretražite po nazivu…" />
        <button type="submit" className={buttonClass("primary", "md")} disabled={loading}>
          Traži
        </button>
      </Form>

      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {resultCountLine(page, DIRECTORY_PAGE_SIZE, total)}
        {filters.search || filters.category || filters.state ? (
          <>
            {" · "}
            <Link to="/kompanije" className="font-medium text-brand-700 underline">
              Poništi filtere
            </Link>
          </>
        ) : null}
      </p>

      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
          Nema kompanija za izabrane filtere.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((c, i) => (
            <li key={c.id}>
              <Link
                to={`/kompanije/${c.id}`}
                className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow"
              >
                <CompanyLogo
                  logo={c.logo}
                  fallback={defaultImage}
                  name={c.name}
                  eager={i < 4}
                  className="h-14 w-14 shrink-0 rounded-lg border border-slate-100"
                />
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">{c.name}</h2>
                  {c.category ? (
                    <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">
                      {c.category}
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm text-slate-600">
                    {[c.location, c.state].filter(Boolean).join(", ")}
                  </p>
                  {c.description ? (
                    <p className="mt-1 line-clamp-2 text-sm text-slate-500">{c.description}</p>
                  ) : null}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pagination page={page} totalPages={totalPagesOf(total, DIRECTORY_PAGE_SIZE)} />
      </div>
    </div>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
