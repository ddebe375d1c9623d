import { describe, expect, it } from "vitest";
import { ALL_POSITIONS, sortBanners } from "./rules";
import { BANNER_SLOT_LAYOUT, emptySlots, namedSlot } from "./slots";

const asBanners = (slots = BANNER_SLOT_LAYOUT) =>
  slots.map((s, i) => ({
    id: i + 1,
    title: s.title,
    company: null,
    position: s.position,
    priority: s.priority,
  }));

describe("banner slot layout (spec §9, decision 111)", () => {
  it("covers every position: three in a row, five hero banners, two in a sidebar", () => {
    expect(new Set(BANNER_SLOT_LAYOUT.map((s) => s.position))).toEqual(new Set(ALL_POSITIONS));
    const count = (position: string) => BANNER_SLOT_LAYOUT.filter((s) => s.position === position).length;
    expect(count("home-top")).toBe(3);
    expect(count("home-hero")).toBe(5);
    expect(count("vesti-sidebar")).toBe(2);
    expect(BANNER_SLOT_LAYOUT).toHaveLength(3 * 11 + 5 + 2 * 3);
  });

  it("each slot's default title names its own slot, and sorts in layout order", () => {
    for (const slot of BANNER_SLOT_LAYOUT) {
      expect(namedSlot({ ...slot, company: null }), slot.title).toBe(slot.slot);
    }
    const banners = asBanners();
    for (const position of ALL_POSITIONS) {
      const here = banners.filter((b) => b.position === position);
      expect(sortBanners([...here].reverse()).map((b) => b.title)).toEqual(here.map((b) => b.title));
    }
  });
});

describe("empty slots", () => {
  it("none when every slot has its banner; all of them on an empty site", () => {
    expect(emptySlots(asBanners())).toEqual([]);
    expect(emptySlots([])).toEqual(BANNER_SLOT_LAYOUT);
  });

  it("a deleted banner leaves exactly its own slot empty", () => {
    const banners = asBanners();
    const gone = banners.findIndex((b) => b.title === "Početna vrh – srednji");
    const hero3 = banners.findIndex((b) => b.title === "Hero 3");
    const rest = banners.filter((_, i) => i !== gone && i !== hero3);
    expect(emptySlots(rest).map((s) => s.title)).toEqual(["Početna vrh – srednji", "Hero 3"]);
  });

  it("a renamed banner still fills a slot: unnamed banners take the free slots by priority", () => {
    const banners = asBanners().filter((b) => b.position !== "home-bottom");
    const renamed = [
      { id: 900, title: "Akcija za vozače", company: "Firma", position: "home-bottom", priority: 5 },
      { id: 901, title: "Početna dno – desni", company: null, position: "home-bottom", priority: 1 },
    ];
    expect(emptySlots([...banners, ...renamed]).map((s) => s.title)).toEqual(["Početna dno – srednji"]);
  });

  it("two banners naming one slot fill two slots; banners of unknown positions are ignored", () => {
    const banners = asBanners().filter((b) => b.position !== "oglasi-sidebar");
    const sidebar = [
      {
        id: 910,
        title: "Oglasi bočna traka – gornji",
        company: null,
        position: "oglasi-sidebar",
        priority: 1,
      },
      {
        id: 911,
        title: "Oglasi bočna traka – gornji",
        company: null,
        position: "oglasi-sidebar",
        priority: 2,
      },
      { id: 912, title: "Negde drugde", company: null, position: "nepoznata", priority: 0 },
    ];
    expect(emptySlots([...banners, ...sidebar])).toEqual([]);
  });
});
