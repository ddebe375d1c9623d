import type { listings, stripeOrders } from "~/db/schema";
import { DEFAULT_PRODUCTS } from "~/domain/orders/products";
import { emailLocalPart, personName } from "./people";
import { US_STATES } from "./places";
import { createRandom } from "./random";

export type NewOrder = typeof stripeOrders.$inferInsert;
type NewListing = typeof listings.$inferInsert;

export const ORDER_COUNT = 60;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const STREETS = [
  "Main St",
  "Oak Ave",
  "Industrial Dr",
  "Commerce Blvd",
  "Lincoln Hwy",
  "Elm St",
  "Logistics Pkwy",
  "Cedar Rd",
];

/** An order of the demo, tied to a listing by its index in the listing plans (ids exist later). */
export type OrderPlan = { listingIndex: number; order: Omit<NewOrder, "listingId"> };

const time = (d: Date | null | undefined) => (d ? d.getTime() : null);

/**
 * The demo's card-payment orders, written the way the webhook writes them (docs/decisions/131):
 * promotion packages bought for demo listings, with the listing, package and days in the metadata.
 * Paid orders promoted their listing — the listings' `featured_until` is set here to match
 * (`listingPlans` is changed in place: the featured live listings got their promotion from an
 * order, older listings had one that ended). Pending orders are bank debits still running, failed
 * ones bank debits that were refused, and two paid orders were refunded later (a status the admin
 * list shows neutral).
 */
export function planOrders(listingPlans: NewListing[], now: Date): OrderPlan[] {
  const rng = createRandom("orders");
  const used = new Set<number>();
  const plans: OrderPlan[] = [];

  const indexes = listingPlans.map((_, i) => i);
  const approved = (i: number) => time(listingPlans[i].approvedAt);
  const live = (i: number) => listingPlans[i].status === "approved";
  const featuredNow = indexes.filter(
    (i) => live(i) && (time(listingPlans[i].featuredUntil) ?? 0) > now.getTime(),
  );
  // Listings that were public for at least 8 days before now (room for a 7-day promotion that ended).
  const seasoned = rng.shuffle(
    indexes.filter(
      (i) =>
        (listingPlans[i].status === "approved" || listingPlans[i].status === "expired") &&
        !featuredNow.includes(i) &&
        (approved(i) ?? Number.POSITIVE_INFINITY) < now.getTime() - 8 * DAY,
    ),
  );
  const recent = rng.shuffle(indexes.filter((i) => live(i) && !featuredNow.includes(i)));

  const take = (pool: number[]): number => {
    const i = pool.find((candidate) => !used.has(candidate));
    if (i === undefined) throw new Error("demo orders: not enough listings to promote");
    used.add(i);
    return i;
  };

  const order = (
    listingIndex: number,
    days: 7 | 30,
    createdAt: Date,
    status: string,
    settledAt: Date,
    promoted: boolean,
  ): OrderPlan => {
    const listing = listingPlans[listingIndex];
    const product = DEFAULT_PRODUCTS.find((p) => p.kind === listing.kind && p.days === days);
    if (!product) throw new Error(`demo orders: no ${days}-day product for ${listing.kind}`);
    const { first, last, full } = personName(rng);
    const state = rng.pick(US_STATES);
    const city = rng.pick(state.cities);
    return {
      listingIndex,
      order: {
        stripeSessionId: `cs_test_${rng.alphanumeric(58)}`,
        stripePaymentIntentId: `pi_${rng.alphanumeric(24)}`,
        productId: product.id,
        productName: product.name,
        customerName: full,
        customerEmail: `${emailLocalPart(first, last)}@example.com`,
        amount: product.amount,
        currency: product.currency,
        paymentStatus: status,
        billingAddress: {
          line1: `${rng.int(100, 9999)} ${rng.pick(STREETS)}`,
          line2: rng.chance(0.2) ? `Suite ${rng.int(100, 400)}` : null,
          city: city.name,
          state: state.code,
          postal_code: city.zip,
          country: "US",
        },
        // The listing id is filled in once the listings have theirs (seed.server.ts).
        metadata: {
          listing_kind: listing.kind,
          product_id: product.id,
          product_name: product.name,
          featured_days: String(days),
          source: "website",
        },
        featuredDays: days,
        promotedAt: promoted ? settledAt : null,
        createdAt,
        updatedAt: settledAt,
      },
    };
  };

  /** A paid promotion: featured from the purchase for its days (the listing stays public as long). */
  const promote = (i: number, days: 7 | 30, paidAt: Date, status = "paid", settledAt?: Date) => {
    const until = new Date(paidAt.getTime() + days * DAY);
    const listing = listingPlans[i];
    listing.featuredUntil = until;
    if ((time(listing.expiresAt) ?? 0) < until.getTime()) listing.expiresAt = until;
    plans.push(order(i, days, paidAt, status, settledAt ?? new Date(paidAt.getTime() + MINUTE), true));
  };

  // 1. The listings featured today got it from an order: bought after approval, still running.
  for (const i of featuredNow) {
    used.add(i);
    const from = approved(i) ?? now.getTime() - DAY;
    const paidAt = new Date(from + HOUR + rng.float() * Math.max(0, now.getTime() - from - 2 * HOUR));
    promote(i, paidAt.getTime() + 7 * DAY > now.getTime() + DAY ? 7 : 30, paidAt);
  }
  // 2. Paid promotions that have ended (7 days, some of 30 while the listing was public long enough).
  // A promotion ends before now and before its listing expired.
  const latestStart = (i: number, days: number) =>
    Math.min(now.getTime(), time(listingPlans[i].expiresAt) ?? now.getTime()) - days * DAY - HOUR;
  const between = (from: number, to: number) => new Date(from + rng.float() * Math.max(0, to - from));
  while (plans.length < 38) {
    const i = take(seasoned);
    promote(i, 7, between((approved(i) ?? 0) + HOUR, latestStart(i, 7)));
  }
  // 3. Two paid orders refunded days later (their promotion had run).
  for (let n = 0; n < 2; n++) {
    const i = take(seasoned);
    const paidAt = between((approved(i) ?? 0) + HOUR, latestStart(i, 7));
    promote(i, 7, paidAt, "refunded", new Date(paidAt.getTime() + (2 + rng.float() * 3) * DAY));
  }
  // 4. Bank debits still running (the last three days): nothing promoted yet.
  for (let n = 0; n < 10; n++) {
    const i = take(recent);
    const from = Math.max(approved(i) ?? 0, now.getTime() - 3 * DAY);
    const at = new Date(from + rng.float() * (now.getTime() - from - 10 * MINUTE));
    plans.push(order(i, rng.chance(0.7) ? 7 : 30, at, "pending", at, false));
  }
  // 5. Bank debits that failed a few days after the checkout: nothing promoted.
  for (let n = 0; n < 10; n++) {
    const i = take(seasoned);
    const at = between((approved(i) ?? 0) + HOUR, latestStart(i, 7));
    plans.push(order(i, 7, at, "failed", new Date(at.getTime() + (2 + rng.float() * 2) * DAY), false));
  }
  return plans.sort((a, b) => (a.order.createdAt as Date).getTime() - (b.order.createdAt as Date).getTime());
}
