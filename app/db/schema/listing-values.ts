/**
 * The stored codes of classified listings (jobs and buy/sell). Pure constants, shared by the schema,
 * the domain (which adds the Serbian labels, domain/listings/options.ts) and the browser.
 * Codes are ASCII with hyphens so that they read well in filter URLs (`?oprema=dry-van`).
 */
export const LISTING_KINDS = ["job", "sale"] as const;
export const LISTING_STATUSES = ["pending", "approved", "rejected", "expired"] as const;

export const JOB_POSITIONS = [
  "company-driver",
  "owner-operator",
  "lease-purchase",
  "team",
  "dispatcher",
  "mechanic",
  "other",
] as const;
export const ROUTE_TYPES = ["otr", "regional", "local", "dedicated"] as const;
export const EQUIPMENT_TYPES = [
  "dry-van",
  "reefer",
  "flatbed",
  "step-deck",
  "tanker",
  "car-hauler",
  "box-truck",
  "power-only",
] as const;
export const CDL_CLASSES = ["A", "B", "none"] as const;
export const ENDORSEMENTS = ["H", "N", "T", "X"] as const;
export const PAY_UNITS = ["per-mile", "per-week", "percent", "per-year"] as const;
export const HOME_TIMES = ["daily", "weekly", "biweekly", "monthly", "flexible"] as const;

export const SALE_CATEGORIES = ["truck", "trailer", "parts", "other"] as const;
export const SALE_CONDITIONS = ["new", "used", "damaged"] as const;

/** The two scripts of the site (docs/decisions/210): what a visitor's e-mails are written in. */
export const SCRIPTS = ["lat", "cir"] as const;

export type ListingKind = (typeof LISTING_KINDS)[number];
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export type JobPosition = (typeof JOB_POSITIONS)[number];
export type RouteType = (typeof ROUTE_TYPES)[number];
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];
export type CdlClass = (typeof CDL_CLASSES)[number];
export type Endorsement = (typeof ENDORSEMENTS)[number];
export type PayUnit = (typeof PAY_UNITS)[number];
export type HomeTime = (typeof HOME_TIMES)[number];
export type SaleCategory = (typeof SALE_CATEGORIES)[number];
export type SaleCondition = (typeof SALE_CONDITIONS)[number];
