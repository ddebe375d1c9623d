/**
 * Card-payment orders: the pure rules (spec §3, §4 "Order payment_status", §9 Orders). Shared by the
 * server and the admin screen.
 *
 * Glossary: a *checkout* is started by a visitor on the provider's page; the provider's signed
 * webhook turns it into an *order* (paid, pending while an async method such as a bank debit runs,
 * or failed). A *paid* order *promotes* its listing once: its days are added to `featured_until`.
 */
import type { CheckoutEventKind } from "~/integrations/stripe/card-payments";
import { newYorkDay } from "~/lib/dates";
import { isOneOf } from "~/lib/one-of";

/**
 * Spec §4's paid, pending and failed, plus what the provider reports after a payment: the money
 * went back (*refunded*, in full) or the cardholder's bank opened a chargeback (*disputed*).
 * Both withdraw the promotion the order had bought (docs/decisions/142).
 */
export const ORDER_STATUSES = ["paid", "pending", "failed", "refunded", "disputed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses a checkout event can give. */
export type CheckoutStatus = Extract<OrderStatus, "paid" | "pending" | "failed">;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: "Plaćeno",
  pending: "Na čekanju",
  failed: "Neuspelo",
  refunded: "Refundirano",
  disputed: "Osporeno",
};

/** Badge tones (the names of components/ui/badge.tsx). */
export type OrderTone = "success" | "warning" | "danger" | "neutral";

const TONES: Record<OrderStatus, OrderTone> = {
  paid: "success",
  pending: "warning",
  failed: "danger",
  refunded: "neutral",
  disputed: "danger",
};

/** An order that no longer pays for its promotion: the paid days are taken back. */
export function withdrawsPromotion(status: string): boolean {
  return status === "refunded" || status === "disputed" || status === "failed";
}

export function isOrderStatus(value: string): value is OrderStatus {
  return isOneOf(ORDER_STATUSES, value);
}

/** Spec §4: paid, pending, failed; any other value is displayed neutral, as it is. */
export function orderStatusBadge(status: string): { tone: OrderTone; label: string } {
  return isOrderStatus(status)
    ? { tone: TONES[status], label: ORDER_STATUS_LABELS[status] }
    : { tone: "neutral", label: status };
}

/** What an event says about the payment of its session. */
export function statusFromEvent(kind: CheckoutEventKind, sessionPaymentStatus: string): CheckoutStatus {
  switch (kind) {
    case "completed":
      // Cards are paid at completion; a bank debit completes "unpaid" and settles later.
      return sessionPaymentStatus === "paid" || sessionPaymentStatus === "no_payment_required"
        ? "paid"
        : "pending";
    case "async_payment_succeeded":
      return "paid";
    case "async_payment_failed":
    case "expired":
      return "failed";
  }
}

const RANK: Record<CheckoutStatus, number> = { pending: 0, failed: 1, paid: 2 };

/**
 * The status after a checkout event, whatever order the events arrive in: paid is final (money was
 * taken), failed beats pending, and a status set after the payment (refunded, disputed) or by other
 * means is kept.
 */
export function mergeStatus(current: string | null, incoming: CheckoutStatus): string {
  if (current === null) return incoming;
  if (current !== "paid" && current !== "pending" && current !== "failed") return current;
  return RANK[incoming] > RANK[current] ? incoming : current;
}

/**
 * The status after a checkout event of `kind`: as mergeStatus, except that the provider saying the
 * delayed payment failed after all (a bank debit returned after it had been reported as
 * succeeded) turns a paid order failed.
 */
export function statusAfterCheckoutEvent(
  current: string | null,
  kind: CheckoutEventKind,
  incoming: CheckoutStatus,
): string {
  if (kind === "async_payment_failed" && current === "paid") return "failed";
  return mergeStatus(current, incoming);
}

/**
 * The status after the provider reported a refund or a dispute of the order's charge: a full
 * refund makes it refunded (a dispute stays disputed: its money is handled by the dispute); a
 * dispute makes it disputed. A partial refund leaves the status as it is.
 */
export function statusAfterChargeEvent(
  current: string,
  event: { kind: "refund" | "dispute"; fullyRefunded?: boolean },
): string {
  if (event.kind === "dispute") return "disputed";
  if (!event.fullyRefunded || current === "disputed") return current;
  return "refunded";
}

/** Promotion days from a session's metadata: 1 to 365, else null. */
export function parseDays(value: string | undefined): number | null {
  if (!value || !/^\d{1,3}$/.test(value)) return null;
  const days = Number(value);
  return days >= 1 && days <= 365 ? days : null;
}

/** A Checkout Session id as Stripe writes it (success page URL, admin search). */
export function isSessionId(value: string | null | undefined): value is string {
  return typeof value === "string" && /^cs_[A-Za-z0-9_]{3,250}$/.test(value);
}

// --- the admin status filter ------------------------------------------------------------------

/** The orders screen's status filter: Serbian words in the URL, as the period filter. */
export const ORDER_STATUS_FILTERS = [
  { value: "sve", label: "Svi statusi", status: null },
  { value: "placene", label: "Plaćene", status: "paid" },
  { value: "na-cekanju", label: "Na čekanju", status: "pending" },
  { value: "neuspele", label: "Neuspele", status: "failed" },
  { value: "refundirane", label: "Refundirane", status: "refunded" },
  { value: "osporene", label: "Osporene", status: "disputed" },
] as const satisfies readonly { value: string; label: string; status: OrderStatus | null }[];
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number]["value"];

export function parseStatusFilter(value: string | null): OrderStatusFilter {
  return ORDER_STATUS_FILTERS.find((f) => f.value === value)?.value ?? "sve";
}

export function statusOfFilter(value: OrderStatusFilter): OrderStatus | null {
  return ORDER_STATUS_FILTERS.find((f) => f.value === value)?.status ?? null;
}

// --- the admin date filter (New York days) ------------------------------------------------------

export const ORDER_PERIODS = [
  { value: "sve", label: "Sve" },
  { value: "danas", label: "Danas" },
  { value: "nedelja", label: "Poslednjih 7 dana" },
  { value: "mesec", label: "Ovaj mesec" },
  { value: "godina", label: "Ova godina" },
] as const;
export type OrderPeriod = (typeof ORDER_PERIODS)[number]["value"];

export function parsePeriod(value: string | null): OrderPeriod {
  return ORDER_PERIODS.find((p) => p.value === value)?.value ?? "sve";
}

function shiftDay(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The first New York calendar day (YYYY-MM-DD) a period covers, or null for all time: today; the
 * last 7 days (today and the 6 before); this calendar month; this calendar year. The query takes
 * orders from that day's midnight in New York.
 */
export function periodStartDay(period: OrderPeriod, now = new Date()): string | null {
  const today = newYorkDay(now);
  switch (period) {
    case "sve":
      return null;
    case "danas":
      return today;
    case "nedelja":
      return shiftDay(today, -6);
    case "mesec":
      return `${today.slice(0, 7)}-01`;
    case "godina":
      return `${today.slice(0, 4)}-01-01`;
  }
}
