import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { WebhookPayloadError } from "./card-payments";
import { toPaymentEvent } from "./events";
import { connectionOptions, createStripePayments } from "./stripe.server";

const session = {
  id: "cs_test_abc",
  object: "checkout.session",
  payment_intent: "pi_123",
  payment_status: "paid",
  amount_total: 2900,
  currency: "usd",
  customer_email: null,
  customer_details: {
    name: "Ana Anić",
    email: "ana@example.com",
    address: {
      line1: "1 Main St",
      line2: null,
      city: "Chicago",
      state: "IL",
      postal_code: "60601",
      country: "US",
    },
  },
  metadata: { listing_id: "12", featured_days: "7", bad: 5 },
};
const event = (type: string, object: unknown = session) =>
  ({ id: "evt_1", object: "event", type, data: { object } }) as unknown as Stripe.Event;

describe("Stripe events in the site's terms", () => {
  it("maps the four checkout events with their session", () => {
    expect(toPaymentEvent(event("checkout.session.completed"))).toEqual({
      id: "evt_1",
      type: "checkout.session.completed",
      kind: "completed",
      session: {
        id: "cs_test_abc",
        paymentIntentId: "pi_123",
        paymentStatus: "paid",
        amountTotal: 2900,
        currency: "usd",
        customerName: "Ana Anić",
        customerEmail: "ana@example.com",
        billingAddress: {
          line1: "1 Main St",
          line2: null,
          city: "Chicago",
          state: "IL",
          postal_code: "60601",
          country: "US",
        },
        metadata: { listing_id: "12", featured_days: "7" },
      },
    });
    expect(toPaymentEvent(event("checkout.session.async_payment_succeeded")).kind).toBe(
      "async_payment_succeeded",
    );
    expect(toPaymentEvent(event("checkout.session.async_payment_failed")).kind).toBe("async_payment_failed");
    expect(toPaymentEvent(event("checkout.session.expired")).kind).toBe("expired");
  });

  it("reads an expanded payment intent and a session without customer details", () => {
    const bare = {
      ...session,
      payment_intent: { id: "pi_obj" },
      customer_details: null,
      customer_email: "x@example.com",
    };
    const mapped = toPaymentEvent(event("checkout.session.completed", bare)).session;
    expect(mapped).toMatchObject({
      paymentIntentId: "pi_obj",
      customerName: null,
      customerEmail: "x@example.com",
      billingAddress: null,
    });
  });

  it("ignores other events, and checkout event types that carry something else", () => {
    expect(
      toPaymentEvent(event("payment_intent.succeeded", { id: "pi_1", object: "payment_intent" })),
    ).toEqual({
      id: "evt_1",
      type: "payment_intent.succeeded",
      kind: null,
      session: null,
    });
    expect(
      toPaymentEvent(event("checkout.session.completed", { id: "x", object: "invoice" })).kind,
    ).toBeNull();
  });
});

describe("refunds, disputes and malformed events", () => {
  it("reads a refund and a dispute by their payment intent", () => {
    const charge = {
      object: "charge",
      id: "ch_1",
      payment_intent: "pi_9",
      amount: 2900,
      amount_refunded: 2900,
      refunded: true,
    };
    expect(toPaymentEvent(event("charge.refunded", charge))).toEqual({
      id: "evt_1",
      type: "charge.refunded",
      kind: null,
      session: null,
      charge: { kind: "refund", paymentIntentId: "pi_9", fullyRefunded: true },
    });
    expect(
      toPaymentEvent(event("charge.refunded", { ...charge, amount_refunded: 100, refunded: false })).charge,
    ).toEqual({
      kind: "refund",
      paymentIntentId: "pi_9",
      fullyRefunded: false,
    });
    const dispute = {
      object: "dispute",
      id: "dp_1",
      payment_intent: { id: "pi_9" },
      amount: 2900,
      charge: "ch_1",
    };
    expect(toPaymentEvent(event("charge.dispute.created", dispute)).charge).toEqual({
      kind: "dispute",
      paymentIntentId: "pi_9",
      fullyRefunded: false,
    });
  });

  it("refuses, with a WebhookPayloadError naming the field but no value, what is not an event of the known shape", () => {
    const bad: unknown[] = [
      null,
      [1, 2, 3],
      "x",
      { type: "checkout.session.completed", data: { object: session } },
      { id: "evt_1", type: "checkout.session.completed" },
      event("checkout.session.completed", { ...session, amount_total: "1e30" }),
      event("checkout.session.completed", { ...session, amount_total: 1e30 }),
      event("checkout.session.completed", { ...session, id: undefined }),
      event("charge.refunded", { object: "charge", id: "ch_1", amount: 5 }),
      event("charge.dispute.created", { object: "dispute", id: "dp_1", payment_intent: null, amount: 1 }),
    ];
    for (const raw of bad) {
      expect(() => toPaymentEvent(raw), JSON.stringify(raw)).toThrow(WebhookPayloadError);
    }
    try {
      toPaymentEvent(event("checkout.session.completed", { ...session, amount_total: "1e30" }));
    } catch (error) {
      expect((error as Error).message).toContain("amount_total");
      expect((error as Error).message).not.toContain("1e30");
      expect((error as WebhookPayloadError).event).toEqual({
        id: "evt_1",
        type: "checkout.session.completed",
      });
    }
  });
});

describe("the Stripe client", () => {
  it("talks to another host when STRIPE_BASE_URL is set", () => {
    expect(connectionOptions(undefined)).toEqual({});
    expect(connectionOptions("http://127.0.0.1:4242")).toEqual({
      host: "127.0.0.1",
      port: 4242,
      protocol: "http",
    });
    expect(connectionOptions("https://stripe.example")).toEqual({
      host: "stripe.example",
      port: 443,
      protocol: "https",
    });
  });

  it("verifies webhook signatures on the raw body and says nothing of the payload when they fail", () => {
    const payments = createStripePayments({ secretKey: "sk_test_x", webhookSecret: "whsec_ours" });
    const payload = JSON.stringify({
      id: "evt_9",
      object: "event",
      type: "checkout.session.expired",
      data: { object: session },
    });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_ours" });
    expect(payments.readWebhook(Buffer.from(payload), good)).toMatchObject({ id: "evt_9", kind: "expired" });
    const bad = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_theirs" });
    expect(() => payments.readWebhook(payload, bad)).toThrow(/^Stripe webhook refused: No signatures found/);
    expect(() => payments.readWebhook(payload, null)).toThrow("missing Stripe-Signature header");
    // Too old or too far in the future: 5 minutes either way.
    const now = Date.now();
    for (const offset of [-3600, -301, 301, 86_400, 365 * 86_400]) {
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: "whsec_ours",
        timestamp: Math.floor(now / 1000) + offset,
      });
      expect(() => payments.readWebhook(payload, header, now), String(offset)).toThrow(/tolerance zone/);
    }
    for (const offset of [-299, 0, 299]) {
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: "whsec_ours",
        timestamp: Math.floor(now / 1000) + offset,
      });
      expect(payments.readWebhook(payload, header, now).id).toBe("evt_9");
    }
    try {
      payments.readWebhook(payload, bad);
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("ana@example.com");
      expect((error as Error).cause).toBeUndefined();
    }
  });
});
