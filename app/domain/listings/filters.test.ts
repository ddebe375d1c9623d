import { describe, expect, it } from "vitest";
import { hasJobFilters, hasSaleFilters, parseJobFilters, parseSaleFilters } from "./filters";

describe("list filters in the URL", () => {
  it("reads the job filters and ignores unknown values", () => {
    const f = parseJobFilters(
      new URLSearchParams("q=  reefer  &drzava=Illinois&ruta=otr&oprema=dry-van&pozicija=astronaut"),
    );
    expect(f).toEqual({
      q: "reefer",
      state: "Illinois",
      routeType: "otr",
      equipment: "dry-van",
      position: "",
    });
    expect(hasJobFilters(f)).toBe(true);
    expect(hasJobFilters(parseJobFilters(new URLSearchParams("drzava=Ontario")))).toBe(false);
  });

  it("reads price and year ranges, swapping reversed bounds", () => {
    const f = parseSaleFilters(
      new URLSearchParams("vrsta=truck&cena-od=60.000&cena-do=20000&godiste-od=2015&godiste-do=x"),
    );
    expect(f).toMatchObject({
      category: "truck",
      priceMin: 20000,
      priceMax: 60000,
      yearMin: 2015,
      yearMax: null,
    });
    expect(hasSaleFilters(f)).toBe(true);
    expect(hasSaleFilters(parseSaleFilters(new URLSearchParams("")))).toBe(false);
  });

  it("caps the search text", () => {
    expect(parseJobFilters(new URLSearchParams(`q=${"a".repeat(300)}`)).q).toHaveLength(100);
  });
});
