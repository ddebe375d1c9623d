/**
 * An alert's filters are the list's filters (domain/listings/filters.ts): the same URL words
 * (`q`, `drzava`, `ruta`, `oprema`, `pozicija` for jobs; `q`, `drzava`, `vrsta`, `cena-od`,
 * `cena-do`, `godiste-od`, `godiste-do` for buy/sell), parsed by the same functions, so an alert
 * saved from `/poslovi?q=reefer&drzava=Ohio` matches what that list shows. Pure.
 */
import {
  type JobFilters,
  parseJobFilters,
  parseSaleFilters,
  type SaleFilters,
} from "~/domain/listings/filters";
import {
  EQUIPMENT_LABELS,
  type EquipmentType,
  type JobPosition,
  type ListingKind,
  POSITION_LABELS,
  ROUTE_TYPE_LABELS,
  type RouteType,
  SALE_CATEGORY_LABELS,
  type SaleCategory,
} from "~/domain/listings/options";

export type AlertFilters = { kind: "job"; filters: JobFilters } | { kind: "sale"; filters: SaleFilters };

/** The filters of a list's URL (or an alert form, which posts the same names). */
export function parseAlertFilters(kind: ListingKind, params: URLSearchParams): AlertFilters {
  return kind === "job"
    ? { kind, filters: parseJobFilters(params) }
    : { kind, filters: parseSaleFilters(params) };
}

/** The stored columns of an alert (null: any). */
export type AlertFilterColumns = {
  q: string;
  state: string | null;
  routeType: RouteType | null;
  equipment: EquipmentType | null;
  position: JobPosition | null;
  saleCategory: SaleCategory | null;
  priceMin: number | null;
  priceMax: number | null;
  yearMin: number | null;
  yearMax: number | null;
};

const orNull = <T extends string>(v: T | "") => (v === "" ? null : v);

export function filterColumns(alert: AlertFilters): AlertFilterColumns {
  const none = { routeType: null, equipment: null, position: null, saleCategory: null };
  const noRanges = { priceMin: null, priceMax: null, yearMin: null, yearMax: null };
  if (alert.kind === "job") {
    const f = alert.filters;
    return {
      ...none,
      ...noRanges,
      q: f.q,
      state: orNull(f.state),
      routeType: orNull(f.routeType),
      equipment: orNull(f.equipment),
      position: orNull(f.position),
    };
  }
  const f = alert.filters;
  return {
    ...none,
    q: f.q,
    state: orNull(f.state),
    saleCategory: orNull(f.category),
    priceMin: f.priceMin,
    priceMax: f.priceMax,
    yearMin: f.yearMin,
    yearMax: f.yearMax,
  };
}

/** The filters an alert row holds. */
export function filtersOf(row: AlertFilterColumns & { kind: ListingKind }): AlertFilters {
  if (row.kind === "job") {
    return {
      kind: "job",
      filters: {
        q: row.q,
        state: row.state ?? "",
        routeType: row.routeType ?? "",
        equipment: row.equipment ?? "",
        position: row.position ?? "",
      },
    };
  }
  return {
    kind: "sale",
    filters: {
      q: row.q,
      state: row.state ?? "",
      category: row.saleCategory ?? "",
      priceMin: row.priceMin,
      priceMax: row.priceMax,
      yearMin: row.yearMin,
      yearMax: row.yearMax,
    },
  };
}

/** The list's URL query of these filters (what `parseAlertFilters` reads back). */
export function filterParams(alert: AlertFilters): URLSearchParams {
  const entries: [string, string | number | null][] =
    alert.kind === "job"
      ? [
          ["q", alert.filters.q],
          ["drzava", alert.filters.state],
          ["ruta", alert.filters.routeType],
          ["oprema", alert.filters.equipment],
          ["pozicija", alert.filters.position],
        ]
      : [
          ["q", alert.filters.q],
          ["drzava", alert.filters.state],
          ["vrsta", alert.filters.category],
          ["cena-od", alert.filters.priceMin],
          ["cena-do", alert.filters.priceMax],
          ["godiste-od", alert.filters.yearMin],
          ["godiste-do", alert.filters.yearMax],
        ];
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value !== null && value !== "") params.set(name, String(value));
  return params;
}

const dollars = new Intl.NumberFormat("sr-Latn", { maximumFractionDigits: 0 });

/** The filters in words, in order: „reefer“, Ohio, Reefer … (empty: every listing of the kind). */
export function describeFilters(alert: AlertFilters): string[] {
  const words: string[] = [];
  const f = alert.filters;
  if (f.q) words.push(`„${f.q}“`);
  if (f.state) words.push(f.state);
  if (alert.kind === "job") {
    const j = alert.filters;
    if (j.equipment) words.push(EQUIPMENT_LABELS[j.equipment]);
    if (j.routeType) words.push(ROUTE_TYPE_LABELS[j.routeType]);
    if (j.position) words.push(POSITION_LABELS[j.position]);
  } else {
    const s = alert.filters;
    if (s.category) words.push(SALE_CATEGORY_LABELS[s.category]);
    if (s.priceMin !== null || s.priceMax !== null) {
      words.push(
        s.priceMax === null
          ? `od ${dollars.format(s.priceMin ?? 0)} $`
          : s.priceMin === null
            ? `do ${dollars.format(s.priceMax)} $`
            : `${dollars.format(s.priceMin)}–${dollars.format(s.priceMax)} $`,
      );
    }
    if (s.yearMin !== null || s.yearMax !== null) {
      words.push(
        s.yearMax === null
          ? `godište od ${s.yearMin}`
          : s.yearMin === null
            ? `godište do ${s.yearMax}`
            : `godište ${s.yearMin}–${s.yearMax}`,
      );
    }
  }
  return words;
}
