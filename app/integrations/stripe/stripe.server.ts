/**
 * The Stripe implementation of CardPayments, with the official library. Built once at boot
 * (server/app.ts → services), never per request; the keys stay on the server.
 * `STRIPE_BASE_URL` points the library at another host (a local fake in tests).
 */
import Stripe from "stripe";
import type { Env } from "~/env.server";
import {
  type CardPayments,
  CheckoutError,
  type CheckoutRequest,
  type CheckoutStarted,
  type PaymentEvent,
  WebhookSignatureError,
} from "./card-payments";
import { toPaymentEvent } from "./events";

export type StripeConfig = { secretKey: string; webhookSecret: string; baseUrl?: string };

/** How far a webhook's signed timestamp may be from our clock, either way (Stripe's default). */
export const WEBHOOK_TOLERANCE_S = 300;

/** The `t=` of a Stripe-Signature header (seconds), or null. */
export function signatureTimestamp(header: string): number | null {
  const match = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header);
  return match ? Number(match[1]) : null;
}

/** Host, port and protocol for the library when the API is not Stripe's own. */
export function connectionOptions(baseUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: "http" | "https";
} {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
  };
}

export function createStripePayments(config: StripeConfig): CardPayments {
  const stripe = new Stripe(config.secretKey, {
    ...connectionOptions(config.baseUrl),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "balkan-vozaci" },
  });

  return {
    provider: "stripe",

    async createCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency,
                unit_amount: request.amount,
                product_data: {
                  name: request.productName,
                  ...(request.description ? { description: request.description } : {}),
                },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata, description: request.productName },
          billing_address_collection: "required",
          submit_type: "pay",
          ...(request.clientReferenceId ? { client_reference_id: request.clientReferenceId } : {}),
        });
      } catch (error) {
        throw new CheckoutError("Stripe refused or did not answer the Checkout Session request", {
          cause: error,
        });
      }
      if (!session.url) throw new CheckoutError(`Checkout Session ${session.id} has no URL`);
      return { id: session.id, url: session.url };
    },

    readWebhook(rawBody: string | Buffer, signatureHeader: string | null, now = Date.now()): PaymentEvent {
      if (!signatureHeader) throw new WebhookSignatureError("missing Stripe-Signature header");
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_S,
          undefined,
          now,
        );
      } catch (error) {
        // Only the library's first line: its error also carries the whole payload (customer data).
        const reason = error instanceof Error ? error.message.split("\n")[0].trim() : String(error);
        throw new WebhookSignatureError(`Stripe webhook refused: ${reason}`);
      }
      // The library refuses timestamps too old, not those in the future: a correctly signed event
      // dated tomorrow is a replay waiting to happen (or a clock gone wrong). Both ways, 5 minutes.
      const timestamp = signatureTimestamp(signatureHeader);
      if (timestamp === null || Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_S) {
        throw new WebhookSignatureError("Stripe webhook refused: timestamp outside the tolerance zone");
      }
      return toPaymentEvent(event);
    },
  };
}

/** The configured provider, or null: without keys the site simply offers no card payments. */
export function createCardPaymentsFromEnv(env: Env): CardPayments | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return createStripePayments({
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    baseUrl: env.STRIPE_BASE_URL,
  });
}
