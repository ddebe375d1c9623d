import { describe, expect, it } from "vitest";
import { countWords, readingMinutes, readingSummary } from "./reading";

describe("word count and reading time", () => {
  it("counts words in Latin and Cyrillic, numbers and hyphenated words once", () => {
    expect(countWords("Vozači iz Čikaga — 3,5 tone; I-80 je zatvoren.")).toBe(8);
    expect(countWords("Возачи из Чикага")).toBe(3);
    expect(countWords("  \n ")).toBe(0);
  });
  it("rounds minutes, at least one for any text", () => {
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(20)).toBe(1);
    expect(readingMinutes(450)).toBe(2);
    expect(readingMinutes(1000)).toBe(5);
  });
  it("says it in Serbian", () => {
    expect(readingSummary(1)).toBe("1 reč · oko 1 min čitanja");
    expect(readingSummary(21)).toBe("21 reč · oko 1 min čitanja");
    expect(readingSummary(11)).toBe("11 reči · oko 1 min čitanja");
    expect(readingSummary(0)).toBe("0 reči");
  });
});
