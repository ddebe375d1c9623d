/**
 * The posting forms of jobs and buy/sell (public and the admin editor): one Zod schema per kind for
 * the form pipeline (`parseForm`, lib/form.ts). Every text passes the spec §5 sanitiser before it
 * is checked. Field checks are refinements on strings, so that one submission reports every wrong
 * field at once (the cross-field rules — a phone or an e-mail, the pay — included).
 */
import { z } from "zod";
import { currentYear, US_STATES } from "~/domain/companies/constants";
import { codes, withDetail } from "~/domain/result";
import { isValidEmail, sanitizeText } from "~/lib/text-sanitizer";
import {
  CDL_CLASSES,
  type CdlClass,
  ENDORSEMENTS,
  type Endorsement,
  EQUIPMENT_TYPES,
  type EquipmentType,
  HOME_TIMES,
  type HomeTime,
  isOneOf,
  JOB_POSITIONS,
  type JobPosition,
  MAX_PHOTOS,
  PAY_UNITS,
  type PayUnit,
  ROUTE_TYPES,
  type RouteType,
  SALE_CATEGORIES,
  SALE_CONDITIONS,
  type SaleCategory,
  type SaleCondition,
} from "./options";
import { OWNER_FIELD } from "./owner-rules";

export const LIMITS = {
  title: { min: 5, max: 120 },
  description: { min: 20, max: 5000 },
  city: 100,
  contactName: 100,
  companyName: 200,
  requirements: 2000,
  make: 60,
  model: 60,
  minYear: 1950,
  maxMileage: 5_000_000,
  maxPriceDollars: 10_000_000,
} as const;

/** The accepted pay per unit: [min, max], in the unit's own terms. */
export const PAY_RANGES: Record<PayUnit, readonly [number, number]> = {
  "per-mile": [0.1, 5],
  "per-week": [100, 20_000],
  percent: [1, 100],
  "per-year": [1_000, 1_000_000],
};

/**
 * The posting forms' field codes; the words are FIELD_MESSAGES in app/messages/listings.ts (a
 * pay range's code carries its unit, the year's the latest year).
 */
export const LISTING_FIELD = codes("listing", [
  "titleRequired",
  "titleShort",
  "titleLong",
  "descriptionRequired",
  "descriptionShort",
  "descriptionLong",
  "cityRequired",
  "state",
  "contactName",
  "phone",
  "email",
  "contactRequired",
  "companyName",
  "position",
  "routeType",
  "equipment",
  "cdlClass",
  "endorsements",
  "payAmount",
  "payUnitMissing",
  "payMinMissing",
  "payMaxBelowMin",
  "homeTime",
  "saleCategory",
  "makeRequired",
  "year",
  "mileage",
  "price",
  "condition",
  "photosCount",
  "companyId",
  "payRange",
]);

/**
 * A money or pay amount as people type it here: "0,65", "0.65", "1800", "1.800", "1,800",
 * "1.800,50", "1,800.50", "85.000 $". One to three digits (not starting with 0) followed by groups
 * of exactly three digits are thousands, whichever separator groups them (US "1,800", Serbian
 * "1.800"); otherwise the last "." or "," is the decimal separator. Null when it is not a number.
 */
export function parseAmount(raw: string): number | null {
  let text = raw.replace(/[\s$%\u00a0]/g, "");
  if (!text || !/^\d[\d.,]*$/.test(text)) return null;
  if (/^[1-9]\d{0,2}(\.\d{3})+$/.test(text) || /^[1-9]\d{0,2}(,\d{3})+$/.test(text)) {
    return Number(text.replace(/[.,]/g, ""));
  }
  const lastDot = text.lastIndexOf(".");
  const lastComma = text.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const group = decimal === "." ? "," : ".";
    text = text.split(group).join("");
    if (text.split(decimal).length > 2) return null;
    text = text.replace(decimal, ".");
  } else if (lastComma >= 0) {
    if (text.split(",").length > 2) return null;
    text = text.replace(",", ".");
  } else if (text.split(".").length > 2) {
    return null;
  }
  const value = Number(text);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : null;
}

/** A whole number typed with optional thousands separators ("120.000", "120,000", "120 000"). */
export function parseWholeNumber(raw: string): number | null {
  const text = raw.replace(/[\s\u00a0]/g, "");
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{1,3}([.,]\d{3})+$/.test(text)) return Number(text.replace(/[.,]/g, ""));
  return null;
}

const PHONE = /^\+?[\d\s().\-/]{6,30}$/;
export function isValidPhone(value: string): boolean {
  return PHONE.test(value) && value.replace(/\D/g, "").length >= 7;
}

/** A text field: sanitised (spec §5), trimmed; missing becomes "". */
const clean = (max = 10_000) =>
  z.preprocess(
    (v) => (typeof v === "string" ? sanitizeText(v, max + 1) : v === undefined || v === null ? "" : v),
    z.string(),
  );

/** The raw text of a field ("" when missing), for fields that are parsed later (numbers, choices). */
const raw = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : v),
    z.string(),
  );

const required = (message: string, max: number, tooLong?: string) =>
  clean(max)
    .refine((v) => v.length > 0, message)
    .refine((v) => v.length <= max, tooLong ?? `Najviše ${max} karaktera.`);
const optional = (max: number) => clean(max).refine((v) => v.length <= max, `Najviše ${max} karaktera.`);
const choice = <T extends string>(values: readonly T[], message: string, allowEmpty = false) =>
  raw().refine((v) => (allowEmpty && v === "") || isOneOf(values, v), message);
const choices = <T extends string>(values: readonly T[], message: string) =>
  z
    .preprocess((v) => (Array.isArray(v) ? v : typeof v === "string" && v ? [v] : []), z.array(z.string()))
    .refine((list) => list.every((v) => isOneOf(values, v)), message);

const commonFields = {
  title: clean(LIMITS.title.max)
    .refine((v) => v.length > 0, LISTING_FIELD.titleRequired)
    .refine((v) => v.length === 0 || v.length >= LIMITS.title.min, LISTING_FIELD.titleShort)
    .refine((v) => v.length <= LIMITS.title.max, LISTING_FIELD.titleLong),
  description: clean(LIMITS.description.max)
    .refine((v) => v.length > 0, LISTING_FIELD.descriptionRequired)
    .refine((v) => v.length === 0 || v.length >= LIMITS.description.min, LISTING_FIELD.descriptionShort)
    .refine((v) => v.length <= LIMITS.description.max, LISTING_FIELD.descriptionLong),
  city: required(LISTING_FIELD.cityRequired, LIMITS.city),
  state: choice(US_STATES, LISTING_FIELD.state),
  contactName: required(LISTING_FIELD.contactName, LIMITS.contactName),
  contactPhone: clean(40).refine((v) => v === "" || isValidPhone(v), LISTING_FIELD.phone),
  contactEmail: clean(254)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === "" || isValidEmail(v), LISTING_FIELD.email),
};

type CommonInput = { contactPhone: string; contactEmail: string };

function contactRule(v: CommonInput, ctx: z.RefinementCtx) {
  if (!v.contactPhone && !v.contactEmail) {
    ctx.addIssue({ code: "custom", path: ["contactPhone"], message: LISTING_FIELD.contactRequired });
  }
}

export type ListingCommonData = {
  title: string;
  description: string;
  city: string;
  state: string;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
};

export type JobData = ListingCommonData & {
  kind: "job";
  companyName: string;
  position: JobPosition;
  /** Not for every job (a dispatcher, a mechanic). */
  routeType: RouteType | null;
  equipment: EquipmentType[];
  cdlClass: CdlClass;
  endorsements: Endorsement[];
  payMin: number | null;
  payMax: number | null;
  payUnit: PayUnit | null;
  homeTime: HomeTime | null;
  requirements: string | null;
};

export type SaleData = ListingCommonData & {
  kind: "sale";
  saleCategory: SaleCategory;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
  priceCents: number | null;
  condition: SaleCondition;
};

export type ListingData = JobData | SaleData;

const orNull = (v: string) => (v === "" ? null : v);

function commonData(v: {
  title: string;
  description: string;
  city: string;
  state: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
}): ListingCommonData {
  return {
    title: v.title,
    description: v.description,
    city: v.city,
    state: v.state,
    contactName: v.contactName,
    contactPhone: orNull(v.contactPhone),
    contactEmail: orNull(v.contactEmail),
  };
}

/** The job form (`/poslovi/novi` and the admin editor). */
export const jobSchema = z
  .object({
    ...commonFields,
    companyName: required(LISTING_FIELD.companyName, LIMITS.companyName),
    position: choice(JOB_POSITIONS, LISTING_FIELD.position),
    routeType: choice(ROUTE_TYPES, LISTING_FIELD.routeType, true),
    equipment: choices(EQUIPMENT_TYPES, LISTING_FIELD.equipment),
    cdlClass: choice(CDL_CLASSES, LISTING_FIELD.cdlClass),
    endorsements: choices(ENDORSEMENTS, LISTING_FIELD.endorsements),
    payMin: raw().refine((v) => v === "" || parseAmount(v) !== null, LISTING_FIELD.payAmount),
    payMax: raw().refine((v) => v === "" || parseAmount(v) !== null, LISTING_FIELD.payAmount),
    payUnit: choice(PAY_UNITS, LISTING_FIELD.payUnitMissing, true),
    homeTime: choice(HOME_TIMES, LISTING_FIELD.homeTime, true),
    requirements: optional(LIMITS.requirements),
  })
  .superRefine((v, ctx) => {
    contactRule(v, ctx);
    const min = v.payMin ? parseAmount(v.payMin) : null;
    const max = v.payMax ? parseAmount(v.payMax) : null;
    const unit = isOneOf(PAY_UNITS, v.payUnit) ? v.payUnit : null;
    if ((v.payMin || v.payMax) && !unit && v.payUnit === "") {
      ctx.addIssue({ code: "custom", path: ["payUnit"], message: LISTING_FIELD.payUnitMissing });
    }
    if (unit && !v.payMin) {
      ctx.addIssue({ code: "custom", path: ["payMin"], message: LISTING_FIELD.payMinMissing });
    }
    if (!unit) return;
    const [low, high] = PAY_RANGES[unit];
    if (min !== null && (min < low || min > high)) {
      ctx.addIssue({ code: "custom", path: ["payMin"], message: withDetail(LISTING_FIELD.payRange, unit) });
    }
    if (max !== null && (max < low || max > high)) {
      ctx.addIssue({ code: "custom", path: ["payMax"], message: withDetail(LISTING_FIELD.payRange, unit) });
    } else if (min !== null && max !== null && max < min) {
      ctx.addIssue({ code: "custom", path: ["payMax"], message: LISTING_FIELD.payMaxBelowMin });
    }
  })
  .transform(
    (v): JobData => ({
      kind: "job",
      ...commonData(v),
      companyName: v.companyName,
      position: v.position as JobPosition,
      routeType: v.routeType ? (v.routeType as RouteType) : null,
      equipment: [...new Set(v.equipment)] as EquipmentType[],
      cdlClass: v.cdlClass as CdlClass,
      endorsements: [...new Set(v.endorsements)] as Endorsement[],
      payUnit: v.payUnit ? (v.payUnit as PayUnit) : null,
      payMin: v.payUnit && v.payMin ? parseAmount(v.payMin) : null,
      payMax: v.payUnit && v.payMax ? parseAmount(v.payMax) : null,
      homeTime: v.homeTime ? (v.homeTime as HomeTime) : null,
      requirements: orNull(v.requirements),
    }),
  );

/** The highest model year accepted: next year's models are sold from the autumn. */
export function maxModelYear(now = new Date()): number {
  return currentYear(now) + 1;
}

/**
 * The buy/sell form's text fields (`/kupoprodaja/novi` and the admin editor). Its photos are files
 * the route receives apart (lib/multipart.server.ts); `photoCountError` checks how many.
 */
export function saleSchema(now = new Date()) {
  const maxYear = maxModelYear(now);
  return z
    .object({
      ...commonFields,
      saleCategory: choice(SALE_CATEGORIES, LISTING_FIELD.saleCategory),
      make: optional(LIMITS.make),
      model: optional(LIMITS.model),
      year: raw().refine(
        (v) => {
          if (v === "") return true;
          const year = /^\d{4}$/.test(v) ? Number(v) : Number.NaN;
          return year >= LIMITS.minYear && year <= maxYear;
        },
        withDetail(LISTING_FIELD.year, maxYear),
      ),
      mileage: raw().refine((v) => {
        if (v === "") return true;
        const miles = parseWholeNumber(v);
        return miles !== null && miles <= LIMITS.maxMileage;
      }, LISTING_FIELD.mileage),
      price: raw().refine((v) => {
        if (v === "") return true;
        const dollars = parseAmount(v);
        return dollars !== null && dollars > 0 && dollars <= LIMITS.maxPriceDollars;
      }, LISTING_FIELD.price),
      condition: choice(SALE_CONDITIONS, LISTING_FIELD.condition),
    })
    .superRefine((v, ctx) => {
      contactRule(v, ctx);
      if ((v.saleCategory === "truck" || v.saleCategory === "trailer") && !v.make) {
        ctx.addIssue({ code: "custom", path: ["make"], message: LISTING_FIELD.makeRequired });
      }
    })
    .transform((v): SaleData => {
      const price = v.price ? parseAmount(v.price) : null;
      return {
        kind: "sale",
        ...commonData(v),
        saleCategory: v.saleCategory as SaleCategory,
        make: orNull(v.make),
        model: orNull(v.model),
        year: v.year ? Number(v.year) : null,
        mileage: v.mileage ? parseWholeNumber(v.mileage) : null,
        priceCents: price === null ? null : Math.round(price * 100),
        condition: v.condition as SaleCondition,
      };
    });
}

/** The message for `count` photos when that is more than a listing may have, else null. */
/**
 * Why a photo is refused: a field code for `photos` (the words, in app/messages/listings.ts, name
 * the photo: the code carries its label as detail, `withDetail(PHOTO_FIELD.notImage, "kamion.heic")`).
 */
export const PHOTO_FIELD = codes("photo", [
  "notImage",
  "tooLarge",
  "imageTooManyPixels",
  "tooManyPixels",
  "tooManyPixelsTogether",
  "failed",
]);

/** The moderation dialog's field code (its words are LISTING_MESSAGES in app/messages/listings.ts). */
export const MODERATION_FIELD = codes("listing", ["rejectNoteRequired"]);

export function photoCountError(count: number): string | null {
  return count > MAX_PHOTOS ? LISTING_FIELD.photosCount : null;
}

/**
 * The poster's own address on the public forms (docs/decisions/300): required there, kept apart
 * from the contact fields (it is not shown in the listing).
 */
export const posterSchema = z.object({
  posterEmail: clean(254)
    .transform((v) => v.toLowerCase())
    .refine((v) => v !== "", OWNER_FIELD.posterEmailRequired)
    .refine((v) => v === "" || isValidEmail(v), OWNER_FIELD.posterEmailInvalid),
});

/** What the forms read with `getAll` (parseForm `lists`). */
export const JOB_FORM_LISTS = ["equipment", "endorsements"] as const;
