import { describe, expect, it } from "vitest";
import { FIELD_WORDS, fieldMessage } from "~/messages/fields";
import { ERRORS, type ErrorCode, errorMessage, errorStatus, storedErrorText } from "./errors";

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

  it("says the words of a failure a job recorded as a code; other text stays as it is", () => {
    expect(storedErrorText('newsletter.send_failed:Mailgun 500: {"message":"down"}')).toBe(
      'Greška prilikom slanja newsletter-a: Mailgun 500: {"message":"down"}',
    );
    expect(storedErrorText("newsletter.sync_not_configured")).toBe(
      "Brevo nije podešen (BREVO_API_KEY), pa sinhronizacija nije moguća.",
    );
    // A provider's answer, words recorded before the codes, and names the table only inherits.
    expect(storedErrorText("Mailgun 500: down")).toBe("Mailgun 500: down");
    expect(storedErrorText("Greška prilikom sinhronizacije: x")).toBe("Greška prilikom sinhronizacije: x");
    expect(storedErrorText("constructor")).toBe("constructor");
  });
});
