import { describe, expect, it } from "vitest";
import { parseForm } from "~/http/form";
import { PRODUCT_MESSAGES } from "~/messages/orders";
import { daysLabel, newProductSchema, productSchema } from "./products";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the promotion package form", () => {
  it("reads a price typed in dollars as cents", () => {
    const parsed = parseForm(
      productSchema,
      form({ name: " Istaknut oglas 7 dana ", price: "29,90", days: "7", active: "on" }),
    );
    expect(parsed).toMatchObject({
      ok: true,
      data: { name: "Istaknut oglas 7 dana", price: 2990, days: 7, active: true },
    });
  });

  it("names every wrong field, keeping what was typed", () => {
    const parsed = parseForm(productSchema, form({ name: "", price: "devet", days: "0" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toEqual({
      name: PRODUCT_MESSAGES.name,
      price: PRODUCT_MESSAGES.price,
      days: PRODUCT_MESSAGES.days,
    });
    expect(parsed.values).toMatchObject({ price: "devet", days: "0" });
  });

  it("keeps prices between 0,50 $ and 10.000 $ and days between 1 and 365", () => {
    const priceError = (price: string) => {
      const parsed = parseForm(productSchema, form({ name: "x", price, days: "7" }));
      return parsed.ok ? null : parsed.fieldErrors.price;
    };
    expect(priceError("0,49")).toBe(PRODUCT_MESSAGES.priceRange);
    expect(priceError("0,50")).toBeNull();
    expect(priceError("10000")).toBeNull();
    expect(priceError("10000,01")).toBe(PRODUCT_MESSAGES.priceRange);
    const daysError = (days: string) => {
      const parsed = parseForm(productSchema, form({ name: "x", price: "9", days }));
      return parsed.ok ? null : parsed.fieldErrors.days;
    };
    expect(daysError("365")).toBeNull();
    for (const bad of ["366", "1.5", "", "-1"]) expect(daysError(bad), bad).toBe(PRODUCT_MESSAGES.days);
  });

  it("an unchecked box is an inactive package; a new one needs its kind", () => {
    const parsed = parseForm(productSchema, form({ name: "x", price: "9", days: "7" }));
    expect(parsed.ok && parsed.data.active).toBe(false);
    const missingKind = parseForm(
      newProductSchema,
      form({ name: "x", price: "9", days: "7", kind: "usluge" }),
    );
    expect(missingKind.ok ? null : missingKind.fieldErrors.kind).toBe(PRODUCT_MESSAGES.kind);
  });

  it("says days in Serbian", () => {
    expect(daysLabel(7)).toBe("7 dana");
    expect(daysLabel(1)).toBe("1 dan");
    expect(daysLabel(21)).toBe("21 dan");
    expect(daysLabel(11)).toBe("11 dana");
    expect(daysLabel(30)).toBe("30 dana");
  });
});
