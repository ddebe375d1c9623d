import type Stripe from "stripe";
import type { CheckoutEventKind, CheckoutSessionData, PaymentEvent } from "./card-payments";

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

/** A verified Stripe event in the site's terms: the checkout events carry their session. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const kind = KINDS[event.type] ?? null;
  const object = event.data?.object as { object?: string } | undefined;
  const session =
    kind && object?.object === "checkout.session" ? sessionData(object as Stripe.Checkout.Session) : null;
  return { id: event.id, type: event.type, kind: session ? kind : null, session };
}
