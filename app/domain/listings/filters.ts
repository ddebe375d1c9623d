/**
 * The public list filters live in the URL (shareable, work without JavaScript). Unknown or odd
 * values are ignored rather than refused: a stale link still shows a list. Pure.
 *
 *   /poslovi?q=reefer&drzava=Illinois&ruta=otr&oprema=dry-van&pozicija=company-driver&page=2
 *   /kupoprodaja?q=cascadia&drzava=Texas&vrsta=truck&cena-od=20000&cena-do=60000&godiste-od=2015
 */
import { US_STATES } from "~/domain/companies/constants";
import {
  EQUIPMENT_TYPES,
  type EquipmentType,
  isOneOf,
  JOB_POSITIONS,
  type JobPosition,
  ROUTE_TYPES,
  type RouteType,
  SALE_CATEGORIES,
  type SaleCategory,
} from "./options";
import { parseWholeNumber } from "./validation";

export const MAX_QUERY_LENGTH = 100;

export type JobFilters = {
  q: string;
  state: string;
  routeType: RouteType | "";
  equipment: EquipmentType | "";
  position: JobPosition | "";
};

export type SaleFilters = {
  q: string;
  state: string;
  category: SaleCategory | "";
  /** Whole dollars. */
  priceMin: number | null;
  priceMax: number | null;
  yearMin: number | null;
  yearMax: number | null;
};

const pick = <T extends string>(values: readonly T[], value: string | null): T | "" =>
  isOneOf(values, value) ? value : "";

const query = (params: URLSearchParams) => (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);

function number(params: URLSearchParams, name: string, max: number): number | null {
  const raw = params.get(name);
  if (!raw) return null;
  const n = parseWholeNumber(raw);
  return n !== null && n <= max ? n : null;
}

export function parseJobFilters(params: URLSearchParams): JobFilters {
  return {
    q: query(params),
    state: pick(US_STATES, params.get("drzava")),
    routeType: pick(ROUTE_TYPES, params.get("ruta")),
    equipment: pick(EQUIPMENT_TYPES, params.get("oprema")),
    position: pick(JOB_POSITIONS, params.get("pozicija")),
  };
}

export function parseSaleFilters(params: URLSearchParams): SaleFilters {
  let priceMin = number(params, "cena-od", 100_000_000);
  let priceMax = number(params, "cena-do", 100_000_000);
  let yearMin = number(params, "godiste-od", 3000);
  let yearMax = number(params, "godiste-do", 3000);
  // Swapped bounds are what the person meant the other way round.
  if (priceMin !== null && priceMax !== null && priceMin > priceMax)
    [priceMin, priceMax] = [priceMax, priceMin];
  if (yearMin !== null && yearMax !== null && yearMin > yearMax) [yearMin, yearMax] = [yearMax, yearMin];
  return {
    q: query(params),
    state: pick(US_STATES, params.get("drzava")),
    category: pick(SALE_CATEGORIES, params.get("vrsta")),
    priceMin,
    priceMax,
    yearMin,
    yearMax,
  };
}

export function hasJobFilters(f: JobFilters): boolean {
  return Boolean(f.q || f.state || f.routeType || f.equipment || f.position);
}

export function hasSaleFilters(f: SaleFilters): boolean {
  return Boolean(
    f.q ||
      f.state ||
      f.category ||
      f.priceMin !== null ||
      f.priceMax !== null ||
      f.yearMin !== null ||
      f.yearMax !== null,
  );
}
