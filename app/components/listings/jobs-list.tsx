import type { JobFilters } from "~/domain/listings/filters";
import { hasJobFilters } from "~/domain/listings/filters";
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
import { JobCard } from "./listing-card";
import { FilterSelects, ListingsPage, type ListPage } from "./listings-page";

/** The folded filters: URL name, label, filter, "all" option, choices. */
const MORE_FILTERS = [
  ["ruta", "Ture", "routeType", "Sve ture", optionsOf(ROUTE_TYPES, ROUTE_TYPE_LABELS)],
  ["oprema", "Oprema", "equipment", "Sva oprema", optionsOf(EQUIPMENT_TYPES, EQUIPMENT_LABELS)],
  ["pozicija", "Vrsta posla", "position", "Sve vrste posla", optionsOf(JOB_POSITIONS, POSITION_LABELS)],
] as const;

/** The job filters beyond the words and the state (the list folds them; the alert form shows them). */
export function JobMoreFilters({ filters }: { filters: JobFilters }) {
  return (
    <FilterSelects
      choices={MORE_FILTERS.map(([name, label, key, all, options]) => ({
        name,
        label,
        value: filters[key],
        all,
        options,
      }))}
    />
  );
}

/** `/poslovi`: the jobs list with its filters. */
export function JobsList({ list, alertTo }: { list: ListPage<JobFilters>; alertTo: string }) {
  const { filters } = list;
  return (
    <ListingsPage
      title="Poslovi"
      intro="Poslovi za vozače, dispečere i mehaničare naše zajednice širom Amerike."
      path="/poslovi"
      newLabel="Objavite oglas za posao"
      filtered={hasJobFilters(filters)}
      moreActive={Boolean(filters.routeType || filters.equipment || filters.position)}
      list={list}
      pageSize={LISTINGS_PAGE_SIZE}
      empty="Nema poslova za izabrane filtere."
      search={{ q: filters.q, state: filters.state, placeholder: "Kompanija, grad, opis…" }}
      more={<JobMoreFilters filters={filters} />}
      alertTo={alertTo}
      card={(job) => <JobCard job={job} />}
    />
  );
}
