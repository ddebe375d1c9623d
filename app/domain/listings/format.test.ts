import { describe, expect, it } from "vitest";
import {
  formatMileage,
  formatPay,
  formatPrice,
  listingParam,
  listingPath,
  parseListingParam,
  telHref,
} from "./format";

describe("listing formatting", () => {
  it("writes pay in its unit, Serbian number style", () => {
    expect(formatPay(0.65, null, "per-mile")).toBe("0,65 $ po milji");
    expect(formatPay(0.6, 0.7, "per-mile")).toBe("0,60–0,70 $ po milji");
    expect(formatPay(1500, 2200, "per-week")).toBe("1.500–2.200 $ nedeljno");
    expect(formatPay(25, 25, "percent")).toBe("25 % od tovara");
    expect(formatPay(85000, null, "per-year")).toBe("85.000 $ godišnje");
    expect(formatPay(null, null, "per-week")).toBeNull();
    expect(formatPay(1000, null, null)).toBeNull();
  });

  it("writes prices and miles", () => {
    expect(formatPrice(4_500_000)).toBe("45.000 $");
    expect(formatPrice(4999)).toBe("49,99 $");
    expect(formatPrice(null)).toBe("Po dogovoru");
    expect(formatMileage(412000)).toBe("412.000 milja");
    expect(formatMileage(3)).toBe("3 milje");
    expect(formatMileage(12)).toBe("12 milja");
    expect(formatMileage(null)).toBeNull();
  });

  it("builds slugged URLs by kind and reads the id back", () => {
    expect(listingPath({ id: 42, kind: "job", title: "Vozač CDL-A — Čikago, OTR" })).toBe(
      "/poslovi/vozac-cdl-a-cikago-otr-42",
    );
    expect(listingPath({ id: 7, kind: "sale", title: "Камион Volvo VNL" })).toBe(
      "/kupoprodaja/kamion-volvo-vnl-7",
    );
    expect(listingParam({ id: 9, title: "!!" })).toBe("oglas-9");
    expect(parseListingParam("vozac-cdl-a-42")).toBe(42);
    expect(parseListingParam("42")).toBe(42);
    expect(parseListingParam("vozac")).toBeNull();
    expect(parseListingParam("x-99999999999")).toBeNull();
    expect(parseListingParam(undefined)).toBeNull();
  });

  it("makes phone links a phone can dial", () => {
    expect(telHref("+1 (312) 555-0199")).toBe("tel:+13125550199");
    expect(telHref("312.555.0199")).toBe("tel:3125550199");
  });
});
