/**
 * How listings read on the page: pay, price, miles, URLs. Pure, shared by server and browser.
 */
import { parseArticleParam, slugText } from "~/domain/articles/slug";
import {
  KIND_SECTIONS,
  type ListingKind,
  type PayUnit,
  ROUTE_TYPE_LABELS,
  type RouteType,
  SALE_CATEGORY_LABELS,
  type SaleCategory,
} from "./options";

const whole = new Intl.NumberFormat("sr-Latn", { maximumFractionDigits: 2 });
const perMile = new Intl.NumberFormat("sr-Latn", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const PAY_SUFFIX: Record<PayUnit, string> = {
  "per-mile": "$ po milji",
  "per-week": "$ nedeljno",
  percent: "% od tovara",
  "per-year": "$ godišnje",
};

/** "0,65 $ po milji", "1.500–2.200 $ nedeljno", "25 % od tovara"; null when the pay is not given. */
export function formatPay(min: number | null, max: number | null, unit: PayUnit | null): string | null {
  if (!unit || min === null) return null;
  const fmt = unit === "per-mile" ? perMile : whole;
  const amount = max !== null && max !== min ? `${fmt.format(min)}–${fmt.format(max)}` : fmt.format(min);
  return `${amount} ${PAY_SUFFIX[unit]}`;
}

/** "45.000 $", "49,99 $" or "Po dogovoru". */
export function formatPrice(cents: number | null): string {
  if (cents === null) return "Po dogovoru";
  return `${whole.format(cents / 100)} $`;
}

/** "412.000 milja", "3 milje" (Serbian plural). */
export function formatMileage(miles: number | null): string | null {
  if (miles === null) return null;
  const few = miles % 10 >= 2 && miles % 10 <= 4 && (miles % 100 < 12 || miles % 100 > 14);
  return `${whole.format(miles)} ${few ? "milje" : "milja"}`;
}

export function formatPlace(city: string, state: string): string {
  return [city, state].filter(Boolean).join(", ");
}

/** The short line under a job's title: "OTR (duge ture) · Chicago, Illinois". */
export function jobSubtitle(job: { routeType: RouteType | null; city: string; state: string }): string {
  return [job.routeType ? ROUTE_TYPE_LABELS[job.routeType] : null, formatPlace(job.city, job.state)]
    .filter(Boolean)
    .join(" · ");
}

export function saleSubtitle(sale: {
  saleCategory: SaleCategory | null;
  year: number | null;
  city: string;
  state: string;
}): string {
  return [
    sale.saleCategory ? SALE_CATEGORY_LABELS[sale.saleCategory] : null,
    sale.year ? `${sale.year}. godište` : null,
    formatPlace(sale.city, sale.state),
  ]
    .filter(Boolean)
    .join(" · ");
}

type LinkableListing = { id: number; kind: ListingKind; title: string };

/**
 * The URL segment of a listing: `{slug}-{id}`, the slug made from the title like an article's
 * (decision 030); a title too short for a slug gives `oglas-{id}`. Only the id identifies it.
 */
export function listingParam(listing: { id: number; title: string }): string {
  const slug = slugText(listing.title);
  return `${slug.length >= 3 ? slug : "oglas"}-${listing.id}`;
}

/** `/poslovi/{slug}-{id}` or `/kupoprodaja/{slug}-{id}` — the one URL every link uses. */
export function listingPath(listing: LinkableListing): string {
  return `${KIND_SECTIONS[listing.kind].path}/${listingParam(listing)}`;
}

/** The kind of listing a path belongs to: `/poslovi/…` or `/kupoprodaja/…`. */
export function listingKindOfPath(pathname: string): ListingKind {
  const jobs = KIND_SECTIONS.job.path;
  return pathname === jobs || pathname.startsWith(`${jobs}/`) ? "job" : "sale";
}

/** The id in a listing URL segment (the numeric suffix), or null. */
export function parseListingParam(param: string | undefined): number | null {
  return param ? parseArticleParam(param) : null;
}

/** `tel:` links want the digits (and a leading +) only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}
