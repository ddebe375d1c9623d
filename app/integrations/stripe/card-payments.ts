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

/**
 * What happened to a charge after the payment: a refund (in full or in part) or a dispute (a
 * chargeback opened by the cardholder's bank). It names the payment, not the checkout.
 */
export type ChargeEventData = {
  kind: "refund" | "dispute";
  paymentIntentId: string;
  /** Refunds: the whole charged amount went back. */
  fullyRefunded: boolean;
};

export type PaymentEvent = {
  /** The provider's event id (the webhook is idempotent on it). */
  id: string;
  type: string;
  kind: CheckoutEventKind | null;
  session: CheckoutSessionData | null;
  /** Set for refund and dispute events. */
  charge?: ChargeEventData;
};

/** A webhook whose signature does not match (or is missing, too old or dated in the future): answered 400. */
export class WebhookSignatureError extends Error {
  readonly code = "webhook_signature";
}

/** A correctly signed webhook whose content is not an event of the shape we know: answered 400. */
export class WebhookPayloadError extends Error {
  readonly code = "webhook_payload";
  constructor(
    message: string,
    /** The event's id and type when they could be read (for the log; never the payload). */
    readonly event: { id?: string; type?: string } = {},
  ) {
    super(message);
  }
}

/** The provider could not start a checkout (network, refused request). */
export class CheckoutError extends Error {
  readonly code = "checkout_failed";
}

export interface CardPayments {
  readonly provider: "stripe";
  createCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  /**
   * Verifies the signature on the exact raw body and the timestamp (±5 minutes), then the event's
   * shape; throws WebhookSignatureError or WebhookPayloadError.
   */
  readWebhook(rawBody: string | Buffer, signatureHeader: string | null, now?: number): PaymentEvent;
}
