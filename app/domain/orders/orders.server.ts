/**
 * Card-payment orders, the reading side: the admin screen's page, summary and detail (spec §2
 * Card-payment orders, §7 "select all, newest first"), and the success page's lookup. Filtered,
 * counted and paged in SQL.
 */
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { listings, stripeOrders } from "~/db/schema";
import { DISPLAY_TIME_ZONE } from "~/lib/dates";
import { type AdminOrder, emptyOrderSummary, ORDERS_PAGE_SIZE, type OrderSummary } from "./types";

export type { AdminOrder, OrderSummary };

export type OrderFilter = {
  /** Product name, customer e-mail or name, session id; diacritic- and case-insensitive. */
  q?: string;
  /** Orders from this New York day's midnight on (YYYY-MM-DD); all when absent. */
  sinceDay?: string | null;
  /** Only orders with this payment status (the table; the summary cards count every status). */
  status?: string | null;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(filter: OrderFilter): SQL | undefined {
  const parts: SQL[] = [];
  const q = filter.q?.trim();
  if (q) parts.push(sql`${stripeOrders.searchText} like '%' || search_norm(${escapeLike(q)}) || '%'`);
  if (filter.sinceDay && /^\d{4}-\d{2}-\d{2}$/.test(filter.sinceDay)) {
    parts.push(
      sql`${stripeOrders.createdAt} >= (${filter.sinceDay}::date::timestamp at time zone ${DISPLAY_TIME_ZONE})`,
    );
  }
  if (filter.status) parts.push(eq(stripeOrders.paymentStatus, filter.status));
  return parts.length > 0 ? and(...parts) : undefined;
}

const orderColumns = {
  id: stripeOrders.id,
  stripeSessionId: stripeOrders.stripeSessionId,
  stripePaymentIntentId: stripeOrders.stripePaymentIntentId,
  productId: stripeOrders.productId,
  productName: stripeOrders.productName,
  customerName: stripeOrders.customerName,
  customerEmail: stripeOrders.customerEmail,
  amount: stripeOrders.amount,
  currency: stripeOrders.currency,
  paymentStatus: stripeOrders.paymentStatus,
  billingAddress: stripeOrders.billingAddress,
  metadata: stripeOrders.metadata,
  createdAt: stripeOrders.createdAt,
  updatedAt: stripeOrders.updatedAt,
  featuredDays: stripeOrders.featuredDays,
  promotedAt: stripeOrders.promotedAt,
  promotionWithdrawnAt: stripeOrders.promotionWithdrawnAt,
  listingId: listings.id,
  listingKind: listings.kind,
  listingTitle: listings.title,
  listingStatus: listings.status,
  listingExpiresAt: listings.expiresAt,
  listingFeaturedUntil: listings.featuredUntil,
};

function selectOrders(db: DbOrTx) {
  return db
    .select(orderColumns)
    .from(stripeOrders)
    .leftJoin(listings, eq(listings.id, stripeOrders.listingId));
}
type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

function toAdminOrder(row: OrderRow): AdminOrder {
  const {
    listingId,
    listingKind,
    listingTitle,
    listingStatus,
    listingExpiresAt,
    listingFeaturedUntil,
    ...order
  } = row;
  return {
    ...order,
    listing:
      listingId === null || listingKind === null || listingTitle === null || listingStatus === null
        ? null
        : {
            id: listingId,
            kind: listingKind,
            title: listingTitle,
            status: listingStatus,
            expiresAt: listingExpiresAt,
            featuredUntil: listingFeaturedUntil,
          },
  };
}

/** One page of orders, newest first, with the listing each one promotes. */
export async function listOrders(
  db: DbOrTx,
  filter: OrderFilter & { page: number; pageSize?: number },
): Promise<{ rows: AdminOrder[]; total: number }> {
  const pageSize = filter.pageSize ?? ORDERS_PAGE_SIZE;
  const where = whereOf(filter);
  const [rows, [{ n }]] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(desc(stripeOrders.createdAt), desc(stripeOrders.id))
      .limit(pageSize)
      .offset((filter.page - 1) * pageSize),
    db.select({ n: count() }).from(stripeOrders).where(where),
  ]);
  return { rows: rows.map(toAdminOrder), total: Number(n) };
}

/**
 * The summary cards for the same search and period as the table (whatever its status filter):
 * counts by status, revenue of paid orders (refunded and disputed money is not revenue).
 */
export async function orderSummary(db: DbOrTx, filter: OrderFilter): Promise<OrderSummary> {
  const rows = await db
    .select({
      status: stripeOrders.paymentStatus,
      currency: stripeOrders.currency,
      n: count(),
      amount: sql<number>`coalesce(sum(${stripeOrders.amount}), 0)`.mapWith(Number),
    })
    .from(stripeOrders)
    .where(whereOf({ ...filter, status: null }))
    .groupBy(stripeOrders.paymentStatus, stripeOrders.currency);
  const summary = emptyOrderSummary();
  for (const r of rows) {
    const n = Number(r.n);
    if (r.status === "paid") {
      summary.paid += n;
      summary.revenue.push({ currency: r.currency, amount: r.amount });
    } else if (r.status === "pending") summary.pending += n;
    else if (r.status === "failed") summary.failed += n;
    else if (r.status === "refunded") summary.refunded += n;
    else if (r.status === "disputed") summary.disputed += n;
    else summary.other += n;
  }
  summary.revenue.sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
  return summary;
}

/** The order a Checkout Session became (the success page), with its listing. */
export async function orderForSession(db: DbOrTx, sessionId: string): Promise<AdminOrder | null> {
  const [row] = await selectOrders(db).where(eq(stripeOrders.stripeSessionId, sessionId)).limit(1);
  return row ? toAdminOrder(row) : null;
}
