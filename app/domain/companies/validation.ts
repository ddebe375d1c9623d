/**
 * The company rules of spec §5, pure so the forms, the actions and the unit tests share them.
 * Three forms use them: the admin company form, the admin request editor and the public request
 * form (`/kompanije/nova`). Every text field passes the spec §5 text sanitiser first.
 */
import { z } from "zod";
import { codes, withDetail } from "~/domain/result";
import { reportIssues, sentField, trimmed } from "~/lib/form";
import { isOneOf } from "~/lib/one-of";
import { isValidEmail, sanitizeText } from "~/lib/text-sanitizer";
import { COMPANY_CATEGORIES, currentYear, MIN_YEAR_ESTABLISHED, US_STATES } from "./constants";

export type CompanyFormMode = "company" | "submission" | "public";

/** What a form sends, as strings; services and specialties as a list (company form) or comma text. */
export type CompanyInput = {
  name: string;
  description: string;
  location: string;
  state: string;
  phone: string;
  email: string;
  website: string;
  logo: string;
  category: string;
  services: string | string[];
  yearEstablished: string;
  fleetSize: string;
  specialties: string | string[];
};

export type CompanyField = keyof CompanyInput;

/** The columns a company and a request share, ready to store. */
export type CompanyData = {
  name: string;
  description: string | null;
  location: string | null;
  state: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  logo: string | null;
  category: string | null;
  services: string[];
  yearEstablished: number | null;
  fleetSize: string | null;
  specialties: string[];
};

export type CompanyValidation =
  | { ok: true; data: CompanyData }
  | { ok: false; fieldErrors: Partial<Record<CompanyField, string>> };

/** The company forms' field codes; the words are COMPANY_FIELD_MESSAGES in app/messages/companies.ts. */
export const COMPANY_FIELD = codes("company", [
  "nameRequired",
  "nameTooLong",
  "email",
  "url",
  "logo",
  "phone",
  "contactRequired",
  "state",
  "category",
  "fleetSize",
  "fleetSizeText",
  "year",
]);
export const SUBMISSION_FIELD = codes("submission", ["rejectNoteRequired"]);

const MAX_NAME = 200;
const MAX_SHORT = 200;
const MAX_LIST_ITEM = 100;
const MAX_LIST_ITEMS = 30;

/**
 * Adds one service or specialty (spec §5): trimmed; empty and duplicate entries (ignoring case)
 * are ignored. Returns the same array when nothing was added.
 */
export function addListItem(list: readonly string[], raw: string): string[] {
  const item = sanitizeText(raw, MAX_LIST_ITEM);
  if (!item) return [...list];
  const lower = item.toLocaleLowerCase("sr-Latn");
  if (list.some((x) => x.toLocaleLowerCase("sr-Latn") === lower)) return [...list];
  if (list.length >= MAX_LIST_ITEMS) return [...list];
  return [...list, item];
}

/** A list from the form: each item through `addListItem`; comma-separated text is split first. */
export function parseList(value: string | readonly string[]): string[] {
  const items = typeof value === "string" ? value.split(",") : value;
  return items.reduce<string[]>((list, item) => addListItem(list, item), []);
}

/** `https://` is added when the scheme is missing; only http(s) addresses are accepted. */
export function normalizeWebsite(raw: string): string | null {
  const value = raw.trim();
  if (!value) return "";
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".")) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** A logo is an http(s) address or a path on this site ("/media/…"). */
export function isValidLogo(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return !/\s/.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  return normalizeWebsite(value) !== null;
}

const PHONE = /^\+?[\d\s().\-/]{6,30}$/;

export function validateCompanyInput(
  input: CompanyInput,
  options: { mode: CompanyFormMode; categories?: readonly string[]; now?: Date },
): CompanyValidation {
  const { mode } = options;
  const categories = options.categories ?? COMPANY_CATEGORIES;
  const errors: Partial<Record<CompanyField, string>> = {};
  const text = (v: string, max = 10000) => sanitizeText(v, max);

  const name = text(input.name, 10000);
  if (!name) errors.name = COMPANY_FIELD.nameRequired;
  else if (name.length > MAX_NAME) errors.name = COMPANY_FIELD.nameTooLong;

  const email = text(input.email, 1000).toLowerCase();
  if (email && !isValidEmail(email)) errors.email = COMPANY_FIELD.email;

  const websiteRaw = text(input.website, 1000);
  const website = normalizeWebsite(websiteRaw);
  if (website === null) errors.website = COMPANY_FIELD.url;

  const logo = text(input.logo, 2000);
  if (logo && !isValidLogo(logo)) errors.logo = COMPANY_FIELD.logo;

  const phone = text(input.phone, 100);
  if (phone && !PHONE.test(phone)) errors.phone = COMPANY_FIELD.phone;
  if (mode === "public" && !phone && !email && !errors.email) {
    errors.phone = COMPANY_FIELD.contactRequired;
  }

  const state = text(input.state, 100);
  if (state && !isOneOf(US_STATES, state)) errors.state = COMPANY_FIELD.state;

  const category = text(input.category, 100);
  if (category && !categories.includes(category)) errors.category = COMPANY_FIELD.category;

  // Decision 042: the year runs from 1900 to the current year on every form.
  const maxYear = currentYear(options.now);
  const yearText = text(input.yearEstablished, 10);
  let yearEstablished: number | null = null;
  if (yearText) {
    const year = Number(yearText);
    if (!Number.isInteger(year) || year < MIN_YEAR_ESTABLISHED || year > maxYear) {
      errors.yearEstablished = withDetail(COMPANY_FIELD.year, maxYear);
    } else {
      yearEstablished = year;
    }
  }

  // Fleet size is text on the company form; the request editor (and the public form) want a whole number ≥ 1.
  const fleetText = text(input.fleetSize, 100);
  if (fleetText) {
    if (mode === "company") {
      if (fleetText.length > 50) errors.fleetSize = COMPANY_FIELD.fleetSizeText;
    } else if (!/^\d+$/.test(fleetText) || Number(fleetText) < 1) {
      errors.fleetSize = COMPANY_FIELD.fleetSize;
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    data: {
      name,
      description: text(input.description) || null,
      location: text(input.location, MAX_SHORT) || null,
      state: state || null,
      phone: phone || null,
      email: email || null,
      website: website || null,
      logo: logo || null,
      category: category || null,
      services: parseList(input.services),
      yearEstablished,
      fleetSize: fleetText ? (mode === "company" ? fleetText : String(Number(fleetText))) : null,
      specialties: parseList(input.specialties),
    },
  };
}

/**
 * The schema of the admin company form (`mode: "company"`, services and specialties as repeated
 * fields, text typed but not added yet in `{name}Pending` is added by the same rule) and of the
 * request editor (`mode: "submission"`, comma-separated): `parseForm(companyFormSchema(options),
 * form, { lists: COMPANY_FORM_LISTS[mode] })`. The rules are `validateCompanyInput`, run over the
 * whole form so every error comes back at once.
 */
export function companyFormSchema(options: {
  mode: CompanyFormMode;
  categories?: readonly string[];
  now?: Date;
}) {
  const list = options.mode === "company" ? z.array(z.string()).default([]) : trimmed();
  // Decision 061: the company editor overwrites every stored field, so each must be sent; a post
  // without one is refused, never read as an empty value (it would clear the stored text).
  const text = options.mode === "company" ? sentField : trimmed;
  return z
    .object({
      name: text(),
      description: text(),
      location: text(),
      state: text(),
      phone: text(),
      email: text(),
      website: text(),
      logo: text(),
      category: text(),
      yearEstablished: text(),
      fleetSize: text(),
      services: list,
      specialties: list,
      servicesPending: trimmed(),
      specialtiesPending: trimmed(),
    })
    .transform(({ servicesPending, specialtiesPending, ...input }, ctx) => {
      const withPending: CompanyInput =
        options.mode === "company"
          ? {
              ...input,
              services: [...(input.services as string[]), servicesPending],
              specialties: [...(input.specialties as string[]), specialtiesPending],
            }
          : input;
      const result = validateCompanyInput(withPending, options);
      return result.ok ? result.data : reportIssues(ctx, result.fieldErrors);
    });
}

/** Notes of a request decision: sanitised; optional to approve, required to reject (spec §5). */
const adminNotes = () => z.preprocess((v) => sanitizeText(v), z.string());
export const approveSubmissionSchema = z.object({ adminNotes: adminNotes() });
export const rejectSubmissionSchema = z.object({
  adminNotes: adminNotes().pipe(z.string().min(1, SUBMISSION_FIELD.rejectNoteRequired)),
});

/** The fields each form sends as repeated values. */
export const COMPANY_FORM_LISTS: Record<CompanyFormMode, readonly string[]> = {
  company: ["services", "specialties"],
  submission: [],
  public: [],
};
