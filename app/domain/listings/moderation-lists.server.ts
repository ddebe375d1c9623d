/**
 * The admin side of listings: the moderation list and its tab counts, the sidebar badge, and
 * status changes — one UPDATE whose WHERE names the statuses it may start from (rules.ts).
 */
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { listings } from "~/db/schema";
import { plusDays, searchMatches, ts } from "./listing-sql.server";
import { LISTING_LIFETIME_DAYS, type ListingKind, type ListingStatus } from "./options";
import { CHANGE_FROM, type StatusChange } from "./rules";
import type { ListingDetail } from "./types";

export type AdminListFilter = {
  status?: ListingStatus;
  kind?: ListingKind;
  q?: string;
  page: number;
  pageSize: number;
};

function adminWhere(filter: Omit<AdminListFilter, "page" | "pageSize" | "status">): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.kind) parts.push(eq(listings.kind, filter.kind));
  if (filter.q) parts.push(searchMatches(filter.q));
  return parts.length ? and(...parts) : undefined;
}

export type AdminListingRow = {
  id: number;
  kind: ListingKind;
  status: ListingStatus;
  title: string;
  companyName: string | null;
  saleCategory: ListingDetail["saleCategory"];
  city: string;
  state: string;
  contactName: string;
  createdAt: Date;
  approvedAt: Date | null;
  expiresAt: Date | null;
  featuredUntil: Date | null;
  /** Marked filled or sold by the poster. */
  filledAt: Date | null;
  /** A poster's edit of this live listing, waiting for approval. */
  revisionOf: number | null;
  photoCount: number;
};

/** One page of the admin list (a status tab, optionally one kind and a search), newest posting first. */
export async function listAdminListings(
  db: DbOrTx,
  filter: AdminListFilter,
): Promise<{ rows: AdminListingRow[]; total: number }> {
  const where = and(adminWhere(filter), filter.status ? eq(listings.status, filter.status) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: listings.id,
        kind: listings.kind,
        status: listings.status,
        title: listings.title,
        companyName: listings.companyName,
        saleCategory: listings.saleCategory,
        city: listings.city,
        state: listings.state,
        contactName: listings.contactName,
        createdAt: listings.createdAt,
        approvedAt: listings.approvedAt,
        expiresAt: listings.expiresAt,
        featuredUntil: listings.featuredUntil,
        filledAt: listings.filledAt,
        revisionOf: listings.revisionOf,
        photoCount:
          sql<number>`(select count(*) from listing_photos p where p.listing_id = listings.id)`.mapWith(
            Number,
          ),
      })
      .from(listings)
      .where(where)
      .orderBy(sql`${listings.createdAt} desc nulls last`, desc(listings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { rows, total: Number(n) };
}

export type StatusCounts = Record<ListingStatus | "all", number>;

/** The tab counts, from one GROUP BY (for the chosen kind and search). */
export async function countListingsByStatus(
  db: DbOrTx,
  filter: { kind?: ListingKind; q?: string } = {},
): Promise<StatusCounts> {
  const rows = await db
    .select({ status: listings.status, n: count() })
    .from(listings)
    .where(adminWhere(filter))
    .groupBy(listings.status);
  const counts: StatusCounts = { all: 0, pending: 0, approved: 0, rejected: 0, expired: 0 };
  for (const r of rows) {
    counts[r.status] = Number(r.n);
    counts.all += Number(r.n);
  }
  return counts;
}

/** The sidebar badge: listings waiting for a decision. */
export async function countPendingListings(db: DbOrTx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(listings).where(eq(listings.status, "pending"));
  return Number(n);
}

/** `reviewer`: the staff member's e-mail, or null for the poster's own renewal (no review is recorded). */
export type ChangeOptions = { reviewer: string | null; note?: string | null; now?: Date };

/**
 * Moves listings through a status change (approve, reject, back to pending, renew). Only listings
 * in a status the change may start from are touched; returns the ids that changed.
 *
 * - approve / renew: public for 30 days from now; promotion days paid while the listing was not
 *   public start now (extending a running promotion), and the listing stays public at least as
 *   long as its promotion.
 * - pending: leaves the site until a new decision.
 *
 * A poster's edit waiting for approval (a revision row) is never published by these: approving it
 * merges it into its listing (revisions.server.ts).
 */
export async function changeListingStatus(
  db: DbOrTx,
  ids: readonly number[],
  change: StatusChange,
  options: ChangeOptions,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const now = options.now ?? new Date();
  const note = options.note?.trim() || null;
  const review = options.reviewer
    ? { reviewedAt: now, reviewedBy: options.reviewer, updatedAt: now }
    : { updatedAt: now };
  const newFeatured = sql`case when ${listings.featuredDaysPending} > 0
    then greatest(coalesce(${listings.featuredUntil}, ${ts(now)}), ${ts(now)}) + (${listings.featuredDaysPending} * interval '1 day')
    else ${listings.featuredUntil} end`;
  const publish = {
    status: "approved" as const,
    featuredUntil: newFeatured,
    featuredDaysPending: 0,
    expiresAt: sql`greatest(${plusDays(now, LISTING_LIFETIME_DAYS)}, ${newFeatured})`,
  };
  const set =
    change === "approve"
      ? { ...review, ...publish, approvedAt: now, adminNote: note }
      : change === "renew"
        ? { ...review, ...publish }
        : change === "reject"
          ? { ...review, status: "rejected" as const, adminNote: note }
          : { ...review, status: "pending" as const, expiresAt: null, ...(note ? { adminNote: note } : {}) };
  const rows = await db
    .update(listings)
    .set(set)
    .where(
      and(
        inArray(listings.id, [...ids]),
        inArray(listings.status, [...CHANGE_FROM[change]]),
        change === "approve" || change === "renew" ? isNull(listings.revisionOf) : undefined,
      ),
    )
    .returning({ id: listings.id });
  return rows.map((r) => r.id);
}
