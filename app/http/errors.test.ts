import { describe, expect, it } from "vitest";
import { FIELD_WORDS, fieldMessage } from "~/messages/fields";
import { ERRORS, type ErrorCode, errorMessage, errorStatus } from "./errors";

describe("the error table (decision 170)", () => {
  const codes = Object.keys(ERRORS) as ErrorCode[];

  it("gives every code Serbian words and an error status", () => {
    expect(codes.length).toBeGreaterThan(40);
    for (const code of codes) {
      // A detail for the messages that quote one (a wait, a reason).
      const message = errorMessage(code, "7");
      expect(message.trim(), code).not.toBe("");
      expect(message, code).not.toBe(code);
      expect(errorStatus(code), code).toBeGreaterThanOrEqual(400);
      expect(errorStatus(code), code).toBeLessThan(600);
    }
  });

  it("gives every field code its words, with the detail where the words quote one", () => {
    // The detail each code's words quote: a number, or the pay unit of a pay range.
    const detailOf = (code: string) => (code === "listing.payRange" ? "per-week" : "7");
    for (const code of Object.keys(FIELD_WORDS)) {
      const words = fieldMessage(`${code}:${detailOf(code)}`);
      expect(words.trim(), code).not.toBe("");
      expect(words.startsWith(code), code).toBe(false);
    }
    expect(fieldMessage("form.tooLong:300")).toBe("Najviše 300 karaktera.");
    // Text that is not a code (a route's own message) stays as it is.
    expect(fieldMessage("Obavezno polje")).toBe("Obavezno polje");
  });
});
