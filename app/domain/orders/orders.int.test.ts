import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { promotionProducts, stripeOrders } from "~/db/schema";
import { createListing } from "~/domain/listings/listings.server";
import type { ListingData } from "~/domain/listings/validation";
import { PRODUCT_MESSAGES } from "~/messages/orders";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { productFormAction } from "../../routes/admin/api/promotion-products.server";
import { listOrders, orderForSession, orderSummary } from "./orders.server";
import { DEFAULT_PRODUCTS } from "./products";
import { activeProducts, createProduct, listProducts } from "./products.server";

let t: TestDatabase;

/** The settings screen's package form posted to its action: what the screen gets, with the status. */
async function postProduct(form: FormData) {
  const request = new Request("http://localhost/admin/api/promotion-products", {
    method: "POST",
    body: form,
  });
  const { reply } = await productFormAction(t.db, request);
  return { ...reply.data, status: reply.init?.status ?? 200 };
}
let listingId: number;

type NewOrder = typeof stripeOrders.$inferInsert;
const order = (n: number, over: Partial<NewOrder>): NewOrder => ({
  stripeSessionId: `cs_test_Order${String(n).padStart(4, "0")}`,
  productId: "featured-job-7",
  productName: "Istaknut oglas 7 dana – posao",
  customerName: "Petar Petrović",
  customerEmail: `kupac${n}@example.com`,
  amount: 2900,
  currency: "usd",
  paymentStatus: "paid",
  createdAt: new Date("2026-02-01T12:00:00Z"),
  ...over,
});

beforeAll(async () => {
  t = await createTestDatabase();
  listingId = await createListing(
    t.db,
    {
      kind: "sale",
      title: "Freightliner Cascadia 2019",
      description: "Kamion u odličnom stanju.",
      city: "Dallas",
      state: "Texas",
      contactName: "Jovan",
      contactPhone: "+1 214 555 0100",
      contactEmail: null,
      saleCategory: "truck",
      make: "Freightliner",
      model: "Cascadia",
      year: 2019,
      mileage: 400000,
      priceCents: 6_500_000,
      condition: "used",
    } as unknown as ListingData,
    [],
    { status: "approved" },
  );
  await t.db.insert(stripeOrders).values([
    // Midnight in New York on 7 March 2026 is 05:00 UTC (EST).
    order(1, {
      createdAt: new Date("2026-03-07T05:00:00Z"),
      customerName: "Đorđe Đorđević",
      listingId,
      featuredDays: 7,
    }),
    order(2, { createdAt: new Date("2026-03-07T04:59:59Z"), paymentStatus: "pending" }),
    order(3, { createdAt: new Date("2026-03-01T06:00:00Z"), paymentStatus: "failed", amount: 7900 }),
    order(4, {
      createdAt: new Date("2025-12-31T12:00:00Z"),
      amount: 990,
      currency: "eur",
      customerEmail: "EU@Example.com",
    }),
    order(5, {
      createdAt: new Date("2026-03-05T12:00:00Z"),
      paymentStatus: "refunded",
      productName: "Baner – mesec dana",
    }),
    ...Array.from({ length: 21 }, (_, i) =>
      order(10 + i, { createdAt: new Date(Date.UTC(2026, 0, 1 + i, 15)) }),
    ),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describeDb("card-payment orders (admin)", () => {
  it("lists newest first, 20 a page, with the promoted listing", async () => {
    const first = await listOrders(t.db, { page: 1 });
    expect(first.total).toBe(26);
    expect(first.rows).toHaveLength(20);
    expect(first.rows.map((r) => r.stripeSessionId).slice(0, 3)).toEqual([
      "cs_test_Order0001",
      "cs_test_Order0002",
      "cs_test_Order0005",
    ]);
    expect(first.rows[0].listing).toMatchObject({
      id: listingId,
      kind: "sale",
      title: "Freightliner Cascadia 2019",
    });
    expect(first.rows[1].listing).toBeNull();
    const second = await listOrders(t.db, { page: 2 });
    expect(second.rows).toHaveLength(6);
    expect(second.rows.at(-1)?.stripeSessionId).toBe("cs_test_Order0004");
  });

  it("searches product name, customer e-mail and name (ignoring case and diacritics) and session id", async () => {
    const ids = async (q: string) =>
      (await listOrders(t.db, { q, page: 1 })).rows.map((r) => r.stripeSessionId);
    expect(await ids("baner")).toEqual(["cs_test_Order0005"]);
    expect(await ids("eu@example")).toEqual(["cs_test_Order0004"]);
    expect(await ids("dorde dordevic")).toEqual(["cs_test_Order0001"]);
    expect(await ids("ĐORĐE")).toEqual(["cs_test_Order0001"]);
    expect(await ids("order0003")).toEqual(["cs_test_Order0003"]);
    expect(await ids("100%")).toEqual([]);
    expect(await ids("kupac1_")).toEqual([]);
  });

  it("filters from a New York day's midnight", async () => {
    const ids = async (sinceDay: string) =>
      (await listOrders(t.db, { sinceDay, page: 1 })).rows.map((r) => r.stripeSessionId);
    expect(await ids("2026-03-07")).toEqual(["cs_test_Order0001"]);
    expect(await ids("2026-03-01")).toEqual([
      "cs_test_Order0001",
      "cs_test_Order0002",
      "cs_test_Order0005",
      "cs_test_Order0003",
    ]);
    expect((await listOrders(t.db, { sinceDay: "2026-01-01", page: 1 })).total).toBe(25);
    // A malformed day is ignored rather than sent to the database.
    expect((await listOrders(t.db, { sinceDay: "2026-1-1'", page: 1 })).total).toBe(26);
  });

  it("sums up the same filter: counts by status, revenue of paid orders per currency", async () => {
    expect(await orderSummary(t.db, {})).toEqual({
      paid: 23,
      pending: 1,
      failed: 1,
      refunded: 1,
      disputed: 0,
      other: 0,
      revenue: [
        { currency: "usd", amount: 22 * 2900 },
        { currency: "eur", amount: 990 },
      ],
    });
    expect(await orderSummary(t.db, { sinceDay: "2026-03-01", q: "example.com" })).toEqual({
      paid: 1,
      pending: 1,
      failed: 1,
      refunded: 1,
      disputed: 0,
      other: 0,
      revenue: [{ currency: "usd", amount: 2900 }],
    });
    expect(await orderSummary(t.db, { q: "nema takvog" })).toEqual({
      paid: 0,
      pending: 0,
      failed: 0,
      refunded: 0,
      disputed: 0,
      other: 0,
      revenue: [],
    });
  });

  it("filters the table by status; the cards still count every status", async () => {
    const refunded = await listOrders(t.db, { page: 1, status: "refunded" });
    expect(refunded.total).toBe(1);
    expect(refunded.rows.map((r) => r.paymentStatus)).toEqual(["refunded"]);
    expect((await orderSummary(t.db, { status: "refunded" })).paid).toBe(23);
  });

  it("finds the order of a Checkout Session", async () => {
    expect((await orderForSession(t.db, "cs_test_Order0001"))?.listing?.id).toBe(listingId);
    expect(await orderForSession(t.db, "cs_test_nema")).toBeNull();
  });
});

describeDb("promotion products", () => {
  it("starts with 7- and 30-day packages for each kind, in their order (the migration's rows)", async () => {
    expect((await listProducts(t.db)).map((p) => [p.id, p.kind, p.days, p.amount, p.active])).toEqual([
      ["featured-job-7", "job", 7, 2900, true],
      ["featured-job-30", "job", 30, 7900, true],
      ["featured-sale-7", "sale", 7, 900, true],
      ["featured-sale-30", "sale", 30, 2500, true],
    ]);
    // The constant the demo seed sells from is the migration's data.
    expect(await listProducts(t.db)).toEqual(DEFAULT_PRODUCTS.map((p) => ({ ...p, active: true })));
  });

  it("saves an edited package from the form, and refuses a bad one with the values as typed", async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.set(k, v);
      return f;
    };
    const saved = await postProduct(
      form({
        intent: "update",
        id: "featured-sale-7",
        name: "Istaknut oglas 7 dana – kupoprodaja",
        price: "12,50",
        days: "10",
      }),
    );
    expect(saved).toMatchObject({ ok: true, status: 200, message: PRODUCT_MESSAGES.saved });
    const [row] = await t.db
      .select()
      .from(promotionProducts)
      .where(eq(promotionProducts.id, "featured-sale-7"));
    expect(row).toMatchObject({ amount: 1250, days: 10, active: false });
    expect(await activeProducts(t.db, "sale")).toHaveLength(1);

    const bad = await postProduct(
      form({ intent: "update", id: "featured-sale-7", name: "", price: "0,10", days: "7" }),
    );
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: PRODUCT_MESSAGES.name, price: PRODUCT_MESSAGES.priceRange },
      values: { price: "0,10", days: "7" },
    });
    const missing = await postProduct(
      form({ intent: "update", id: "nema", name: "x", price: "9", days: "7" }),
    );
    expect(missing).toMatchObject({ ok: false, status: 404, message: PRODUCT_MESSAGES.notFound });
    // An intent the screen never sends is refused, not taken for a save.
    const before = await listProducts(t.db);
    for (const intent of ["drop", ""]) {
      const unknown = await postProduct(
        form({ intent, id: "featured-sale-7", name: "Tuđe", price: "9", days: "7" }),
      );
      expect(unknown).toMatchObject({ ok: false, status: 400, message: "Nepoznata akcija." });
    }
    expect(await listProducts(t.db)).toEqual(before);
  });

  it("adds packages at the end of their kind with readable ids that are never reused", async () => {
    const input = {
      kind: "job" as const,
      name: "Istaknut oglas 14 dana – posao",
      price: 4900,
      days: 14,
      active: true,
    };
    expect(await createProduct(t.db, input)).toBe("featured-job-14");
    expect(await createProduct(t.db, input)).toBe("featured-job-14-2");
    expect(await createProduct(t.db, { ...input, days: 7 })).toBe("featured-job-7-2");
    const jobs = await activeProducts(t.db, "job");
    expect(jobs.map((p) => p.id)).toEqual([
      "featured-job-7",
      "featured-job-30",
      "featured-job-14",
      "featured-job-14-2",
      "featured-job-7-2",
    ]);
    const created = await postProduct(
      (() => {
        const f = new FormData();
        for (const [k, v] of Object.entries({
          intent: "create",
          kind: "sale",
          name: "Vikend",
          price: "5",
          days: "3",
          active: "on",
        }))
          f.set(k, v);
        return f;
      })(),
    );
    expect(created).toMatchObject({
      ok: true,
      productId: "featured-sale-3",
      message: PRODUCT_MESSAGES.created,
    });
  });
});
