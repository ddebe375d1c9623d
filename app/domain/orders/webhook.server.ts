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
 * - After the payment, a full refund makes the order refunded and a dispute (chargeback) makes it
 *   disputed; a delayed payment that fails after all makes a paid order failed. Each takes the
 *   promotion's days back from the listing, once (`promotion_withdrawn_at`; decision 142).
 */
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { listings, stripeEvents, stripeOrders } from "~/db/schema";
import {
  addFeaturedDays,
  type PromotionResult,
  withdrawFeaturedDays,
} from "~/domain/listings/listings.server";
import type { ChargeEventData, CheckoutSessionData, PaymentEvent } from "~/integrations/stripe/card-payments";
import { parseId } from "~/lib/ids";
import {
  parseDays,
  statusAfterChargeEvent,
  statusAfterCheckoutEvent,
  statusFromEvent,
  withdrawsPromotion,
} from "./rules";

export type WebhookOutcome =
  /** The event id was handled before: nothing changed. */
  | { result: "duplicate" }
  /** Not an event the site acts on (acknowledged so that Stripe stops sending it). */
  | { result: "ignored" }
  /** An expired checkout, or a refund or dispute of a payment, without an order: nothing to record. */
  | { result: "no-order" }
  | {
      result: "recorded";
      orderId: number;
      status: string;
      /**
       * The listing's promotion after this event added the paid days or took them back; null when
       * the listing's promotion did not change.
       */
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

type ClaimedPromotion = (PromotionResult & { listingId: number }) | null;

/**
 * Claims one step of an order's promotion by setting its time column `mark` where `conditions`
 * still hold (only the first event of its kind gets a row back), then applies `change` to the
 * listing with the order's days.
 */
async function claimOnce(
  tx: Transaction,
  orderId: number,
  mark: { promotedAt: Date } | { promotionWithdrawnAt: Date },
  conditions: SQL[],
  change: (tx: Transaction, listingId: number, days: number) => Promise<PromotionResult | null>,
): Promise<ClaimedPromotion> {
  const [claimed] = await tx
    .update(stripeOrders)
    .set(mark)
    .where(
      and(
        eq(stripeOrders.id, orderId),
        ...conditions,
        isNotNull(stripeOrders.listingId),
        isNotNull(stripeOrders.featuredDays),
      ),
    )
    .returning({ listingId: stripeOrders.listingId, days: stripeOrders.featuredDays });
  if (!claimed?.listingId || !claimed.days) return null;
  const promotion = await change(tx, claimed.listingId, claimed.days);
  if (!promotion) return null;
  return { ...promotion, listingId: claimed.listingId };
}

/** Adds the order's days to its listing, once: only the first paid event of an order gets a row. */
function promoteOnce(tx: Transaction, orderId: number, now: Date): Promise<ClaimedPromotion> {
  return claimOnce(
    tx,
    orderId,
    { promotedAt: now },
    [isNull(stripeOrders.promotedAt)],
    (t, listingId, days) => addFeaturedDays(t, listingId, days, now),
  );
}

/** Takes the order's promotion back from its listing, once: only the first such event gets a row. */
function withdrawOnce(tx: Transaction, orderId: number, now: Date): Promise<ClaimedPromotion> {
  return claimOnce(
    tx,
    orderId,
    { promotionWithdrawnAt: now },
    [isNotNull(stripeOrders.promotedAt), isNull(stripeOrders.promotionWithdrawnAt)],
    (t, listingId, days) => withdrawFeaturedDays(t, listingId, days, now),
  );
}

/** What the order's new status does to its promotion: a paid order promotes, a taken-back one withdraws. */
function applyPromotion(tx: Transaction, orderId: number, status: string, now: Date) {
  if (status === "paid") return promoteOnce(tx, orderId, now);
  if (withdrawsPromotion(status)) return withdrawOnce(tx, orderId, now);
  return Promise.resolve(null);
}

/** A refund or a dispute of an order's payment (found by its payment intent). */
async function applyChargeEvent(
  tx: Transaction,
  charge: ChargeEventData,
  now: Date,
): Promise<WebhookOutcome> {
  const [order] = await tx
    .select({ id: stripeOrders.id, status: stripeOrders.paymentStatus })
    .from(stripeOrders)
    .where(eq(stripeOrders.stripePaymentIntentId, charge.paymentIntentId))
    .orderBy(stripeOrders.id)
    .limit(1)
    .for("update");
  if (!order) return { result: "no-order" };
  const status = statusAfterChargeEvent(order.status, charge);
  if (status !== order.status) {
    await tx
      .update(stripeOrders)
      .set({ paymentStatus: status, updatedAt: now })
      .where(eq(stripeOrders.id, order.id));
  }
  const promotion = withdrawsPromotion(status) ? await withdrawOnce(tx, order.id, now) : null;
  return { result: "recorded", orderId: order.id, status, promotion };
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
    if (event.charge) return applyChargeEvent(tx, event.charge, now);
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
    const status = statusAfterCheckoutEvent(current.status, kind, incoming);
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
    const promotion = await applyPromotion(tx, current.id, status, now);
    return { result: "recorded", orderId: current.id, status, promotion };
  });
}
