import { describe, expect, it } from "vitest";
import { bestSnippet, highlight, leadOf, type Segment, SNIPPET_LENGTH, snippet } from "./highlight";

const marked = (segments: readonly Segment[]) =>
  segments.map((s) => (s.hit ? `[${s.text}]` : s.text)).join("");

describe("highlight", () => {
  it("marks a word in whatever script and spelling the text uses", () => {
    expect(marked(highlight("Milan Đorđević, vozač", ["dordevic"]))).toBe("Milan [Đorđević], vozač");
    expect(marked(highlight("Милан Ђорђевић", ["dordevic"]))).toBe("Милан [Ђорђевић]");
    expect(marked(highlight("Djordjević Trucking", ["dordevic"]))).toBe("[Djordjević] Trucking");
    expect(marked(highlight("Возач и ВОЗАЧИ", ["vozac"]))).toBe("[Возач] и [ВОЗАЧ]И");
  });

  it("marks every occurrence of every term, merging overlaps", () => {
    expect(marked(highlight("kamion kamioni prikolica", ["kamion", "prikol"]))).toBe(
      "[kamion] [kamion]i [prikol]ica",
    );
    expect(marked(highlight("abcdef", ["abc", "bcd"]))).toBe("[abcd]ef");
  });

  it("returns the text unmarked when nothing matches", () => {
    expect(highlight("nema ničega", ["kamion"])).toEqual([{ text: "nema ničega", hit: false }]);
    expect(highlight("", ["kamion"])).toEqual([]);
  });

  it("keeps markup-looking text as text (the page escapes it)", () => {
    const segments = highlight('<img src=x onerror="alert(1)"> vozač', ["vozac"]);
    expect(segments).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', hit: false },
      { text: "vozač", hit: true },
    ]);
  });
});

describe("snippet", () => {
  const long = `${"Uvodna reč ".repeat(30)}Ovde je Đorđević našao posao kao vozač. ${"Završna reč ".repeat(30)}`;

  it("shows a window around the first match, cut at words, with ellipses", () => {
    const segments = snippet(long, ["dordevic"]);
    expect(segments).not.toBeNull();
    const text = marked(segments ?? []);
    expect(text).toContain("[Đorđević]");
    expect(text.startsWith("… ")).toBe(true);
    expect(text.endsWith(" …")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 8);
    // Cut at spaces: no half words at either end.
    expect(text).toMatch(/^… (Uvodna|reč) /);
    expect(text).toMatch(/ (Završna|reč) …$/);
  });

  it("returns a short text whole", () => {
    expect(marked(snippet("Vozač traži posao", ["vozac"]) ?? [])).toBe("[Vozač] traži posao");
  });

  it("is null when no term occurs", () => {
    expect(snippet(long, ["kamion"])).toBeNull();
  });

  it("collapses white space", () => {
    expect(marked(snippet("jedan\n\n  vozač\tdva", ["vozac"]) ?? [])).toBe("jedan [vozač] dva");
  });

  it("shows a match at the very end of a long text", () => {
    const text = `${"reč ".repeat(100)}kraj je ovde`;
    const segments = snippet(text, ["ovde"]) ?? [];
    expect(marked(segments)).toMatch(/\[ovde\]$/);
  });
});

describe("leadOf and bestSnippet", () => {
  it("the lead is cut at a word with an ellipsis", () => {
    const lead = leadOf("reč ".repeat(100));
    expect(lead[0].text.endsWith("reč …")).toBe(true);
    expect(leadOf("kratko")).toEqual([{ text: "kratko", hit: false }]);
    expect(leadOf("")).toEqual([]);
  });

  it("takes the first text with a match, else the first text's lead", () => {
    expect(marked(bestSnippet(["bez poklapanja", "Ovde je vozač"], ["vozac"]))).toBe("Ovde je [vozač]");
    expect(marked(bestSnippet(["uvod članka", "telo"], ["kamion"]))).toBe("uvod članka");
  });
});
