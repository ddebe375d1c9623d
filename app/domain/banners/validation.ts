/**
 * The banner form (spec §5 Banner): one schema for the action and the client. On save the unused
 * link type is cleared and empty dates become null.
 */
import { z } from "zod";
import { codes } from "~/domain/result";
import { checkbox, type FormValues, reportIssues, sentField } from "~/lib/form";
import {
  ALL_POSITIONS,
  BANNER_POSITIONS,
  BANNER_SECTIONS,
  type BannerSection,
  isHttpUrl,
  linkTypeOf,
} from "./rules";

export const BANNER_TYPES = ["banner", "square", "rectangle", "skyscraper", "sidebar"] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

export const BANNER_TYPE_LABELS: Record<BannerType, string> = {
  banner: "Banner (širok)",
  square: "Kvadrat",
  rectangle: "Pravougaonik",
  skyscraper: "Neboder (visok)",
  sidebar: "Bočna traka",
};

/**
 * The codes of the banner form's fields (spec §5 Banner); their words are BANNER_FIELD_MESSAGES in
 * app/messages/banners.ts under the same keys (decision 271).
 */
export const BANNER_FIELD = codes("banner", [
  "titleRequired",
  "titleTooLong",
  "section",
  "positionRequired",
  "positionOutsideSection",
  "type",
  "linkRequired",
  "linkInvalid",
  "phoneRequired",
  "phoneInvalid",
  "backgroundColor",
  "imageUrl",
  "dateInvalid",
  "endBeforeStart",
  "priority",
  "messageTooLong",
  "companyTooLong",
]);
const F = BANNER_FIELD;

export type BannerFormValues = {
  title: string;
  company: string;
  section: string;
  position: string;
  type: string;
  linkType: string;
  link: string;
  phone: string;
  message: string;
  backgroundColor: string;
  imageUrl: string;
  active: boolean;
  startDate: string;
  endDate: string;
  priority: string;
};

export type BannerField = keyof BannerFormValues;

/** What the database receives. */
export type BannerInput = {
  title: string;
  company: string | null;
  section: BannerSection;
  position: string;
  type: BannerType;
  link: string | null;
  phone: string | null;
  message: string | null;
  backgroundColor: string | null;
  imageUrl: string | null;
  active: boolean;
  startDate: string | null;
  endDate: string | null;
  priority: number;
};

export type BannerValidation =
  | { ok: true; value: BannerInput }
  | { ok: false; fieldErrors: Partial<Record<BannerField, string>> };

const blank = (v: string) => v.trim() === "";
const orNull = (v: string) => (blank(v) ? null : v.trim());
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A site path (/demo/x.svg, /media/…) or an absolute http(s) URL. */
export function isImageUrl(value: string): boolean {
  return (value.startsWith("/") && !value.startsWith("//") && !/\s/.test(value)) || isHttpUrl(value);
}

export function validateBanner(values: BannerFormValues): BannerValidation {
  const errors: Partial<Record<BannerField, string>> = {};
  const title = values.title.trim();
  if (!title) errors.title = F.titleRequired;
  else if (title.length > 200) errors.title = F.titleTooLong;

  const section = values.section as BannerSection;
  if (!BANNER_SECTIONS.includes(section)) errors.section = F.section;
  const position = values.position.trim();
  if (!position) errors.position = F.positionRequired;
  else if (BANNER_SECTIONS.includes(section) && ALL_POSITIONS.includes(position)) {
    if (!BANNER_POSITIONS[section].includes(position)) errors.position = F.positionOutsideSection;
  }
  const type = values.type as BannerType;
  if (!BANNER_TYPES.includes(type)) errors.type = F.type;

  const linkType = values.linkType === "phone" ? "phone" : "url";
  let link: string | null = null;
  let phone: string | null = null;
  if (linkType === "url") {
    link = orNull(values.link);
    if (!link) errors.link = F.linkRequired;
    else if (!isHttpUrl(link)) errors.link = F.linkInvalid;
  } else {
    phone = orNull(values.phone);
    const digits = phone?.replace(/\D/g, "") ?? "";
    if (!phone) errors.phone = F.phoneRequired;
    else if (!/^[+\d\s().-]+$/.test(phone) || digits.length < 7 || digits.length > 15)
      errors.phone = F.phoneInvalid;
  }

  const backgroundColor = orNull(values.backgroundColor);
  if (backgroundColor && !/^#[0-9a-fA-F]{6}$/.test(backgroundColor))
    errors.backgroundColor = F.backgroundColor;
  const imageUrl = orNull(values.imageUrl);
  if (imageUrl && !isImageUrl(imageUrl)) errors.imageUrl = F.imageUrl;

  const startDate = orNull(values.startDate);
  const endDate = orNull(values.endDate);
  if (startDate && !validDay(startDate)) errors.startDate = F.dateInvalid;
  if (endDate && !validDay(endDate)) errors.endDate = F.dateInvalid;
  if (startDate && endDate && validDay(startDate) && validDay(endDate) && endDate < startDate)
    errors.endDate = F.endBeforeStart;

  const priorityText = values.priority.trim() === "" ? "0" : values.priority.trim();
  const priority = Number(priorityText);
  if (!/^-?\d+$/.test(priorityText) || !Number.isSafeInteger(priority) || Math.abs(priority) > 1000)
    errors.priority = F.priority;

  const message = orNull(values.message);
  if (message && message.length > 300) errors.message = F.messageTooLong;
  const company = orNull(values.company);
  if (company && company.length > 200) errors.company = F.companyTooLong;

  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: {
      title,
      company,
      section,
      position,
      type,
      link,
      phone,
      message,
      backgroundColor,
      imageUrl,
      active: values.active,
      startDate,
      endDate,
      priority,
    },
  };
}

/**
 * The banner form's schema (`parseForm(bannerFormSchema, form)`): the fields as typed, checked
 * together by `validateBanner`, so every error comes back at once.
 */
export const bannerFormSchema = z
  .object({
    title: sentField(),
    company: sentField(),
    section: sentField(),
    position: sentField(),
    type: sentField(),
    linkType: sentField(),
    link: sentField(),
    phone: sentField(),
    message: sentField(),
    backgroundColor: sentField(),
    imageUrl: sentField(),
    active: checkbox(),
    startDate: sentField(),
    endDate: sentField(),
    priority: sentField(),
  })
  .transform((values, ctx) => {
    const result = validateBanner(values);
    return result.ok ? result.value : reportIssues(ctx, result.fieldErrors);
  });

/** The form's values of a stored banner, or of a new one in `section` (create mode). */
export function bannerFormValues(
  banner: (Omit<BannerInput, "section" | "type"> & { section: string; type: string }) | null,
  section: BannerSection = "home",
): FormValues {
  if (!banner) {
    return {
      section,
      position: BANNER_POSITIONS[section][0],
      type: "banner",
      linkType: "url",
      active: "on",
      priority: "0",
    };
  }
  return {
    title: banner.title,
    company: banner.company ?? "",
    section: banner.section,
    position: banner.position,
    type: banner.type,
    linkType: linkTypeOf(banner),
    link: banner.link ?? "",
    phone: banner.phone ?? "",
    message: banner.message ?? "",
    backgroundColor: banner.backgroundColor ?? "",
    imageUrl: banner.imageUrl ?? "",
    active: banner.active ? "on" : "",
    startDate: banner.startDate ?? "",
    endDate: banner.endDate ?? "",
    priority: String(banner.priority),
  };
}
