import { describe, expect, it } from "vitest";
import { mayShowPopup, parseHistory, showsToday, withShow } from "./frequency";

const at = (h: number, m = 0, day = 22) => new Date(2026, 10, day, h, m).getTime();
const HOUR = 60 * 60 * 1000;

describe("pop-up frequency in the visitor's browser", () => {
  it("shows to a first-time visitor", () => {
    expect(mayShowPopup([], at(9), { maxShowsPerDay: 2, minHoursBetween: 1 })).toBe(true);
  });

  it("respects the minimum hours between shows", () => {
    const rules = { maxShowsPerDay: 5, minHoursBetween: 1.5 };
    expect(mayShowPopup([at(9)], at(10), rules)).toBe(false);
    expect(mayShowPopup([at(9)], at(10, 29), rules)).toBe(false);
    expect(mayShowPopup([at(9)], at(10, 30), rules)).toBe(true);
  });

  it("shows at most the configured times per local day, and again the next day", () => {
    const rules = { maxShowsPerDay: 2, minHoursBetween: 0.5 };
    expect(mayShowPopup([at(8), at(12)], at(18), rules)).toBe(false);
    expect(mayShowPopup([at(8)], at(18), rules)).toBe(true);
    expect(mayShowPopup([at(8), at(12)], at(0, 30, 23), rules)).toBe(true);
    expect(showsToday([at(23, 0, 21), at(8)], at(9))).toBe(1);
  });

  it("max 1 a day: the next visit the same day sees nothing", () => {
    const history = withShow([], at(9));
    expect(mayShowPopup(history, at(9, 5), { maxShowsPerDay: 1, minHoursBetween: 0.5 })).toBe(false);
  });

  it("keeps a short history and reads only what it wrote", () => {
    const old = at(9) - 72 * HOUR;
    expect(withShow([old, at(8)], at(9))).toEqual([at(8), at(9)]);
    expect(
      withShow(
        Array.from({ length: 40 }, (_, i) => at(9) - i * 60_000),
        at(9),
      ).length,
    ).toBe(30);
    expect(parseHistory(JSON.stringify([at(8), "x", -1, null]))).toEqual([at(8)]);
    expect(parseHistory("{nije json")).toEqual([]);
    expect(parseHistory(null)).toEqual([]);
  });
});
