/**
 * The life cycle of a listing (decision 091), as pure rules shared by the queries, the screens and
 * the tests.
 *
 *   posted → pending ─approve→ approved ─(expiry date passes)→ expired
 *               │  ↖──────────── pending ──────────────────────┘   │
 *               └─reject→ rejected ─approve→ approved              renew → approved (30 more days)
 *
 * An approved listing is public ("live") until `expires_at`; the public pages check the date
 * themselves, so it leaves them at that moment even before the periodic job marks it expired.
 */
import { LISTING_LIFETIME_DAYS, type ListingStatus } from "./options";

const DAY_MS = 86_400_000;

export type StatusChange = "approve" | "reject" | "pending" | "renew";
export type ModerationAction = StatusChange | "edit" | "delete";

/** The statuses each change may start from (the queries use the same list in their WHERE). */
export const CHANGE_FROM: Record<StatusChange, readonly ListingStatus[]> = {
  approve: ["pending", "rejected"],
  reject: ["pending", "approved"],
  pending: ["approved", "rejected", "expired"],
  renew: ["approved", "expired"],
};

/** What the admin may do with a listing in this status, in the order the buttons appear. */
export function actionsFor(status: ListingStatus): ModerationAction[] {
  const changes = (Object.keys(CHANGE_FROM) as StatusChange[]).filter((c) => CHANGE_FROM[c].includes(status));
  return [...changes, "edit", "delete"];
}

export function canChange(status: ListingStatus, change: StatusChange): boolean {
  return CHANGE_FROM[change].includes(status);
}

/** The expiry of an approval or renewal made at `from`. */
export function expiryFrom(from: Date, days = LISTING_LIFETIME_DAYS): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

type Timed = { status: ListingStatus; expiresAt: Date | string | null };

const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** Public: approved and not past its expiry. */
export function isLive(listing: Timed, now = new Date()): boolean {
  const expires = time(listing.expiresAt);
  return listing.status === "approved" && expires !== null && expires > now.getTime();
}

/**
 * What a visitor gets for a listing's page: the page (`live`), 410 Gone (`expired`: it was public
 * and its time is over) or 404 (`missing`: never public, rejected, back in review, or no such id).
 */
export function publicAvailability(listing: Timed | null, now = new Date()): "live" | "expired" | "missing" {
  if (!listing) return "missing";
  if (isLive(listing, now)) return "live";
  if (listing.status === "expired" || listing.status === "approved") return "expired";
  return "missing";
}

/** Promoted: `featured_until` still ahead. */
export function isFeatured(featuredUntil: Date | string | null, now = new Date()): boolean {
  const until = time(featuredUntil);
  return until !== null && until > now.getTime();
}

/**
 * A promotion of `days` bought now: it extends a running one instead of overlapping it
 * (the payments issue). Returns the new end.
 */
export function extendFeatured(current: Date | null, days: number, now = new Date()): Date {
  const start = current && current.getTime() > now.getTime() ? current : now;
  return addDays(start, days);
}
