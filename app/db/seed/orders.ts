import type { stripeOrders } from "../schema";
import { emailLocalPart, personName } from "./people";
import { US_STATES } from "./places";
import { addHours, createRandom, REFERENCE_DATE } from "./random";

export type NewOrder = typeof stripeOrders.$inferInsert;

export const ORDER_COUNT = 60;

const PRODUCTS = [
  { id: "prod_job_ad_30", name: "Oglas za posao – 30 dana", amount: 4_900, type: "job_ad" },
  { id: "prod_job_ad_60", name: "Oglas za posao – 60 dana", amount: 7_900, type: "job_ad" },
  { id: "prod_featured_ad", name: "Istaknuti oglas – 14 dana", amount: 9_900, type: "featured_ad" },
  {
    id: "prod_company_listing",
    name: "Istaknuta kompanija u imeniku – godišnje",
    amount: 14_900,
    type: "company_listing",
  },
  { id: "prod_banner_sidebar", name: "Baner u bočnoj traci – mesec dana", amount: 19_900, type: "banner" },
  {
    id: "prod_banner_top",
    name: "Baner na vrhu početne strane – mesec dana",
    amount: 34_900,
    type: "banner",
  },
];

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

/**
 * Card-payment orders: mostly paid, with pending and failed ones and two refunded orders, which the
 * admin list shows as "any other value".
 */
const STATUSES = [
  ...Array<string>(38).fill("paid"),
  ...Array<string>(10).fill("pending"),
  ...Array<string>(10).fill("failed"),
  "refunded",
  "refunded",
];

export function buildOrders(reference = REFERENCE_DATE): NewOrder[] {
  const rng = createRandom("orders");
  const statuses = rng.shuffle(STATUSES);
  const orders = statuses.map((paymentStatus): NewOrder => {
    const product = rng.pick(PRODUCTS);
    const { first, last, full } = personName(rng);
    const state = rng.pick(US_STATES);
    const city = rng.pick(state.cities);
    const createdAt = rng.daysBefore(reference, 0.1, 365);
    return {
      stripeSessionId: `cs_test_${rng.alphanumeric(58)}`,
      stripePaymentIntentId: paymentStatus === "pending" ? null : `pi_${rng.alphanumeric(24)}`,
      productId: product.id,
      productName: product.name,
      customerName: full,
      customerEmail: `${emailLocalPart(first, last)}@example.com`,
      amount: product.amount,
      currency: "usd",
      paymentStatus,
      billingAddress: {
        line1: `${rng.int(100, 9999)} ${rng.pick(STREETS)}`,
        line2: rng.chance(0.2) ? `Suite ${rng.int(100, 400)}` : null,
        city: city.name,
        state: state.code,
        postal_code: city.zip,
        country: "US",
      },
      metadata: { product_type: product.type, source: "website", locale: "sr" },
      createdAt,
      updatedAt:
        paymentStatus === "pending"
          ? createdAt
          : addHours(createdAt, rng.float() * (paymentStatus === "refunded" ? 96 : 0.1)),
    };
  });
  return orders.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
}
