import { handlePaymentEvent } from "~/domain/orders/webhook.server";
import { WebhookPayloadError, WebhookSignatureError } from "~/integrations/stripe/card-payments";
import { contentChanged } from "~/lib/content-change.server";
import { logger } from "~/lib/logger.server";
import { getDb, getPayments } from "~/services.server";
import type { Route } from "./+types/stripe-webhook";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

/**
 * `POST /webhooks/stripe`: Stripe's signed events (docs/decisions/131). The signature is checked on
 * the exact raw bytes (the server hands this path its body untouched: server/app.ts RAW_BODY_PATHS,
 * 1 MB limit, no same-origin check). 400 for a bad signature or a timestamp more than 5 minutes
 * away, and for a signed event whose shape is wrong (nothing written, logged without the
 * payload); 500 when the database fails (Stripe retries); 200 otherwise — also for events the site
 * does not act on.
 */
export async function action({ request }: Route.ActionArgs) {
  const payments = getPayments();
  if (!payments) return json(404, { error: "card payments are not configured" });
  const raw = Buffer.from(await request.arrayBuffer());
  let event: ReturnType<typeof payments.readWebhook>;
  try {
    event = payments.readWebhook(raw, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      // A wrong STRIPE_WEBHOOK_SECRET looks exactly like this, so it is logged as an error; a post
      // without any signature is not from Stripe at all (a scanner): a warning, without a stack.
      if (request.headers.get("stripe-signature"))
        logger.error({ err: error }, "stripe webhook refused: bad signature");
      else logger.warn({ reason: error.message }, "stripe webhook refused: no signature");
      return json(400, { error: "invalid signature" });
    }
    if (error instanceof WebhookPayloadError) {
      // Signed with our secret, yet not an event we can read: a provider change or a leaked secret.
      logger.error(
        { reason: error.message, eventId: error.event.id, type: error.event.type },
        "stripe webhook refused: malformed event",
      );
      return json(400, { error: "malformed event" });
    }
    throw error;
  }
  try {
    const outcome = await handlePaymentEvent(getDb(), event);
    if (outcome.result === "recorded" && outcome.promotion) contentChanged("listings");
    logger.info(
      {
        eventId: event.id,
        type: event.type,
        sessionId: event.session?.id,
        paymentIntentId: event.charge?.paymentIntentId,
        result: outcome.result,
        ...(outcome.result === "recorded"
          ? { orderId: outcome.orderId, status: outcome.status, promoted: outcome.promotion?.listingId }
          : {}),
      },
      "stripe webhook",
    );
    return json(200, { received: true, result: outcome.result });
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, "stripe webhook could not be recorded");
    return json(500, { error: "could not record the event" });
  }
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
