import { describe, expect, it } from "vitest";
import { LINK_LABEL_MAX, shortExcerpt, truncateLabel, urlLabel } from "./links";

describe("newsletter link labels (spec §9: cut at 30 characters)", () => {
  it("keeps a label of up to 30 characters whole", () => {
    const exact = "a".repeat(LINK_LABEL_MAX);
    expect(truncateLabel(exact)).toBe(exact);
    expect(truncateLabel("Pročitajte više")).toBe("Pročitajte više");
  });

  it("cuts a longer label at 30 characters and marks the cut", () => {
    const label = truncateLabel("Novi propisi za vozače kamiona u Ilinoisu od januara");
    expect(label).toBe("Novi propisi za vozače kamiona…");
    expect(Array.from(label.slice(0, -1)).length).toBeLessThanOrEqual(30);
  });

  it("counts letters with diacritics as one character each", () => {
    expect(truncateLabel("šđčćž".repeat(7))).toBe(`${"šđčćž".repeat(6)}…`);
  });

  it("labels a URL by its host and path without the scheme or www", () => {
    expect(urlLabel("https://www.balkanvozaci.com/vesti")).toBe("balkanvozaci.com/vesti");
    expect(urlLabel("https://balkanvozaci.com/")).toBe("balkanvozaci.com");
    expect(urlLabel("https://balkanvozaci.com/article/novi-propisi-za-vozace-12")).toBe(
      "balkanvozaci.com/article/novi-…",
    );
  });
});

describe("shortExcerpt", () => {
  it("keeps short text and cuts long text at a word", () => {
    expect(shortExcerpt("  Kratak   opis. ")).toBe("Kratak opis.");
    const long = "Reč ".repeat(100);
    const cut = shortExcerpt(long, 50);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(51);
    expect(cut).not.toMatch(/ …$/);
  });
});
