import type Stripe from "stripe";
import { z } from "zod";
import {
  type ChargeEventData,
  type CheckoutEventKind,
  type CheckoutSessionData,
  type PaymentEvent,
  WebhookPayloadError,
} from "./card-payments";

const KINDS: Record<string, CheckoutEventKind> = {
  "checkout.session.completed": "completed",
  "checkout.session.async_payment_succeeded": "async_payment_succeeded",
  "checkout.session.async_payment_failed": "async_payment_failed",
  "checkout.session.expired": "expired",
};

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
  }
  return out;
}

/** The session fields an order keeps, from the Checkout Session a webhook event carries. */
export function sessionData(session: Stripe.Checkout.Session): CheckoutSessionData {
  const details = session.customer_details;
  const address = details?.address;
  return {
    id: session.id,
    paymentIntentId: idOf(session.payment_intent),
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
    customerName: details?.name ?? null,
    customerEmail: details?.email ?? session.customer_email ?? null,
    billingAddress: address
      ? {
          line1: address.line1 ?? null,
          line2: address.line2 ?? null,
          city: address.city ?? null,
          state: address.state ?? null,
          postal_code: address.postal_code ?? null,
          country: address.country ?? null,
        }
      : null,
    metadata: stringRecord(session.metadata),
  };
}

/** The largest amount the orders table holds (a PostgreSQL integer, minor units). */
const MAX_AMOUNT = 2_147_483_647;
const stripeId = z.string().min(1).max(255);
const amount = z.number().int().min(0).max(MAX_AMOUNT);
const expandable = z.union([stripeId, z.object({ id: stripeId }).passthrough()]);

/** Every event: an id, a type and an object (other fields are the provider's business). */
const envelope = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The fields of a Checkout Session we read, with the types Stripe documents. */
const checkoutSession = z
  .object({
    object: z.literal("checkout.session"),
    id: stripeId,
    payment_status: z.string().min(1).max(50),
    payment_intent: expandable.nullish(),
    amount_total: amount.nullish(),
    currency: z.string().min(3).max(10).nullish(),
    customer_email: z.string().max(512).nullish(),
    customer_details: z
      .object({
        name: z.string().max(512).nullish(),
        email: z.string().max(512).nullish(),
        address: z.record(z.string(), z.string().max(512).nullable()).nullish(),
      })
      .passthrough()
      .nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough();

const refundedCharge = z
  .object({
    object: z.literal("charge"),
    id: stripeId,
    payment_intent: expandable,
    amount,
    amount_refunded: amount,
    refunded: z.boolean(),
  })
  .passthrough();

const dispute = z
  .object({ object: z.literal("dispute"), id: stripeId, payment_intent: expandable, amount })
  .passthrough();

const CHARGE_EVENTS: Record<string, ChargeEventData["kind"]> = {
  "charge.refunded": "refund",
  "charge.dispute.created": "dispute",
};

/**
 * The same JSON value with every NUL character taken out of its strings (keys too). PostgreSQL
 * text and jsonb cannot hold one, and a customer can type one into a billing name: refusing the
 * event would have Stripe retry it for days, so the character is dropped instead.
 */
export function withoutNulCharacters(value: unknown): unknown {
  if (typeof value === "string") return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
  if (Array.isArray(value)) return value.map(withoutNulCharacters);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[withoutNulCharacters(k) as string] = withoutNulCharacters(v);
    return out;
  }
  return value;
}

/**
 * A verified Stripe event in the site's terms: the checkout events carry their session, refunds and
 * disputes their payment. A signed event of a type we act on but of another shape (a string for an
 * amount, no id, a body that is not an object) throws WebhookPayloadError: the provider and the
 * signature are right, the content is not, and the webhook answers 400 instead of failing.
 */
export function toPaymentEvent(raw: unknown): PaymentEvent {
  const parsed = envelope.safeParse(withoutNulCharacters(raw));
  if (!parsed.success) {
    const partial = raw && typeof raw === "object" ? (raw as { id?: unknown; type?: unknown }) : {};
    throw new WebhookPayloadError(`malformed event: ${describe(parsed.error)}`, {
      id: typeof partial.id === "string" ? partial.id.slice(0, 255) : undefined,
      type: typeof partial.type === "string" ? partial.type.slice(0, 255) : undefined,
    });
  }
  const event = parsed.data;
  const refer = { id: event.id, type: event.type };
  const kind = KINDS[event.type] ?? null;
  if (kind) {
    // A checkout event type that carries something else is not ours to act on.
    if (event.data.object.object !== "checkout.session") return { ...refer, kind: null, session: null };
    const session = checkoutSession.safeParse(event.data.object);
    if (!session.success)
      throw new WebhookPayloadError(`malformed checkout session: ${describe(session.error)}`, refer);
    return { ...refer, kind, session: sessionData(session.data as unknown as Stripe.Checkout.Session) };
  }
  const chargeKind = CHARGE_EVENTS[event.type];
  if (chargeKind) {
    const schema = chargeKind === "refund" ? refundedCharge : dispute;
    const object = schema.safeParse(event.data.object);
    if (!object.success)
      throw new WebhookPayloadError(`malformed ${event.type}: ${describe(object.error)}`, refer);
    const data = object.data as { payment_intent: string | { id: string }; amount: number };
    const paymentIntentId = idOf(data.payment_intent);
    if (!paymentIntentId) throw new WebhookPayloadError(`malformed ${event.type}: no payment intent`, refer);
    let fullyRefunded = false;
    if (chargeKind === "refund") {
      const charge = object.data as z.infer<typeof refundedCharge>;
      fullyRefunded = charge.refunded || charge.amount_refunded >= charge.amount;
    }
    return {
      ...refer,
      kind: null,
      session: null,
      charge: { kind: chargeKind, paymentIntentId, fullyRefunded },
    };
  }
  return { ...refer, kind: null, session: null };
}

/** The paths of what was wrong, never the values (the payload carries customer data). */
function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(event)"}: ${issue.code}`)
    .join("; ");
}
