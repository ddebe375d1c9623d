import { describe, expect, it } from "vitest";
import { fillMonths, lastMonths, monthLabel, newYorkMonth } from "./stats";

describe("e-mail stats months", () => {
  it("counts months in New York time", () => {
    // 1 Dec 2026 03:00 UTC is still 30 Nov in New York.
    expect(newYorkMonth(new Date("2026-12-01T03:00:00Z"))).toBe("2026-11");
    expect(newYorkMonth(new Date("2026-12-01T06:00:00Z"))).toBe("2026-12");
  });

  it("lists the last 12 months, oldest first, across a year boundary", () => {
    const months = lastMonths(new Date("2026-02-10T12:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months[9]).toBe("2025-12");
    expect(months[11]).toBe("2026-02");
  });

  it("fills months without sends with zero", () => {
    const filled = fillMonths(["2026-01", "2026-02", "2026-03"], [{ month: "2026-02", count: 512 }]);
    expect(filled).toEqual([
      { month: "2026-01", count: 0 },
      { month: "2026-02", count: 512 },
      { month: "2026-03", count: 0 },
    ]);
  });

  it("labels a month in Serbian", () => {
    expect(monthLabel("2026-08")).toBe("avg 26");
    expect(monthLabel("2025-05")).toBe("maj 25");
  });
});
