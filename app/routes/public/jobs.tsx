import { data } from "react-router";
import { JobCard } from "~/components/listings/listing-card";
import { FilterSelect, ListingsPage } from "~/components/listings/listings-page";
import { PublicRouteError } from "~/components/public/route-error";
import { canonicalLinks } from "~/domain/cyrillic/urls";
import { hasJobFilters, parseJobFilters } from "~/domain/listings/filters";
import { listPublicJobs } from "~/domain/listings/listings.server";
import {
  EQUIPMENT_LABELS,
  EQUIPMENT_TYPES,
  JOB_POSITIONS,
  LISTINGS_PAGE_SIZE,
  optionsOf,
  POSITION_LABELS,
  ROUTE_TYPE_LABELS,
  ROUTE_TYPES,
} from "~/domain/listings/options";
import { publicOrigin } from "~/http/public-origin.server";
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import { parsePage, totalPagesOf } from "~/lib/pagination";
import { getDb } from "~/services.server";
import type { Route } from "./+types/jobs";

/** `/poslovi`: live jobs, featured first, then newest; filters and search in the URL; 20 a page. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseJobFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const { rows, total } = await listPublicJobs(getDb(), filters, page, LISTINGS_PAGE_SIZE);
  // A page past the last one does not exist (decision 032).
  if (page > totalPagesOf(total, LISTINGS_PAGE_SIZE)) throw data(null, { status: 404 });
  return { rows, total, page, filters, canonicalUrl: `${publicOrigin(request)}/poslovi` };
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: "Poslovi za vozače — Balkan Vozači" },
  {
    name: "description",
    content:
      "Poslovi za CDL vozače, owner-operatore, dispečere i mehaničare širom Amerike — OTR, regionalne i lokalne ture.",
  },
  ...(d ? canonicalLinks(d.canonicalUrl) : []),
];

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { rows, filters } = loaderData;
  const moreActive = Boolean(filters.routeType || filters.equipment || filters.position);
  return (
    <ListingsPage
      title="Poslovi"
      intro="Poslovi za vozače, dispečere i mehaničare naše zajednice širom Amerike."
      path="/poslovi"
      newLabel="Objavite oglas za posao"
      filtered={hasJobFilters(filters)}
      moreActive={moreActive}
      list={loaderData}
      pageSize={LISTINGS_PAGE_SIZE}
      empty="Nema poslova za izabrane filtere."
      search={{ q: filters.q, state: filters.state, placeholder: "Kompanija, grad, opis…" }}
      more={
        <>
          <FilterSelect
            id="ruta"
            name="ruta"
            label="Ture"
            value={filters.routeType}
            all="Sve ture"
            options={optionsOf(ROUTE_TYPES, ROUTE_TYPE_LABELS)}
          />
          <FilterSelect
            id="oprema"
            name="oprema"
            label="Oprema"
            value={filters.equipment}
            all="Sva oprema"
            options={optionsOf(EQUIPMENT_TYPES, EQUIPMENT_LABELS)}
          />
          <FilterSelect
            id="pozicija"
            name="pozicija"
            label="Vrsta posla"
            value={filters.position}
            all="Sve vrste posla"
            options={optionsOf(JOB_POSITIONS, POSITION_LABELS)}
          />
        </>
      }
    >
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((job) => (
          <li key={job.id}>
            <JobCard job={job} />
          </li>
        ))}
      </ul>
    </ListingsPage>
  );
}

export { PublicRouteError as ErrorBoundary };
