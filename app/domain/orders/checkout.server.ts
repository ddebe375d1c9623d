/**
 * Paid promotion, the visitor's side: which packages a listing can buy, and starting the provider's
 * hosted checkout for one of them. The order itself is written only by the webhook
 * (webhook.server.ts), never here: leaving for the payment page is not paying.
 */
import type { Database } from "~/db/client.server";
import { getListing } from "~/domain/listings/listings.server";
import { isLive } from "~/domain/listings/rules";
import { limitPublicForm } from "~/domain/rate-limit/public-form.server";
import { type Failure, fail } from "~/domain/result";
import { type CardPayments, CheckoutError } from "~/integrations/stripe/card-payments";
import { logger } from "~/lib/logger.server";
import { formatMinorAmount } from "~/lib/money";
import { daysLabel, type ProductKind, type PromotionProduct } from "./products";
import { activeProducts, getProduct } from "./products.server";
import { promotionSecret, signListing, verifyListingToken } from "./promotion-token.server";
import type { PromotionOffer } from "./types";

export type { PromotionOffer };

function offerOf(p: PromotionProduct): PromotionOffer {
  return {
    productId: p.id,
    name: p.name,
    days: p.days,
    daysLabel: daysLabel(p.days),
    price: formatMinorAmount(p.amount, p.currency),
  };
}

/**
 * What a listing's page (or the thank-you page after posting) offers: the kind's active packages,
 * and for a listing that is not public yet the key that lets its poster pay. Nothing without a
 * configured provider.
 */
export async function promotionOffers(
  db: Database,
  payments: CardPayments | null,
  listing: { id: number; kind: ProductKind; public: boolean },
): Promise<{ offers: PromotionOffer[]; token: string | null }> {
  if (!payments) return { offers: [], token: null };
  const products = await activeProducts(db, listing.kind);
  if (products.length === 0) return { offers: [], token: null };
  const token = listing.public ? null : signListing(await promotionSecret(db), listing.id);
  return { offers: products.map(offerOf), token };
}

export type CheckoutTarget = {
  listing: {
    id: number;
    kind: ProductKind;
    title: string;
    status: string;
    live: boolean;
    city: string;
    state: string;
    companyName: string | null;
  };
  token: string | null;
};

/**
 * The listing a checkout is for: a live listing, or a pending one whose poster holds its key.
 * Null for anything else (rejected, expired, missing, a wrong key).
 */
export async function checkoutTarget(
  db: Database,
  listingId: number,
  token: string | null,
  now = new Date(),
): Promise<CheckoutTarget | null> {
  const listing = await getListing(db, listingId);
  if (!listing) return null;
  const live = isLive(listing, now);
  if (!live) {
    if (listing.status !== "pending") return null;
    if (!verifyListingToken(await promotionSecret(db), listing.id, token)) return null;
  }
  return {
    listing: {
      id: listing.id,
      kind: listing.kind,
      title: listing.title,
      status: listing.status,
      live,
      city: listing.city,
      state: listing.state,
      companyName: listing.companyName,
    },
    token: live ? null : token,
  };
}

/**
 * Why a checkout does not start (the words are CHECKOUT_MESSAGES in app/messages/orders.ts): no
 * provider configured, a package the listing cannot buy, the provider refused; `rate_limited`
 * carries the wait in minutes as its detail.
 */
export type CheckoutErrorCode =
  | "checkout.unavailable"
  | "checkout.product"
  | "checkout.provider_failed"
  | "rate_limited";

export type StartCheckoutResult = { ok: true; url: string; sessionId: string } | Failure<CheckoutErrorCode>;

/**
 * Starts the hosted checkout for a package: amount and currency from our product, the listing,
 * package and days in the metadata (the webhook acts on them), success and cancel URLs on the
 * public origin. The public-form limiter counts the attempt first (each one costs a provider call).
 */
export async function startPromotionCheckout(
  db: Database,
  payments: CardPayments | null,
  input: { target: CheckoutTarget; productId: string; origin: string; clientIp: string | null },
): Promise<StartCheckoutResult> {
  if (!payments) return fail("checkout.unavailable");
  const { listing, token } = input.target;
  const product = await getProduct(db, input.productId);
  if (!product?.active || product.kind !== listing.kind) {
    return fail("checkout.product");
  }
  const limited = await limitPublicForm(db, "promotion-checkout", input.clientIp);
  if (!limited.ok) return fail("rate_limited", { detail: String(limited.retryAfterMinutes) });

  const back = new URLSearchParams({ oglas: String(listing.id) });
  if (token) back.set("kljuc", token);
  try {
    const session = await payments.createCheckout({
      productName: product.name,
      description: `Oglas br. ${listing.id}: ${listing.title}`.slice(0, 250),
      amount: product.amount,
      currency: product.currency,
      successUrl: `${input.origin}/istaknite-oglas/potvrda?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${input.origin}/istaknite-oglas/otkazano?${back}`,
      clientReferenceId: `listing-${listing.id}`,
      metadata: {
        listing_id: String(listing.id),
        listing_kind: listing.kind,
        product_id: product.id,
        product_name: product.name,
        featured_days: String(product.days),
        source: "website",
      },
    });
    logger.info({ sessionId: session.id, listingId: listing.id, productId: product.id }, "checkout started");
    return { ok: true, url: session.url, sessionId: session.id };
  } catch (error) {
    logger.error(
      { err: error instanceof CheckoutError ? (error.cause ?? error) : error },
      "checkout could not start",
    );
    return fail("checkout.provider_failed");
  }
}
