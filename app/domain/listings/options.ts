/**
 * Classified listings — jobs ("Poslovi") and buy/sell ("Kupoprodaja") — the words people see.
 * Pure and shared by the server and the browser.
 *
 * Glossary: a listing is *posted* by a visitor (status pending), *approved* or *rejected* by staff;
 * an approved listing is *live* (public) until its expiry date, then *expired*; *renewing* gives it
 * 30 more days; a *featured* (promoted, paid) listing is shown first with the "Istaknuto" mark.
 */
import {
  CDL_CLASSES,
  type CdlClass,
  ENDORSEMENTS,
  type Endorsement,
  EQUIPMENT_TYPES,
  type EquipmentType,
  HOME_TIMES,
  type HomeTime,
  JOB_POSITIONS,
  type JobPosition,
  type ListingKind,
  type ListingStatus,
  PAY_UNITS,
  type PayUnit,
  ROUTE_TYPES,
  type RouteType,
  SALE_CATEGORIES,
  SALE_CONDITIONS,
  type SaleCategory,
  type SaleCondition,
} from "~/db/schema/listing-values";

export type {
  CdlClass,
  Endorsement,
  EquipmentType,
  HomeTime,
  JobPosition,
  ListingKind,
  ListingStatus,
  PayUnit,
  RouteType,
  SaleCategory,
  SaleCondition,
};
export {
  CDL_CLASSES,
  ENDORSEMENTS,
  EQUIPMENT_TYPES,
  HOME_TIMES,
  JOB_POSITIONS,
  PAY_UNITS,
  ROUTE_TYPES,
  SALE_CATEGORIES,
  SALE_CONDITIONS,
};

/** How long an approval (or a renewal) keeps a listing public. */
export const LISTING_LIFETIME_DAYS = 30;
/** Public lists (the issue: 20 a page) and the admin list. */
export const LISTINGS_PAGE_SIZE = 20;
export const ADMIN_LISTINGS_PAGE_SIZE = 20;
/** Photos of a buy/sell listing. */
export const MAX_PHOTOS = 8;
/** The newest jobs on the home page. */
export const HOME_JOBS_COUNT = 4;

export const KIND_LABELS: Record<ListingKind, string> = { job: "Posao", sale: "Kupoprodaja" };
/** The public section of each kind: its list path and its name. */
export const KIND_SECTIONS: Record<ListingKind, { path: string; title: string }> = {
  job: { path: "/poslovi", title: "Poslovi" },
  sale: { path: "/kupoprodaja", title: "Kupoprodaja" },
};

export const STATUS_LABELS: Record<ListingStatus, string> = {
  pending: "Na čekanju",
  approved: "Odobren",
  rejected: "Odbijen",
  expired: "Istekao",
};

export const POSITION_LABELS: Record<JobPosition, string> = {
  "company-driver": "Vozač u kompaniji (company driver)",
  "owner-operator": "Owner-operator",
  "lease-purchase": "Lease purchase",
  team: "Timska vožnja (team)",
  dispatcher: "Dispečer",
  mechanic: "Mehaničar",
  other: "Ostalo",
};

export const ROUTE_TYPE_LABELS: Record<RouteType, string> = {
  otr: "OTR (duge ture)",
  regional: "Regionalne ture",
  local: "Lokalne ture",
  dedicated: "Dedicated",
};

export const EQUIPMENT_LABELS: Record<EquipmentType, string> = {
  "dry-van": "Dry van",
  reefer: "Reefer (hladnjača)",
  flatbed: "Flatbed",
  "step-deck": "Step deck",
  tanker: "Tanker (cisterna)",
  "car-hauler": "Car hauler",
  "box-truck": "Box truck",
  "power-only": "Power only",
};

export const CDL_LABELS: Record<CdlClass, string> = {
  A: "CDL-A",
  B: "CDL-B",
  none: "CDL nije potreban",
};

export const ENDORSEMENT_LABELS: Record<Endorsement, string> = {
  H: "H — opasne materije (hazmat)",
  N: "N — cisterna (tanker)",
  T: "T — dupla i trostruka prikolica",
  X: "X — cisterna i opasne materije",
};

export const PAY_UNIT_LABELS: Record<PayUnit, string> = {
  "per-mile": "po milji ($)",
  "per-week": "nedeljno ($)",
  percent: "procenat od tovara (%)",
  "per-year": "godišnje ($)",
};

export const HOME_TIME_LABELS: Record<HomeTime, string> = {
  daily: "Svakog dana kod kuće",
  weekly: "Svake nedelje kod kuće",
  biweekly: "Kod kuće na 2 nedelje",
  monthly: "Kod kuće na 3–4 nedelje",
  flexible: "Po dogovoru",
};

export const SALE_CATEGORY_LABELS: Record<SaleCategory, string> = {
  truck: "Kamion",
  trailer: "Prikolica",
  parts: "Delovi",
  other: "Ostalo",
};

export const CONDITION_LABELS: Record<SaleCondition, string> = {
  new: "Novo",
  used: "Polovno",
  damaged: "Neispravno / za delove",
};

/** [value, label] pairs for SelectField. */
export function optionsOf<T extends string>(values: readonly T[], labels: Record<T, string>): [T, string][] {
  return values.map((v) => [v, labels[v]]);
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}
