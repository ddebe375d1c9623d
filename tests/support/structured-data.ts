/**
 * What search engines require of our structured data, as a checker the unit tests and the
 * Playwright tests share. It follows Google Search Central's documented required properties:
 *
 * - JobPosting: title, description, datePosted (ISO 8601), hiringOrganization with a name,
 *   jobLocation with a PostalAddress naming at least the country (we also require the region and
 *   locality, which job search needs to place a US job), validThrough (ISO 8601, after
 *   datePosted) for postings that expire; baseSalary, when present, a MonetaryAmount with a
 *   currency and a QuantitativeValue whose unitText is HOUR, DAY, WEEK, MONTH or YEAR.
 * - Product snippets: name, and offers (or a review/rating, which we never have) whose Offer has
 *   a positive price and a three-letter currency.
 *
 * Returns the problems found; an empty list means valid.
 */
type Json = Record<string, unknown>;

const isIso = (v: unknown) =>
  typeof v === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));
const text = (v: unknown) => typeof v === "string" && v.trim().length > 0;
const types = (v: Json) => (Array.isArray(v["@type"]) ? (v["@type"] as string[]) : [v["@type"] as string]);

export function jobPostingProblems(ld: Json): string[] {
  const problems: string[] = [];
  if (ld["@context"] !== "https://schema.org") problems.push("@context");
  if (!types(ld).includes("JobPosting")) problems.push("@type JobPosting");
  if (!text(ld.title)) problems.push("title");
  if (!text(ld.description)) problems.push("description");
  if (!isIso(ld.datePosted)) problems.push("datePosted");
  if (!isIso(ld.validThrough)) problems.push("validThrough");
  else if (
    isIso(ld.datePosted) &&
    Date.parse(ld.validThrough as string) <= Date.parse(ld.datePosted as string)
  ) {
    problems.push("validThrough after datePosted");
  }
  const org = ld.hiringOrganization as Json | undefined;
  if (org?.["@type"] !== "Organization" || !text(org.name)) problems.push("hiringOrganization.name");
  const place = ld.jobLocation as Json | undefined;
  const address = place?.address as Json | undefined;
  if (place?.["@type"] !== "Place" || !address || address["@type"] !== "PostalAddress") {
    problems.push("jobLocation.address");
  } else {
    if (address.addressCountry !== "US") problems.push("jobLocation.address.addressCountry");
    if (!text(address.addressRegion)) problems.push("jobLocation.address.addressRegion");
    if (!text(address.addressLocality)) problems.push("jobLocation.address.addressLocality");
  }
  if (ld.employmentType !== undefined) {
    const allowed = [
      "FULL_TIME",
      "PART_TIME",
      "CONTRACTOR",
      "TEMPORARY",
      "INTERN",
      "VOLUNTEER",
      "PER_DIEM",
      "OTHER",
    ];
    if (!allowed.includes(ld.employmentType as string)) problems.push("employmentType");
  }
  if (ld.baseSalary !== undefined) {
    const salary = ld.baseSalary as Json;
    const value = salary.value as Json | undefined;
    if (salary["@type"] !== "MonetaryAmount" || !/^[A-Z]{3}$/.test(String(salary.currency))) {
      problems.push("baseSalary.currency");
    }
    if (!value || !["HOUR", "DAY", "WEEK", "MONTH", "YEAR"].includes(String(value.unitText))) {
      problems.push("baseSalary.value.unitText");
    }
    if (!value || (typeof value.value !== "number" && typeof value.minValue !== "number")) {
      problems.push("baseSalary.value");
    }
  }
  return problems;
}

export function productProblems(ld: Json): string[] {
  const problems: string[] = [];
  if (ld["@context"] !== "https://schema.org") problems.push("@context");
  if (!types(ld).includes("Product")) problems.push("@type Product");
  if (!text(ld.name)) problems.push("name");
  const offer = ld.offers as Json | undefined;
  if (offer?.["@type"] !== "Offer") {
    problems.push("offers");
  } else {
    if (!(Number(offer.price) > 0)) problems.push("offers.price");
    if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency))) problems.push("offers.priceCurrency");
  }
  return problems;
}
