/**
 * What the site needs from a card payment provider, in its own words (the provider's file beside
 * this one maps them): start a hosted checkout, and read a signed webhook event. The domain
 * (domain/orders) never sees the provider's objects.
 *
 * Glossary: a *checkout* is the provider's hosted payment page for one purchase; it becomes an
 * *order* only when the provider reports it completed (the webhook), never because the browser
 * came back to our success page.
 */

export type CheckoutRequest = {
  /** Shown on the payment page and on the customer's receipt. */
  productName: string;
  description?: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  /** Absolute URL; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** Comes back, signed, with every webhook event of this checkout. */
  metadata: Record<string, string>;
  clientReferenceId?: string;
};

export type CheckoutStarted = { id: string; url: string };

/** The session's state as a webhook event reports it. */
export type CheckoutSessionData = {
  id: string;
  paymentIntentId: string | null;
  /** The provider's own word: paid, unpaid (an async method still running) or no_payment_required. */
  paymentStatus: string;
  /** Minor units. */
  amountTotal: number | null;
  currency: string | null;
  customerName: string | null;
  customerEmail: string | null;
  billingAddress: Record<string, string | null> | null;
  metadata: Record<string, string>;
};

/** The checkout events the site acts on; any other event type is acknowledged and ignored. */
export type CheckoutEventKind = "completed" | "async_payment_succeeded" | "async_payment_failed" | "expired";

export type PaymentEvent = {
  /** The provider's event id (the webhook is idempotent on it). */
  id: string;
  type: string;
  kind: CheckoutEventKind | null;
  session: CheckoutSessionData | null;
};

/** A webhook whose signature does not match (or is missing, or too old): answered 400. */
export class WebhookSignatureError extends Error {
  readonly code = "webhook_signature";
}

/** The provider could not start a checkout (network, refused request). */
export class CheckoutError extends Error {
  readonly code = "checkout_failed";
}

export interface CardPayments {
  readonly provider: "stripe";
  createCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /** Verifies the signature on the exact raw body; throws WebhookSignatureError. */
  readWebhook(rawBody: string | Buffer, signatureHeader: string | null): PaymentEvent;
}
