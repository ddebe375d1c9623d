import { describe, expect, it } from "vitest";
import { centsToInput, formatMinorAmount, parseDollarsToCents } from "./money";

describe("money in minor units", () => {
  it("divides by 100 and shows the order's own currency", () => {
    expect(formatMinorAmount(4900, "usd")).toBe("49,00\u00a0$");
    expect(formatMinorAmount(123456, "usd")).toBe("1.234,56\u00a0$");
    expect(formatMinorAmount(990, "eur")).toBe("9,90\u00a0€");
    expect(formatMinorAmount(0)).toBe("0,00\u00a0$");
  });

  it("falls back to the code for a currency Intl does not know", () => {
    expect(formatMinorAmount(1000, "zz1")).toBe("10,00\u00a0ZZ1");
  });

  it("reads dollars as typed, with a comma or a dot", () => {
    expect(parseDollarsToCents("29")).toBe(2900);
    expect(parseDollarsToCents("29,9")).toBe(2990);
    expect(parseDollarsToCents("29.90")).toBe(2990);
    expect(parseDollarsToCents(" $ 7,05 ")).toBe(705);
    for (const bad of ["", "abc", "1.2.3", "29,999", "-5", "1e3"])
      expect(parseDollarsToCents(bad), bad).toBeNull();
  });

  it("shows cents back in the form's way", () => {
    expect(centsToInput(2900)).toBe("29");
    expect(centsToInput(2990)).toBe("29,90");
    expect(centsToInput(705)).toBe("7,05");
  });
});
