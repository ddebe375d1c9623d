import { describe, expect, it } from "vitest";
import { CONFIRM_MAX_ATTEMPTS, confirmationPath, confirmationState, parseAttempt } from "./confirmation";

describe("the payment confirmation page", () => {
  it("waits for the webhook, then shows what it recorded", () => {
    expect(confirmationState(null, 0)).toBe("confirming");
    expect(confirmationState(null, CONFIRM_MAX_ATTEMPTS - 1)).toBe("confirming");
    expect(confirmationState(null, CONFIRM_MAX_ATTEMPTS)).toBe("late");
    expect(confirmationState("paid", 0)).toBe("paid");
    expect(confirmationState("pending", 3)).toBe("pending");
    expect(confirmationState("failed", 3)).toBe("failed");
    expect(confirmationState("refunded", 0)).toBe("other");
  });

  it("counts its own refreshes in the URL, within bounds", () => {
    expect(parseAttempt(null)).toBe(0);
    expect(parseAttempt("3")).toBe(3);
    expect(parseAttempt("-1")).toBe(0);
    expect(parseAttempt("x")).toBe(0);
    expect(parseAttempt("100000")).toBe(CONFIRM_MAX_ATTEMPTS);
    expect(confirmationPath("cs_test_1", 4)).toBe("/istaknite-oglas/potvrda?session_id=cs_test_1&pokusaj=4");
    expect(confirmationPath("cs_test_1")).toBe("/istaknite-oglas/potvrda?session_id=cs_test_1");
  });
});
