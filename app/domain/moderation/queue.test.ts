import { describe, expect, it } from "vitest";
import { parseSearch, parseTab, TAB_WORDS } from "./queue";

describe("the queue's URL words", () => {
  const FORUM = ["pending", "approved", "rejected", "all"] as const;
  const REQUESTS = ["all", "pending", "approved", "rejected"] as const;

  it("defaults to the area's first tab and reads the other tabs from the URL", () => {
    expect(parseTab(null, FORUM)).toBe("pending");
    expect(parseTab("nesto", FORUM)).toBe("pending");
    expect(parseTab("odobreno", FORUM)).toBe("approved");
    expect(parseTab("odbijeno", FORUM)).toBe("rejected");
    expect(parseTab("sve", FORUM)).toBe("all");
    expect(parseTab(null, REQUESTS)).toBe("all");
    expect(parseTab("na-cekanju", REQUESTS)).toBe("pending");
    // A tab the area does not have is its default.
    expect(parseTab("isteklo", REQUESTS)).toBe("all");
  });

  it("one word per status everywhere", () => {
    expect(Object.values(TAB_WORDS)).toEqual(["na-cekanju", "odobreno", "odbijeno", "isteklo", "sve"]);
  });

  it("a search is trimmed to 100 characters", () => {
    expect(parseSearch("  vozač  ")).toBe("vozač");
    expect(parseSearch("x".repeat(150))).toHaveLength(100);
    expect(parseSearch(null)).toBe("");
  });
});
