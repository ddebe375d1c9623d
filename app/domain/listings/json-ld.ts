/**
 * Structured data for search engines (decision 093): schema.org `JobPosting` for a job (the fields
 * Google's job search requires — title, description, datePosted, validThrough, hiringOrganization,
 * jobLocation — plus employmentType, identifier and baseSalary when the pay has a time unit) and
 * `Product` (+ `Vehicle` for trucks and trailers) with an `Offer` for buy/sell. Pure.
 */

import { escapeHtml } from "~/lib/escape-html";
import { formatMileage, formatPay, formatPrice } from "./format";
import {
  CDL_LABELS,
  CONDITION_LABELS,
  ENDORSEMENT_LABELS,
  EQUIPMENT_LABELS,
  HOME_TIME_LABELS,
  type JobPosition,
  POSITION_LABELS,
  ROUTE_TYPE_LABELS,
  SALE_CATEGORY_LABELS,
  type SaleCondition,
} from "./options";
import { STATE_CODES } from "./states";
import type { ListingDetail } from "./types";

type JsonLd = Record<string, unknown>;

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so the text can never close it. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const EMPLOYMENT_TYPES: Record<JobPosition, string> = {
  "company-driver": "FULL_TIME",
  "owner-operator": "CONTRACTOR",
  "lease-purchase": "CONTRACTOR",
  team: "FULL_TIME",
  dispatcher: "FULL_TIME",
  mechanic: "FULL_TIME",
  other: "OTHER",
};

const CONDITION_URLS: Record<SaleCondition, string> = {
  new: "https://schema.org/NewCondition",
  used: "https://schema.org/UsedCondition",
  damaged: "https://schema.org/DamagedCondition",
};

/** Plain text as HTML paragraphs (blank lines) and line breaks, every character escaped. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The facts of a job as label/value lines (the page, the admin preview and the JSON-LD share them). */
export function jobFacts(job: ListingDetail): { label: string; value: string }[] {
  const facts = [
    { label: "Vrsta posla", value: job.position ? POSITION_LABELS[job.position] : "" },
    { label: "Ture", value: job.routeType ? ROUTE_TYPE_LABELS[job.routeType] : "" },
    { label: "Oprema", value: job.equipment.map((e) => EQUIPMENT_LABELS[e]).join(", ") },
    { label: "CDL", value: job.cdlClass ? CDL_LABELS[job.cdlClass] : "" },
    { label: "Dozvole (endorsements)", value: job.endorsements.map((e) => ENDORSEMENT_LABELS[e]).join(", ") },
    { label: "Plata", value: formatPay(job.payMin, job.payMax, job.payUnit) ?? "" },
    { label: "Kod kuće", value: job.homeTime ? HOME_TIME_LABELS[job.homeTime] : "" },
  ];
  return facts.filter((f) => f.value);
}

export function saleFacts(sale: ListingDetail): { label: string; value: string }[] {
  const facts = [
    { label: "Kategorija", value: sale.saleCategory ? SALE_CATEGORY_LABELS[sale.saleCategory] : "" },
    { label: "Cena", value: formatPrice(sale.priceCents) },
    { label: "Marka", value: sale.make ?? "" },
    { label: "Model", value: sale.model ?? "" },
    { label: "Godište", value: sale.year ? String(sale.year) : "" },
    { label: "Pređeno", value: formatMileage(sale.mileage) ?? "" },
    { label: "Stanje", value: sale.condition ? CONDITION_LABELS[sale.condition] : "" },
  ];
  return facts.filter((f) => f.value);
}

const absolute = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

function address(listing: ListingDetail): JsonLd {
  return {
    "@type": "PostalAddress",
    addressLocality: listing.city,
    addressRegion: STATE_CODES[listing.state] ?? listing.state,
    addressCountry: "US",
  };
}

export type JsonLdContext = {
  /** The listing's canonical URL. */
  url: string;
  origin: string;
  siteName: string;
  /** The linked directory company's site, if any (hiringOrganization.sameAs). */
  companyWebsite?: string | null;
  companyLogo?: string | null;
};

/** schema.org JobPosting. Dates are the approval (datePosted) and the expiry (validThrough). */
export function jobPostingJsonLd(job: ListingDetail, ctx: JsonLdContext): JsonLd {
  const details = jobFacts(job)
    .map((f) => `<li>${escapeHtml(f.label)}: ${escapeHtml(f.value)}</li>`)
    .join("");
  const description = [
    textToHtml(job.description),
    job.requirements ? `<p><strong>Uslovi:</strong></p>${textToHtml(job.requirements)}` : "",
    details ? `<ul>${details}</ul>` : "",
  ].join("");
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description,
    datePosted: (job.approvedAt ?? job.createdAt).toISOString(),
    validThrough: job.expiresAt?.toISOString(),
    employmentType: job.position ? EMPLOYMENT_TYPES[job.position] : undefined,
    hiringOrganization: {
      "@type": "Organization",
      name: job.companyName ?? job.contactName,
      ...(ctx.companyWebsite ? { sameAs: ctx.companyWebsite } : {}),
      ...(ctx.companyLogo ? { logo: absolute(ctx.origin, ctx.companyLogo) } : {}),
    },
    jobLocation: { "@type": "Place", address: address(job) },
    identifier: { "@type": "PropertyValue", name: ctx.siteName, value: String(job.id) },
    url: ctx.url,
    directApply: false,
    inLanguage: "sr-Latn",
  };
  // Google's baseSalary takes HOUR, DAY, WEEK, MONTH or YEAR: per-mile and percent pay stay in the text.
  const unitText = job.payUnit === "per-week" ? "WEEK" : job.payUnit === "per-year" ? "YEAR" : null;
  if (unitText && job.payMin !== null) {
    const value =
      job.payMax !== null && job.payMax !== job.payMin
        ? { minValue: job.payMin, maxValue: job.payMax }
        : { value: job.payMin };
    ld.baseSalary = {
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", ...value, unitText },
    };
  }
  return ld;
}

/** schema.org Product (and Vehicle for trucks and trailers) with an Offer when the price is given. */
export function saleJsonLd(sale: ListingDetail, ctx: JsonLdContext): JsonLd {
  const vehicle = sale.saleCategory === "truck" || sale.saleCategory === "trailer";
  const ld: JsonLd = {
    "@context": "https://schema.org",
    "@type": vehicle ? ["Product", "Vehicle"] : "Product",
    name: sale.title,
    description: sale.description,
    url: ctx.url,
    sku: String(sale.id),
    category: sale.saleCategory ? SALE_CATEGORY_LABELS[sale.saleCategory] : undefined,
    image: sale.photos.length > 0 ? sale.photos.map((p) => absolute(ctx.origin, p.url)) : undefined,
    brand: sale.make ? { "@type": "Brand", name: sale.make } : undefined,
    model: sale.model ?? undefined,
    itemCondition: sale.condition ? CONDITION_URLS[sale.condition] : undefined,
  };
  if (vehicle) {
    if (sale.year) ld.vehicleModelDate = String(sale.year);
    if (sale.mileage !== null) {
      ld.mileageFromOdometer = { "@type": "QuantitativeValue", value: sale.mileage, unitCode: "SMI" };
    }
  }
  if (sale.priceCents !== null) {
    ld.offers = {
      "@type": "Offer",
      url: ctx.url,
      price: (sale.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      itemCondition: sale.condition ? CONDITION_URLS[sale.condition] : undefined,
      priceValidUntil: sale.expiresAt ? sale.expiresAt.toISOString().slice(0, 10) : undefined,
      seller: { "@type": "Person", name: sale.contactName },
      availableAtOrFrom: { "@type": "Place", address: address(sale) },
    };
  }
  return ld;
}
