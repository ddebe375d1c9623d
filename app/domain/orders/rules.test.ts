import { describe, expect, it } from "vitest";
import {
  isSessionId,
  mergeStatus,
  orderStatusBadge,
  parseDays,
  parsePeriod,
  periodStartDay,
  statusAfterChargeEvent,
  statusAfterCheckoutEvent,
  statusFromEvent,
  withdrawsPromotion,
} from "./rules";

describe("order payment status", () => {
  it("badges paid, pending, failed, refunded and disputed in Serbian; any other value is neutral and shown as it is (spec §4)", () => {
    expect(orderStatusBadge("paid")).toEqual({ tone: "success", label: "Plaćeno" });
    expect(orderStatusBadge("pending")).toEqual({ tone: "warning", label: "Na čekanju" });
    expect(orderStatusBadge("failed")).toEqual({ tone: "danger", label: "Neuspelo" });
    expect(orderStatusBadge("refunded")).toEqual({ tone: "neutral", label: "Refundirano" });
    expect(orderStatusBadge("disputed")).toEqual({ tone: "danger", label: "Osporeno" });
    expect(orderStatusBadge("chargeback_lost")).toEqual({ tone: "neutral", label: "chargeback_lost" });
  });

  it("moves an order after the payment: a full refund, a dispute, a delayed payment failing after all", () => {
    expect(statusAfterChargeEvent("paid", { kind: "refund", fullyRefunded: true })).toBe("refunded");
    expect(statusAfterChargeEvent("paid", { kind: "refund", fullyRefunded: false })).toBe("paid");
    expect(statusAfterChargeEvent("paid", { kind: "dispute" })).toBe("disputed");
    expect(statusAfterChargeEvent("refunded", { kind: "dispute" })).toBe("disputed");
    expect(statusAfterChargeEvent("disputed", { kind: "refund", fullyRefunded: true })).toBe("disputed");
    expect(statusAfterCheckoutEvent("paid", "async_payment_failed", "failed")).toBe("failed");
    expect(statusAfterCheckoutEvent("paid", "expired", "failed")).toBe("paid");
    expect(statusAfterCheckoutEvent("refunded", "completed", "paid")).toBe("refunded");
    expect(statusAfterCheckoutEvent("disputed", "async_payment_succeeded", "paid")).toBe("disputed");
    expect(statusAfterCheckoutEvent("pending", "async_payment_succeeded", "paid")).toBe("paid");
    for (const s of ["refunded", "disputed", "failed"]) expect(withdrawsPromotion(s)).toBe(true);
    for (const s of ["paid", "pending"]) expect(withdrawsPromotion(s)).toBe(false);
  });

  it("reads the status an event reports", () => {
    expect(statusFromEvent("completed", "paid")).toBe("paid");
    expect(statusFromEvent("completed", "no_payment_required")).toBe("paid");
    expect(statusFromEvent("completed", "unpaid")).toBe("pending");
    expect(statusFromEvent("async_payment_succeeded", "paid")).toBe("paid");
    expect(statusFromEvent("async_payment_failed", "unpaid")).toBe("failed");
    expect(statusFromEvent("expired", "unpaid")).toBe("failed");
  });

  it("merges events in any order: paid is final, failed beats pending, other values stay", () => {
    expect(mergeStatus(null, "pending")).toBe("pending");
    expect(mergeStatus("pending", "paid")).toBe("paid");
    expect(mergeStatus("paid", "pending")).toBe("paid");
    expect(mergeStatus("paid", "failed")).toBe("paid");
    expect(mergeStatus("failed", "pending")).toBe("failed");
    expect(mergeStatus("pending", "failed")).toBe("failed");
    expect(mergeStatus("failed", "paid")).toBe("paid");
    expect(mergeStatus("refunded", "paid")).toBe("refunded");
  });

  it("takes 1 to 365 promotion days from metadata, nothing else", () => {
    expect(parseDays("7")).toBe(7);
    expect(parseDays("365")).toBe(365);
    for (const bad of [undefined, "", "0", "366", "7.5", "-1", "1e2", "abc"])
      expect(parseDays(bad)).toBeNull();
  });

  it("knows a Checkout Session id", () => {
    expect(isSessionId("cs_test_a1B2c3")).toBe(true);
    expect(isSessionId("pi_123")).toBe(false);
    expect(isSessionId("cs_<script>")).toBe(false);
    expect(isSessionId(null)).toBe(false);
  });
});

describe("the orders date filter (New York days)", () => {
  // 2026-03-08 04:30 UTC is still 7 March in New York (EST, UTC−5), hours before the DST switch.
  const now = new Date("2026-03-08T04:30:00Z");

  it("starts each period on a New York calendar day", () => {
    expect(periodStartDay("sve", now)).toBeNull();
    expect(periodStartDay("danas", now)).toBe("2026-03-07");
    expect(periodStartDay("nedelja", now)).toBe("2026-03-01");
    expect(periodStartDay("mesec", now)).toBe("2026-03-01");
    expect(periodStartDay("godina", now)).toBe("2026-01-01");
  });

  it("crosses month and year boundaries for the last 7 days", () => {
    expect(periodStartDay("nedelja", new Date("2026-01-03T15:00:00Z"))).toBe("2025-12-28");
    expect(periodStartDay("danas", new Date("2026-01-01T03:00:00Z"))).toBe("2025-12-31");
  });

  it("reads the URL value, anything unknown is all time", () => {
    expect(parsePeriod("danas")).toBe("danas");
    expect(parsePeriod("juce")).toBe("sve");
    expect(parsePeriod(null)).toBe("sve");
  });
});
