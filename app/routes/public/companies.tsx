import { data, useNavigation } from "react-router";
import { CompanyCard } from "~/components/companies/company-card";
import { CompanyFilterBar, hasCompanyFilters } from "~/components/companies/company-filters";
import { PublicListPage } from "~/components/public/list-page";
import { buttonClass } from "~/components/ui/button";
import { DIRECTORY_PAGE_SIZE, parseCompanyFilters } from "~/domain/companies/constants";
import { listCompanies } from "~/domain/companies/queries.server";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { getCachedSettings } from "~/domain/settings/cache.server";
import { publicOrigin } from "~/http/public-origin.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/companies";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseCompanyFilters(params);
  const page = parsePage(params.get("page"));
  const db = getDb();
  const [settings, { rows, total }] = await Promise.all([
    getCachedSettings(db),
    listCompanies(db, { ...filters, activeOnly: true, order: "name", page, pageSize: DIRECTORY_PAGE_SIZE }),
  ]);
  // A page past the last one is a 404, as on /vesti (never "Prikazano 193–182 od 182").
  if (page > totalPagesOf(total, DIRECTORY_PAGE_SIZE)) throw data(null, { status: 404 });
  const filtered = hasCompanyFilters(filters);
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
  const { rows, filters, defaultImage } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/kompanije";
  return (
    <PublicListPage
      className="max-w-6xl"
      title="Kompanije"
      intro="Prevoznici, logistika, servisi i usluge naše zajednice."
      add={{ to: "/kompanije/nova", label: "Dodajte svoju kompaniju" }}
      search={
        <CompanyFilterBar
          filters={filters}
          placeholder="Pretražite po nazivu…"
          className="mt-5 grid gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[1fr_13rem_11rem_auto]"
        >
          <button type="submit" className={buttonClass("primary", "md")} disabled={loading}>
            Traži
          </button>
        </CompanyFilterBar>
      }
      list={loaderData}
      pageSize={DIRECTORY_PAGE_SIZE}
      reset={hasCompanyFilters(filters) ? { to: "/kompanije", label: "Poništi filtere" } : null}
    >
      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
          Nema kompanija za izabrane filtere.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((company, i) => (
            <li key={company.id}>
              <CompanyCard company={company} defaultImage={defaultImage} eager={i < 4} />
            </li>
          ))}
        </ul>
      )}
    </PublicListPage>
  );
}

export { PublicRouteError as ErrorBoundary } from "~/components/public/route-error";
