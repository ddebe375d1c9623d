import { describe, expect, it } from "vitest";
import { pageWindow, parsePage, resultCountLine, totalPagesOf } from "./pagination";

describe("pagination window (spec §9: at most 5 page buttons)", () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [50, 10, [6, 7, 8, 9, 10]],
    [0, 10, [1, 2, 3, 4, 5]],
  ])("page %i of %i shows %j", (page, total, pages) => {
    expect(pageWindow(page, total).pages).toEqual(pages);
  });

  it("knows when previous and next exist", () => {
    expect(pageWindow(1, 3)).toMatchObject({ hasPrevious: false, hasNext: true });
    expect(pageWindow(3, 3)).toMatchObject({ hasPrevious: true, hasNext: false });
  });

  it("counts pages and reads the page parameter safely", () => {
    expect(totalPagesOf(0, 20)).toBe(1);
    expect(totalPagesOf(41, 20)).toBe(3);
    expect(parsePage("3")).toBe(3);
    expect(parsePage("-1")).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage(null)).toBe(1);
  });

  it("writes the result-count line", () => {
    expect(resultCountLine(2, 20, 5012)).toBe("Prikazano 21–40 od 5.012 rezultata");
    expect(resultCountLine(1, 20, 0)).toBe("Nema rezultata");
    expect(resultCountLine(3, 20, 12000, { estimated: true })).toBe(
      "Prikazano 41–60 od oko 12.000 rezultata",
    );
  });
});
