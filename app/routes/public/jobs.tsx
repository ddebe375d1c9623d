import { JobCard } from "~/components/listings/listing-card";
import { FilterSelects, ListingsPage, listingsMeta } from "~/components/listings/listings-page";
import { PublicRouteError } from "~/components/public/route-error";
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
import { PUBLIC_LIST_CACHE } from "~/lib/http-cache";
import type { Route } from "./+types/jobs";
import { loadListingsList } from "./listings-list.server";

/** `/poslovi`: live jobs, featured first, then newest; filters and search in the URL; 20 a page. */
export function loader({ request }: Route.LoaderArgs) {
  return loadListingsList(request, "/poslovi", parseJobFilters, listPublicJobs);
}

export function headers() {
  return { "Cache-Control": PUBLIC_LIST_CACHE };
}

export const meta: Route.MetaFunction = listingsMeta(
  "Poslovi za vozače — Balkan Vozači",
  "Poslovi za CDL vozače, owner-operatore, dispečere i mehaničare širom Amerike — OTR, regionalne i lokalne ture.",
);

/** The folded filters: URL name, label, filter, "all" option, choices. */
const MORE_FILTERS = [
  ["ruta", "Ture", "routeType", "Sve ture", optionsOf(ROUTE_TYPES, ROUTE_TYPE_LABELS)],
  ["oprema", "Oprema", "equipment", "Sva oprema", optionsOf(EQUIPMENT_TYPES, EQUIPMENT_LABELS)],
  ["pozicija", "Vrsta posla", "position", "Sve vrste posla", optionsOf(JOB_POSITIONS, POSITION_LABELS)],
] as const;

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListingsPage
      title="Poslovi"
      intro="Poslovi za vozače, dispečere i mehaničare naše zajednice širom Amerike."
      path="/poslovi"
      newLabel="Objavite oglas za posao"
      filtered={hasJobFilters(filters)}
      moreActive={Boolean(filters.routeType || filters.equipment || filters.position)}
      list={loaderData}
      pageSize={LISTINGS_PAGE_SIZE}
      empty="Nema poslova za izabrane filtere."
      search={{ q: filters.q, state: filters.state, placeholder: "Kompanija, grad, opis…" }}
      more={
        <FilterSelects
          choices={MORE_FILTERS.map(([name, label, key, all, options]) => ({
            name,
            label,
            value: filters[key],
            all,
            options,
          }))}
        />
      }
      card={(job) => <JobCard job={job} />}
    />
  );
}

export { PublicRouteError as ErrorBoundary };
