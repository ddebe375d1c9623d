/**
 * Paid promotion end to end against a fake Stripe (tests/support/fake-stripe.ts): the checkout
 * request as the real API checks it, and the signed webhook (through the real route module) for
 * paid, async paid, failed, expired, replayed, out-of-order and badly signed events.
 */
import { count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listings, promotionProducts, stripeEvents, stripeOrders } from "~/db/schema";
import { changeListingStatus, createListing, getListing } from "~/domain/listings/listings.server";
import type { ListingData } from "~/domain/listings/validation";
import type { CardPayments } from "~/integrations/stripe/card-payments";
import { createStripePayments } from "~/integrations/stripe/stripe.server";
import { onContentChange } from "~/lib/content-change.server";
import { CHECKOUT_MESSAGES } from "~/messages/orders";
import { action as webhookAction, loader as webhookLoader } from "~/routes/public/stripe-webhook";
import { setServices } from "~/services.server";
import { createTestDatabase, describeDb, type TestDatabase } from "../../../tests/support/db";
import { type FakeStripe, type SentEvent, startFakeStripe } from "../../../tests/support/fake-stripe";
import { inWords } from "../../../tests/support/words";
import { checkoutTarget, promotionOffers, startPromotionCheckout as startCoded } from "./checkout.server";
import { signListing } from "./promotion-token.server";

/** A checkout's answer with the message and status the promotion page gives it (app/http/errors.ts). */
const startCheckout = async (...args: Parameters<typeof startCoded>) => inWords(await startCoded(...args));

const SECRET_KEY = "sk_test_fake_payments_0123456789";
const WEBHOOK_SECRET = "whsec_fake_payments_0123456789";
const DAY = 86_400_000;

let t: TestDatabase;
let fake: FakeStripe;
let payments: CardPayments;
let changes: string[] = [];
let stopListening: () => void;

const JOB: ListingData = {
  kind: "job",
  title: "CDL-A vozač, OTR, dry van",
  description: "Tražimo iskusnog vozača za OTR ture po celoj Americi.",
  city: "Chicago",
  state: "Illinois",
  contactName: "Marko",
  contactPhone: "+1 312 555 0100",
  contactEmail: "posao@example.com",
  companyName: "Balkan Express",
  position: "company-driver",
  routeType: "otr",
  equipment: ["dry-van"],
  cdlClass: "A",
  endorsements: [],
  payMin: 0.6,
  payMax: 0.7,
  payUnit: "per-mile",
  homeTime: null,
  requirements: null,
} as unknown as ListingData;

beforeAll(async () => {
  t = await createTestDatabase();
  fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  payments = createStripePayments({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    baseUrl: fake.url,
  });
  setServices({ handle: t.handle, payments });
  stopListening = onContentChange((topic) => changes.push(topic));
});
afterAll(async () => {
  stopListening?.();
  setServices(undefined);
  await fake?.close();
  await t?.close();
});
beforeEach(() => {
  changes = [];
});

const newListing = (status: "approved" | "pending" | "rejected" = "approved") =>
  createListing(t.db, JOB, [], { status });

async function checkout(
  listingId: number,
  productId = "featured-job-7",
  token: string | null = null,
  clientIp: string | null = null,
) {
  const target = await checkoutTarget(t.db, listingId, token);
  if (!target) return null;
  return startCheckout(t.db, payments, {
    target,
    productId,
    origin: "https://vozaci.example",
    clientIp,
  });
}

async function startedSession(listingId: number, productId = "featured-job-7", token: string | null = null) {
  const result = await checkout(listingId, productId, token);
  if (!result?.ok) throw new Error(`checkout failed: ${JSON.stringify(result)}`);
  return result.sessionId;
}

const context = { requestId: "test", clientIp: "127.0.0.1", cspNonce: "" };
function postWebhook(event: SentEvent, signature?: string | null, body = event.payload): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/json" });
  const sig =
    signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET })
      : signature;
  if (sig !== null) headers.set("Stripe-Signature", sig);
  const request = new Request("http://localhost/webhooks/stripe", { method: "POST", headers, body });
  return webhookAction({ request, params: {}, context } as never) as Promise<Response>;
}

const orderOf = async (sessionId: string) =>
  (await t.db.select().from(stripeOrders).where(eq(stripeOrders.stripeSessionId, sessionId)))[0];
const orderCount = async () => (await t.db.select({ n: count() }).from(stripeOrders))[0].n;
const eventCount = async () => (await t.db.select({ n: count() }).from(stripeEvents))[0].n;
const near = (actual: Date | null | undefined, expected: number) => {
  expect(actual).toBeInstanceOf(Date);
  expect(Math.abs((actual as Date).getTime() - expected)).toBeLessThan(60_000);
};

describeDb("checkout", () => {
  it("starts a Checkout Session the way the real API takes it: bearer key, form body, our product", async () => {
    const id = await newListing();
    const result = await checkout(id);
    expect(result).toMatchObject({ ok: true });
    if (!result?.ok) return;
    expect(result.url).toBe(`${fake.url}/checkout/${result.sessionId}`);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const body = new URLSearchParams(request?.body);
    expect(body.get("mode")).toBe("payment");
    expect(body.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(body.get("line_items[0][price_data][unit_amount]")).toBe("2900");
    expect(body.get("line_items[0][price_data][product_data][name]")).toBe("Istaknut oglas 7 dana – posao");
    expect(body.get("line_items[0][quantity]")).toBe("1");
    expect(body.get("success_url")).toBe(
      "https://vozaci.example/istaknite-oglas/potvrda?session_id={CHECKOUT_SESSION_ID}",
    );
    expect(body.get("cancel_url")).toBe(`https://vozaci.example/istaknite-oglas/otkazano?oglas=${id}`);
    expect(fake.sessions.get(result.sessionId)?.metadata).toEqual({
      listing_id: String(id),
      listing_kind: "job",
      product_id: "featured-job-7",
      product_name: "Istaknut oglas 7 dana – posao",
      featured_days: "7",
      source: "website",
    });
    // Nothing is an order until Stripe says so.
    expect(await orderOf(result.sessionId)).toBeUndefined();
  });

  it("uses the price the admin set, in cents", async () => {
    // The package is shared by the whole file: its price comes back even when an assertion fails.
    const [{ amount }] = await t.db
      .select({ amount: promotionProducts.amount })
      .from(promotionProducts)
      .where(eq(promotionProducts.id, "featured-job-30"));
    await t.db
      .update(promotionProducts)
      .set({ amount: 3450 })
      .where(eq(promotionProducts.id, "featured-job-30"));
    try {
      const id = await newListing();
      const sessionId = await startedSession(id, "featured-job-30");
      expect(fake.sessions.get(sessionId)?.amount_total).toBe(3450);
    } finally {
      await t.db.update(promotionProducts).set({ amount }).where(eq(promotionProducts.id, "featured-job-30"));
    }
  });

  it("refuses a package of the other kind, a hidden one, and an unknown one", async () => {
    const id = await newListing();
    const refused = { ok: false, code: "checkout.product", status: 400, message: CHECKOUT_MESSAGES.product };
    expect(await checkout(id, "featured-sale-7")).toEqual(refused);
    expect(await checkout(id, "nema-ga")).toEqual(refused);
    await t.db
      .update(promotionProducts)
      .set({ active: false })
      .where(eq(promotionProducts.id, "featured-job-30"));
    try {
      expect(await checkout(id, "featured-job-30")).toEqual(refused);
      expect(
        (await promotionOffers(t.db, payments, { id, kind: "job", public: true })).offers.map(
          (o) => o.productId,
        ),
      ).toEqual(["featured-job-7"]);
    } finally {
      await t.db
        .update(promotionProducts)
        .set({ active: true })
        .where(eq(promotionProducts.id, "featured-job-30"));
    }
  });

  it("a pending listing can be promoted only with its poster's key; rejected ones not at all", async () => {
    const pending = await newListing("pending");
    expect(await checkoutTarget(t.db, pending, null)).toBeNull();
    expect(await checkoutTarget(t.db, pending, "kljuc-koji-ne-vazi")).toBeNull();
    const { token } = await promotionOffers(t.db, payments, { id: pending, kind: "job", public: false });
    expect(token).toBeTruthy();
    const target = await checkoutTarget(t.db, pending, token);
    expect(target?.listing).toMatchObject({ id: pending, live: false, status: "pending" });
    // A key for another listing opens nothing.
    const other = await newListing("pending");
    expect(await checkoutTarget(t.db, other, token)).toBeNull();
    const rejected = await newListing("rejected");
    const { token: rejectedToken } = await promotionOffers(t.db, payments, {
      id: rejected,
      kind: "job",
      public: false,
    });
    expect(await checkoutTarget(t.db, rejected, rejectedToken)).toBeNull();
    expect(await checkoutTarget(t.db, 999_999, null)).toBeNull();
  });

  it("offers nothing and starts nothing without Stripe configured", async () => {
    const id = await newListing();
    expect(await promotionOffers(t.db, null, { id, kind: "job", public: true })).toEqual({
      offers: [],
      token: null,
    });
    const target = await checkoutTarget(t.db, id, null);
    if (!target) throw new Error("no target");
    expect(
      await startCheckout(t.db, null, {
        target,
        productId: "featured-job-7",
        origin: "x",
        clientIp: null,
      }),
    ).toEqual({
      ok: false,
      code: "checkout.unavailable",
      status: 404,
      message: CHECKOUT_MESSAGES.unavailable,
    });
  });

  it("says so when Stripe refuses the request (a wrong key) and records nothing", async () => {
    const wrong = createStripePayments({
      secretKey: "sk_test_wrong",
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: fake.url,
    });
    const id = await newListing();
    const target = await checkoutTarget(t.db, id, null);
    if (!target) throw new Error("no target");
    const before = fake.sessions.size;
    const result = await startCheckout(t.db, wrong, {
      target,
      productId: "featured-job-7",
      origin: "https://vozaci.example",
      clientIp: null,
    });
    expect(result).toEqual({
      ok: false,
      code: "checkout.provider_failed",
      status: 502,
      message: CHECKOUT_MESSAGES.providerFailed,
    });
    expect(fake.requests.at(-1)?.authorization).toBe("Bearer sk_test_wrong");
    expect(fake.sessions.size).toBe(before);
  });

  it("counts checkouts per address: 5 in 15 minutes, then a wait", async () => {
    const id = await newListing();
    for (let i = 0; i < 5; i++)
      expect((await checkout(id, "featured-job-7", null, "192.0.2.77"))?.ok).toBe(true);
    const sixth = await checkout(id, "featured-job-7", null, "192.0.2.77");
    expect(sixth).toMatchObject({ ok: false, status: 429 });
    expect(sixth?.ok ? "" : sixth?.message).toMatch(/Pokušajte ponovo za \d+ min/);
    expect((await checkout(id, "featured-job-7", null, "192.0.2.78"))?.ok).toBe(true);
  });
});

describeDb("webhook /webhooks/stripe", () => {
  it("a paid card checkout records the order and features a live listing at once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const event = await fake.pay(sessionId, { email: "vlasnik@example.com", name: "Petar Petrović" });
    const before = Date.now();
    const response = await postWebhook(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: "recorded" });

    const order = await orderOf(sessionId);
    const session = fake.sessions.get(sessionId);
    expect(order).toMatchObject({
      stripeSessionId: sessionId,
      stripePaymentIntentId: session?.payment_intent,
      productId: "featured-job-7",
      productName: "Istaknut oglas 7 dana – posao",
      customerName: "Petar Petrović",
      customerEmail: "vlasnik@example.com",
      amount: 2900,
      currency: "usd",
      paymentStatus: "paid",
      billingAddress: {
        line1: "100 Main St",
        line2: null,
        city: "Chicago",
        state: "IL",
        postal_code: "60601",
        country: "US",
      },
      listingId: id,
      featuredDays: 7,
    });
    expect(order.metadata).toMatchObject({ listing_id: String(id), product_id: "featured-job-7" });
    expect(order.promotedAt).toBeInstanceOf(Date);
    const listing = await getListing(t.db, id);
    near(listing?.featuredUntil, before + 7 * DAY);
    expect(listing?.featuredDaysPending).toBe(0);
    expect(changes).toContain("listings");
  });

  it("the same event twice (a replay) records one order and promotes once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const event = await fake.pay(sessionId);
    expect((await postWebhook(event)).status).toBe(200);
    const featured = (await getListing(t.db, id))?.featuredUntil;
    const orders = await orderCount();
    changes = [];
    const replay = await postWebhook(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, result: "duplicate" });
    expect(await orderCount()).toBe(orders);
    expect((await getListing(t.db, id))?.featuredUntil).toEqual(featured);
    expect(changes).toEqual([]);
  });

  it("concurrent deliveries (the same event, or two paid events of one session) promote once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const completed = await fake.pay(sessionId);
    const alsoPaid = fake.buildEvent("checkout.session.async_payment_succeeded", sessionId);
    const before = Date.now();
    const statuses = await Promise.all([
      postWebhook(completed),
      postWebhook(completed),
      postWebhook(alsoPaid),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(
      (
        await t.db
          .select({ n: count() })
          .from(stripeOrders)
          .where(eq(stripeOrders.stripeSessionId, sessionId))
      )[0].n,
    ).toBe(1);
    near((await getListing(t.db, id))?.featuredUntil, before + 7 * DAY);
  });

  it("a bad signature is 400 and writes nothing", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const event = await fake.pay(sessionId);
    const [orders, events] = [await orderCount(), await eventCount()];
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: "whsec_other",
    });
    expect((await postWebhook(event, wrongSecret)).status).toBe(400);
    expect((await postWebhook(event, null)).status).toBe(400);
    expect((await postWebhook(event, "t=1,v1=abc")).status).toBe(400);
    // Signed for one body, sent with another (a changed amount).
    const tampered = event.payload.replace('"amount_total":2900', '"amount_total":1');
    const signedOriginal = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: WEBHOOK_SECRET,
    });
    expect((await postWebhook(event, signedOriginal, tampered)).status).toBe(400);
    // Too old a signature (Stripe's tolerance is 5 minutes).
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await postWebhook(event, old)).status).toBe(400);
    expect(await orderCount()).toBe(orders);
    expect(await eventCount()).toBe(events);
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
  });

  it("an async payment is pending first, then paid and promoted once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const completed = await fake.pay(sessionId, {}, "bank");
    expect((await postWebhook(completed)).status).toBe(200);
    expect((await orderOf(sessionId)).paymentStatus).toBe("pending");
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
    const succeeded = await fake.settle(sessionId, "succeed");
    const before = Date.now();
    expect((await postWebhook(succeeded)).status).toBe(200);
    expect((await orderOf(sessionId)).paymentStatus).toBe("paid");
    near((await getListing(t.db, id))?.featuredUntil, before + 7 * DAY);
    // A replay of either event changes nothing.
    const featured = (await getListing(t.db, id))?.featuredUntil;
    await postWebhook(succeeded);
    await postWebhook(completed);
    expect((await orderOf(sessionId)).paymentStatus).toBe("paid");
    expect((await getListing(t.db, id))?.featuredUntil).toEqual(featured);
  });

  it("an async payment that fails is a failed order and no promotion", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    await postWebhook(await fake.pay(sessionId, {}, "bank"));
    const failed = await fake.settle(sessionId, "fail");
    expect((await postWebhook(failed)).status).toBe(200);
    const order = await orderOf(sessionId);
    expect(order.paymentStatus).toBe("failed");
    expect(order.promotedAt).toBeNull();
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
  });

  it("events out of order: the success before the completion still ends paid, promoted once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const completed = await fake.pay(sessionId, { email: "kasni@example.com" }, "bank");
    const succeeded = await fake.settle(sessionId, "succeed");
    const before = Date.now();
    expect((await postWebhook(succeeded)).status).toBe(200);
    expect((await orderOf(sessionId)).paymentStatus).toBe("paid");
    const featured = (await getListing(t.db, id))?.featuredUntil;
    near(featured, before + 7 * DAY);
    // The older "completed, unpaid" arrives last: the order stays paid, the promotion is not repeated.
    expect((await postWebhook(completed)).status).toBe(200);
    const order = await orderOf(sessionId);
    expect(order.paymentStatus).toBe("paid");
    expect(order.customerEmail).toBe("kasni@example.com");
    expect((await getListing(t.db, id))?.featuredUntil).toEqual(featured);
  });

  it("an expired checkout that never became an order records nothing but the event", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const orders = await orderCount();
    const expired = await fake.settle(sessionId, "expire");
    const response = await postWebhook(expired);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: "no-order" });
    expect(await orderCount()).toBe(orders);
    expect((await postWebhook(expired)).status).toBe(200);
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
  });

  it("an expiry after a pending order makes it failed (events from another source order)", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const completed = await fake.pay(sessionId, {}, "bank");
    await postWebhook(completed);
    // Stripe never expires a completed session; an expiry event for it must still not make it paid.
    const expired = fake.buildEvent("checkout.session.expired", sessionId);
    expect((await postWebhook(expired)).status).toBe(200);
    expect((await orderOf(sessionId)).paymentStatus).toBe("failed");
  });

  it("two promotions in a row extend the first instead of overlapping it", async () => {
    const id = await newListing();
    const before = Date.now();
    for (const productId of ["featured-job-7", "featured-job-30"]) {
      const sessionId = await startedSession(id, productId);
      expect((await postWebhook(await fake.pay(sessionId))).status).toBe(200);
    }
    const listing = await getListing(t.db, id);
    near(listing?.featuredUntil, before + 37 * DAY);
    // A listing stays public at least as long as its promotion.
    expect(listing?.expiresAt?.getTime()).toBeGreaterThanOrEqual(
      listing?.featuredUntil?.getTime() ?? Infinity,
    );
  });

  it("a pending listing's paid days wait for its approval", async () => {
    const id = await newListing("pending");
    const { token } = await promotionOffers(t.db, payments, { id, kind: "job", public: false });
    expect(token).toBe(signListing((await t.db.query.serverSecrets.findFirst())?.secret ?? "", id));
    const sessionId = await startedSession(id, "featured-job-7", token);
    expect(fake.sessions.get(sessionId)?.cancel_url).toContain(`kljuc=${token}`);
    expect((await postWebhook(await fake.pay(sessionId))).status).toBe(200);
    let listing = await getListing(t.db, id);
    expect(listing).toMatchObject({ status: "pending", featuredUntil: null, featuredDaysPending: 7 });
    const approvedAt = Date.now();
    await changeListingStatus(t.db, [id], "approve", { reviewer: "admin@x.com" });
    listing = await getListing(t.db, id);
    near(listing?.featuredUntil, approvedAt + 7 * DAY);
    expect(listing?.featuredDaysPending).toBe(0);
  });

  it("a paid order whose listing was deleted meanwhile is still recorded, unlinked", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    await t.db.delete(listings).where(eq(listings.id, id));
    expect((await postWebhook(await fake.pay(sessionId))).status).toBe(200);
    const order = await orderOf(sessionId);
    expect(order).toMatchObject({ paymentStatus: "paid", listingId: null, promotedAt: null });
    expect(order.metadata).toMatchObject({ listing_id: String(id) });
  });

  it("acknowledges events it does not act on, once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const other = fake.buildEvent("checkout.session.async_payment_pending", sessionId);
    const response = await postWebhook(other);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: "ignored" });
    expect(await orderOf(sessionId)).toBeUndefined();
  });

  it("a correctly signed event dated in the future (a day, a year) is 400 and writes nothing", async () => {
    const id = await newListing();
    const event = await fake.pay(await startedSession(id));
    const [orders, events] = [await orderCount(), await eventCount()];
    for (const ahead of [10 * 60, 86_400, 365 * 86_400]) {
      const future = Stripe.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) + ahead,
      });
      expect((await postWebhook(event, future)).status).toBe(400);
    }
    // Within five minutes either way is Stripe's tolerance: accepted.
    const skewed = Stripe.webhooks.generateTestHeaderString({
      payload: event.payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 120,
    });
    expect(await orderCount()).toBe(orders);
    expect(await eventCount()).toBe(events);
    expect((await postWebhook(event, skewed)).status).toBe(200);
  });

  it("a signed event with a NUL character in a customer's text is recorded without it, never a 500", async () => {
    const id = await newListing();
    const event = await fake.pay(await startedSession(id));
    const parsed = JSON.parse(event.payload);
    const session = parsed.data.object;
    session.customer_details = { ...session.customer_details, name: "Marko\u0000 Marković" };
    session.metadata = { ...session.metadata, "note\u0000": "a\u0000b" };
    const body = JSON.stringify({ ...parsed, id: "evt_nul_character" });
    expect(body).toContain("\\u0000");
    const response = await postWebhook(event, undefined, body);
    expect(response.status).toBe(200);
    const order = await orderOf(session.id);
    expect(order.customerName).toBe("Marko Marković");
  });

  it("a correctly signed but malformed event is 400, never 500, and writes nothing", async () => {
    const id = await newListing();
    const event = await fake.pay(await startedSession(id));
    const parsed = JSON.parse(event.payload);
    const withSession = (changes: Record<string, unknown>) =>
      JSON.stringify({
        ...parsed,
        id: `evt_bad_${Math.random()}`,
        data: { object: { ...parsed.data.object, ...changes } },
      });
    const { id: _, ...noEventId } = parsed;
    const { id: __, ...sessionWithoutId } = parsed.data.object;
    const bodies = [
      withSession({ amount_total: "1e30" }),
      withSession({ amount_total: 1e30 }),
      withSession({ amount_total: -5 }),
      withSession({ payment_status: 7 }),
      withSession({ metadata: "listing" }),
      JSON.stringify({ ...parsed, id: "evt_no_session_id", data: { object: sessionWithoutId } }),
      JSON.stringify(noEventId),
      JSON.stringify({ ...parsed, data: null }),
      JSON.stringify({
        id: "evt_refund_bad",
        type: "charge.refunded",
        data: { object: { object: "charge", id: "ch_1" } },
      }),
      "[1,2,3]",
      "null",
      "42",
      '"text"',
      "{not json",
    ];
    const [orders, events] = [await orderCount(), await eventCount()];
    for (const body of bodies) {
      const response = await postWebhook(event, undefined, body);
      expect(response.status, body.slice(0, 80)).toBe(400);
    }
    expect(await orderCount()).toBe(orders);
    expect(await eventCount()).toBe(events);
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
  });

  it("a full refund makes the order refunded and takes the promotion back, once", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    const paid = await fake.pay(sessionId);
    expect((await postWebhook(paid)).status).toBe(200);
    const featured = (await getListing(t.db, id))?.featuredUntil;
    expect(featured).toBeInstanceOf(Date);
    changes = [];
    const refund = await fake.refund(sessionId);
    const response = await postWebhook(refund);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, result: "recorded" });
    const order = await orderOf(sessionId);
    expect(order.paymentStatus).toBe("refunded");
    expect(order.promotionWithdrawnAt).toBeInstanceOf(Date);
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
    expect(changes).toContain("listings");
    // A replay of the refund, or of the payment, changes nothing: no second withdrawal or promotion.
    expect(await (await postWebhook(refund)).json()).toEqual({ received: true, result: "duplicate" });
    await postWebhook(paid, undefined, paid.payload.replace(paid.id, `${paid.id}_again`));
    expect((await orderOf(sessionId)).paymentStatus).toBe("refunded");
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
  });

  it("a partial refund keeps the order paid and its promotion", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    await postWebhook(await fake.pay(sessionId));
    const featured = (await getListing(t.db, id))?.featuredUntil;
    expect((await postWebhook(await fake.refund(sessionId, 500))).status).toBe(200);
    expect((await orderOf(sessionId)).paymentStatus).toBe("paid");
    expect((await getListing(t.db, id))?.featuredUntil).toEqual(featured);
  });

  it("a dispute makes the order disputed and takes back only its own days", async () => {
    const id = await newListing();
    const before = Date.now();
    const first = await startedSession(id, "featured-job-7");
    await postWebhook(await fake.pay(first));
    const second = await startedSession(id, "featured-job-30");
    await postWebhook(await fake.pay(second));
    near((await getListing(t.db, id))?.featuredUntil, before + 37 * DAY);
    expect((await postWebhook(await fake.dispute(second))).status).toBe(200);
    expect((await orderOf(second)).paymentStatus).toBe("disputed");
    expect((await orderOf(first)).paymentStatus).toBe("paid");
    near((await getListing(t.db, id))?.featuredUntil, before + 7 * DAY);
    // A refund after the dispute keeps it disputed and takes nothing more.
    await postWebhook(await fake.refund(second));
    expect((await orderOf(second)).paymentStatus).toBe("disputed");
    near((await getListing(t.db, id))?.featuredUntil, before + 7 * DAY);
  });

  it("a delayed payment that fails after it was reported paid makes the order failed and unfeatured", async () => {
    const id = await newListing();
    const sessionId = await startedSession(id);
    await postWebhook(await fake.pay(sessionId, {}, "bank"));
    await postWebhook(await fake.settle(sessionId, "succeed"));
    expect((await getListing(t.db, id))?.featuredUntil).toBeInstanceOf(Date);
    const failedAfter = fake.buildEvent("checkout.session.async_payment_failed", sessionId);
    expect((await postWebhook(failedAfter)).status).toBe(200);
    expect((await orderOf(sessionId)).paymentStatus).toBe("failed");
    expect((await getListing(t.db, id))?.featuredUntil).toBeNull();
  });

  it("takes back paid days still waiting for a pending listing's approval", async () => {
    const id = await newListing("pending");
    const { token } = await promotionOffers(t.db, payments, { id, kind: "job", public: false });
    const sessionId = await startedSession(id, "featured-job-7", token);
    await postWebhook(await fake.pay(sessionId));
    expect((await getListing(t.db, id))?.featuredDaysPending).toBe(7);
    await postWebhook(await fake.refund(sessionId));
    expect(await getListing(t.db, id)).toMatchObject({ featuredDaysPending: 0, featuredUntil: null });
  });

  it("acknowledges a refund of a payment that is not an order", async () => {
    const sessionId = await startedSession(await newListing());
    const paid = await fake.pay(sessionId);
    const refund = await fake.refund(sessionId);
    const response = await postWebhook(refund);
    expect(await response.json()).toEqual({ received: true, result: "no-order" });
    expect(await orderOf(sessionId)).toBeUndefined();
    expect(paid.type).toBe("checkout.session.completed");
  });

  it("answers GET with 405, and 404 when Stripe is not configured", async () => {
    const get = webhookLoader();
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const sessionId = await startedSession(await newListing());
    const event = await fake.pay(sessionId);
    setServices({ handle: t.handle, payments: null });
    try {
      expect((await postWebhook(event)).status).toBe(404);
      expect(await orderOf(sessionId)).toBeUndefined();
    } finally {
      setServices({ handle: t.handle, payments });
    }
  });
});

describe("the fake Stripe itself", () => {
  it("refuses what the real API refuses", async () => {
    const post = (body: string, auth = `Bearer ${SECRET_KEY}`, type = "application/x-www-form-urlencoded") =>
      fetch(`${fake.url}/v1/checkout/sessions`, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": type },
        body,
      });
    const valid =
      "mode=payment&success_url=https%3A%2F%2Fa.example%2Fok&cancel_url=https%3A%2F%2Fa.example%2Fno" +
      "&line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=900" +
      "&line_items[0][price_data][product_data][name]=X";
    expect((await post(valid)).status).toBe(200);
    expect((await post(valid, "Bearer sk_test_other")).status).toBe(401);
    expect((await post(valid, "")).status).toBe(401);
    expect(
      (await post(JSON.stringify({ mode: "payment" }), `Bearer ${SECRET_KEY}`, "application/json")).status,
    ).toBe(400);
    const missing = await post(valid.replace("mode=payment&", ""));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { type: "invalid_request_error", param: "mode" } });
    expect((await post(valid.replace(/&line_items[^&]*/g, ""))).status).toBe(400);
    expect((await post(valid.replace("unit_amount]=900", "unit_amount]=10"))).status).toBe(400);
    expect(
      (await post(valid.replace("success_url=https%3A%2F%2Fa.example%2Fok", "success_url=nije-url"))).status,
    ).toBe(400);
  });
});
