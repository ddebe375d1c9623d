import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatLongDate, newYorkDay } from "./dates";

describe("dates in sr-Latn and America/New_York", () => {
  it("shows the New York calendar day, not the UTC one", () => {
    // 03:30 UTC on 15 March is still 14 March in New York.
    const instant = new Date("2026-03-15T03:30:00Z");
    expect(formatDate(instant)).toBe("14. 3. 2026.");
    expect(newYorkDay(instant)).toBe("2026-03-14");
  });

  it("formats time in 24 hours and months in Serbian", () => {
    expect(formatDateTime("2026-07-04T18:05:00Z")).toBe("4. 7. 2026. 14:05");
    expect(formatLongDate("2026-11-22T12:00:00Z")).toBe("22. novembra 2026.");
    // The month after its day in the genitive, each of the twelve; the day is New York's.
    expect(formatLongDate("2026-01-01T03:00:00Z")).toBe("31. decembra 2025.");
    expect(formatLongDate("2026-03-05T12:00:00Z")).toBe("5. marta 2026.");
    expect(formatLongDate("2026-05-05T12:00:00Z")).toBe("5. maja 2026.");
    expect(formatLongDate("2026-08-05T12:00:00Z")).toBe("5. avgusta 2026.");
  });

  it("falls back for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDateTime(undefined, "Nikad")).toBe("Nikad");
    expect(formatDate("not a date")).toBe("—");
  });
});
