import { describe, expect, it } from "vitest";
import { reportPath, signPeriod, verifyPeriodSignature } from "./report-signature.server";

const SECRET = "a-test-secret-that-is-long-enough-000";

describe("campaign report signatures", () => {
  it("verifies its own signature for the same period only", () => {
    const sig = signPeriod(SECRET, 42);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyPeriodSignature(SECRET, 42, sig)).toBe(true);
    expect(verifyPeriodSignature(SECRET, 43, sig)).toBe(false);
    expect(verifyPeriodSignature("another-secret-that-is-long-enough-00", 42, sig)).toBe(false);
  });

  it("refuses tampered, truncated and empty signatures and bad ids", () => {
    const sig = signPeriod(SECRET, 7);
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    expect(verifyPeriodSignature(SECRET, 7, flipped)).toBe(false);
    expect(verifyPeriodSignature(SECRET, 7, sig.slice(0, 20))).toBe(false);
    expect(verifyPeriodSignature(SECRET, 7, "")).toBe(false);
    expect(verifyPeriodSignature(SECRET, 0, signPeriod(SECRET, 0))).toBe(false);
    expect(verifyPeriodSignature(SECRET, Number.NaN, sig)).toBe(false);
  });

  it("builds the report path", () => {
    expect(reportPath(SECRET, 5)).toBe(`/izvestaj/5/${signPeriod(SECRET, 5)}`);
  });
});
