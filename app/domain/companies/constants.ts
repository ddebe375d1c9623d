/** Spec §9: the 50 US states, by full name (as stored in companies.state). */
export const US_STATES = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
] as const;

/** Spec §9: the categories of the company form (also the public request form, decision 041). */
export const COMPANY_CATEGORIES = [
  "Transportne Kompanije",
  "Regrutovanje",
  "Logistika",
  "Skladištenje",
  "Servis i Održavanje",
  "Osiguranje",
  "Finansiranje",
  "Ostalo",
] as const;

/** Spec §9: the categories of the company-request editor. */
export const SUBMISSION_CATEGORIES = [
  "Transportne Kompanije",
  "Logistika",
  "Špedicija",
  "Međunarodni Transport",
  "Kamionski Transport",
] as const;

/** Spec §9: company form defaults (the year default is the current year, see `currentYear`). */
export const DEFAULT_COMPANY_CATEGORY = "Transportne Kompanije";
export const MIN_YEAR_ESTABLISHED = 1900;

/** Admin list and public directory page sizes (the spec fixes none for companies; decision 040). */
export const ADMIN_COMPANIES_PAGE_SIZE = 20;
export const SUBMISSIONS_PAGE_SIZE = 20;
export const DIRECTORY_PAGE_SIZE = 12;

/** Why a company screen refuses (the words are COMPANY_MESSAGES in app/messages/companies.ts). */
export type CompanyErrorCode =
  | "company.not_found"
  | "company.invalid"
  | "company.save_failed"
  | "company.toggle_failed"
  | "company.delete_failed";

export const SUBMISSION_STATUS_LABELS = {
  pending: "Na čekanju",
  approved: "Odobren",
  rejected: "Odbijen",
} as const;

export function currentYear(now = new Date()): number {
  return Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", year: "numeric" }).format(now),
  );
}

/** Every category either list knows (the list filters: approved requests bring the editor's categories). */
export const ALL_COMPANY_CATEGORIES: readonly string[] = [
  ...new Set([...COMPANY_CATEGORIES, ...SUBMISSION_CATEGORIES]),
];

/** A form's category list, plus the record's current category when the list lacks it (so it is not lost). */
export function categoryOptions(list: readonly string[], current: string | null | undefined): string[] {
  return current && !list.includes(current) ? [...list, current] : [...list];
}

/** The public request form's honeypot (the one of every public form: lib/honeypot.ts). */
export { HONEYPOT_FIELD } from "~/lib/honeypot";

const oneOf = (value: string | null, list: readonly string[]) => (value && list.includes(value) ? value : "");

export type CompanyFilters = { search: string; category: string; state: string };

/**
 * The directory's filters from `?q=&kategorija=&drzava=` (public and admin lists alike): unknown
 * values are ignored. Decision 041: both category lists count (approved requests bring the
 * request editor's categories).
 */
export function parseCompanyFilters(params: URLSearchParams): CompanyFilters {
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    category: oneOf(params.get("kategorija"), ALL_COMPANY_CATEGORIES),
    state: oneOf(params.get("drzava"), US_STATES),
  };
}
