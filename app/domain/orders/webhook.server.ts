/**
 * Paid promotion, the provider's side: a verified webhook event becomes an order in
 * `stripe_orders`, and a paid order adds its days to the listing's promotion — exactly once.
 *
 * - Idempotent on the event id: the event's row in `stripe_events` is written in the same
 *   transaction as the order and the promotion, so a replayed or duplicated event changes nothing.
 * - Events may arrive in any order: the status only moves forward (mergeStatus: paid is final,
 *   failed beats pending), and the promotion is applied once per order (`promoted_at`).
 * - An expired checkout that never became an order is not recorded (a visitor who looked at the
 *   payment page and left bought nothing); one that was pending becomes failed.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { listings, stripeEvents, stripeOrders } from "~/db/schema";
import { addFeaturedDays, type PromotionResult } from "~/domain/listings/listings.server";
import type { CheckoutSessionData, PaymentEvent } from "~/integrations/stripe/card-payments";
import { parseId } from "~/lib/ids";
import { mergeStatus, parseDays, statusFromEvent } from "./rules";

export type WebhookOutcome =
  /** The event id was handled before: nothing changed. */
  | { result: "duplicate" }
  /** Not an event the site acts on (acknowledged so that Stripe stops sending it). */
  | { result: "ignored" }
  /** An expired checkout without an order: nothing to record. */
  | { result: "no-order" }
  | {
      result: "recorded";
      orderId: number;
      status: string;
      /** The listing's promotion after this event added the paid days; null when nothing was added. */
      promotion: (PromotionResult & { listingId: number }) | null;
    };

/** The order's own columns from the session's metadata (set by startPromotionCheckout). */
async function orderFields(tx: Transaction, session: CheckoutSessionData) {
  const meta = session.metadata;
  let listingId = parseId(meta.listing_id);
  if (listingId !== null) {
    // A listing deleted since the checkout began: the order is still recorded, unlinked (its id
    // stays in the metadata).
    const [row] = await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId));
    if (!row) listingId = null;
  }
  return {
    listingId,
    featuredDays: parseDays(meta.featured_days),
    productId: meta.product_id ?? null,
    productName: meta.product_name ?? null,
  };
}

type LockedOrder = { id: number; status: string };

function lockOrder(tx: Transaction, sessionId: string): Promise<LockedOrder[]> {
  return tx
    .select({ id: stripeOrders.id, status: stripeOrders.paymentStatus })
    .from(stripeOrders)
    .where(eq(stripeOrders.stripeSessionId, sessionId))
    .for("update");
}

async function promoteOnce(
  tx: Transaction,
  orderId: number,
  now: Date,
): Promise<(PromotionResult & { listingId: number }) | null> {
  // Claim the promotion: only the first paid event of an order gets a row back.
  const [claimed] = await tx
    .update(stripeOrders)
    .set({ promotedAt: now })
    .where(
      and(
        eq(stripeOrders.id, orderId),
        isNull(stripeOrders.promotedAt),
        isNotNull(stripeOrders.listingId),
        isNotNull(stripeOrders.featuredDays),
      ),
    )
    .returning({ listingId: stripeOrders.listingId, days: stripeOrders.featuredDays });
  if (!claimed?.listingId || !claimed.days) return null;
  const promotion = await addFeaturedDays(tx, claimed.listingId, claimed.days, now);
  if (!promotion) return null;
  return { ...promotion, listingId: claimed.listingId };
}

/** Applies one verified event (see the module comment). */
export async function handlePaymentEvent(
  db: Database,
  event: PaymentEvent,
  now = new Date(),
): Promise<WebhookOutcome> {
  return db.transaction(async (tx): Promise<WebhookOutcome> => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, stripeSessionId: event.session?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { result: "duplicate" };
    const { kind, session } = event;
    if (!kind || !session) return { result: "ignored" };

    const incoming = statusFromEvent(kind, session.paymentStatus);
    let [current] = await lockOrder(tx, session.id);
    if (!current && kind === "expired") return { result: "no-order" };

    const fields = await orderFields(tx, session);
    if (!current) {
      const [inserted] = await tx
        .insert(stripeOrders)
        .values({
          stripeSessionId: session.id,
          stripePaymentIntentId: session.paymentIntentId,
          ...fields,
          customerName: session.customerName,
          customerEmail: session.customerEmail,
          amount: session.amountTotal ?? 0,
          currency: session.currency ?? "usd",
          paymentStatus: incoming,
          billingAddress: session.billingAddress,
          metadata: session.metadata,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: stripeOrders.id });
      if (inserted) {
        const promotion = incoming === "paid" ? await promoteOnce(tx, inserted.id, now) : null;
        return { result: "recorded", orderId: inserted.id, status: incoming, promotion };
      }
      // Another event of this session inserted the order after our read: merge into it.
      [current] = await lockOrder(tx, session.id);
    }

    // The status only moves forward; details the event carries fill in what the order lacks.
    const status = mergeStatus(current.status, incoming);
    await tx
      .update(stripeOrders)
      .set({
        paymentStatus: status,
        stripePaymentIntentId: sql`coalesce(${stripeOrders.stripePaymentIntentId}, ${session.paymentIntentId}::text)`,
        customerName: sql`coalesce(${session.customerName}::text, ${stripeOrders.customerName})`,
        customerEmail: sql`coalesce(${session.customerEmail}::text, ${stripeOrders.customerEmail})`,
        ...(session.billingAddress ? { billingAddress: session.billingAddress } : {}),
        listingId: sql`coalesce(${stripeOrders.listingId}, ${fields.listingId}::integer)`,
        featuredDays: sql`coalesce(${stripeOrders.featuredDays}, ${fields.featuredDays}::integer)`,
        updatedAt: now,
      })
      .where(eq(stripeOrders.id, current.id));
    const promotion = status === "paid" ? await promoteOnce(tx, current.id, now) : null;
    return { result: "recorded", orderId: current.id, status, promotion };
  });
}
