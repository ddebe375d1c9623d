import { describe, expect, it } from "vitest";
import { currentSection, HEADER_LINKS, sectionFromMatches } from "./site-sections";

describe("the header's current section", () => {
  it("has seven entries: the home page and the six sections", () => {
    expect(HEADER_LINKS.map((l) => l.to)).toEqual([
      "/",
      "/vesti",
      "/oglasi",
      "/kompanije",
      "/poslovi",
      "/kupoprodaja",
      "/forum",
    ]);
  });

  it("marks the section of every page: lists, detail pages, forms", () => {
    expect(currentSection("/")).toBe("/");
    expect(currentSection("/vesti")).toBe("/vesti");
    expect(currentSection("/poslovi/vozac-kamiona-53")).toBe("/poslovi");
    expect(currentSection("/kupoprodaja/novi")).toBe("/kupoprodaja");
    expect(currentSection("/kompanije/12")).toBe("/kompanije");
    expect(currentSection("/forum/3")).toBe("/forum");
    expect(currentSection("/forumi")).toBeNull();
    expect(currentSection("/newsletter")).toBeNull();
  });

  it("an article names its category through its route handle", () => {
    const matches = [
      { handle: undefined, data: {} },
      {
        handle: { section: (d: unknown) => ((d as { c: string }).c === "Oglasi" ? "/oglasi" : "/vesti") },
        data: { c: "Oglasi" },
      },
    ];
    expect(currentSection("/article/a-1", sectionFromMatches(matches))).toBe("/oglasi");
    expect(sectionFromMatches([{ handle: { section: "/forum" } }])).toBe("/forum");
  });
});
