/** The shapes the orders screen and the public promotion pages share with the server. Pure. */
import type { ListingKind, ListingStatus } from "~/domain/listings/options";

/** The admin orders list: 20 a page. */
export const ORDERS_PAGE_SIZE = 20;

export type AdminOrder = {
  id: number;
  stripeSessionId: string;
  stripePaymentIntentId: string | null;
  productId: string | null;
  productName: string | null;
  customerName: string | null;
  customerEmail: string | null;
  amount: number;
  currency: string;
  paymentStatus: string;
  billingAddress: unknown;
  metadata: unknown;
  createdAt: Date;
  updatedAt: Date;
  featuredDays: number | null;
  promotedAt: Date | null;
  /** When a refund, dispute or failed payment took the promotion back. */
  promotionWithdrawnAt: Date | null;
  listing: {
    id: number;
    kind: ListingKind;
    title: string;
    status: ListingStatus;
    expiresAt: Date | null;
    featuredUntil: Date | null;
  } | null;
};

export type OrderSummary = {
  paid: number;
  pending: number;
  failed: number;
  refunded: number;
  disputed: number;
  /** Orders with any other status (shown neutral). */
  other: number;
  /** Paid amounts per currency, minor units. */
  revenue: { currency: string; amount: number }[];
};

/** A summary of no orders (the start of the count, and what a screen shows when none could be read). */
export function emptyOrderSummary(): OrderSummary {
  return { paid: 0, pending: 0, failed: 0, refunded: 0, disputed: 0, other: 0, revenue: [] };
}

/** One package as a listing's page offers it. */
export type PromotionOffer = {
  productId: string;
  name: string;
  days: number;
  daysLabel: string;
  price: string;
};
