import { describe, expect, it } from "vitest";
import { bannerSlots } from "~/demo/banners";
import {
  clickTarget,
  compareBanners,
  fillRow,
  heroOrder,
  imageSizeFor,
  isExpired,
  isHttpUrl,
  isLive,
  isNotStarted,
  isThreeInRow,
  linkTypeOf,
  orderKey,
  positionKind,
  slotFromNumber,
  slotLabel,
  slotOf,
  sortBanners,
  telHref,
} from "./rules";

let nextId = 1;
function b(
  title: string,
  position: string,
  priority = 0,
  extra: { id?: number; company?: string | null } = {},
) {
  return { id: extra.id ?? nextId++, title, position, priority, company: extra.company ?? null };
}

describe("orderKey: ordering within a section (spec §4)", () => {
  it("hero banners sort by the number in the title", () => {
    expect(orderKey(b("Hero 1", "home-hero"))).toBe(1);
    expect(orderKey(b("Hero 5", "home-hero"))).toBe(5);
    expect(orderKey(b("Hero bez broja", "home-hero"))).toBe(9);
  });

  it.each([
    ["home-top", 10],
    ["home-section-1", 10],
    ["home-middle", 20],
    ["home-section-2", 20],
    ["home-section-3", 30],
    ["home-section-4", 40],
    ["home-bottom", 50],
    ["vesti-top", 10],
    ["oglasi-bottom", 50],
  ])("%s is at %i–%i+2 by levi/srednji/desni", (position, base) => {
    expect(orderKey(b("Vrh – levi", position))).toBe(base);
    expect(orderKey(b("Vrh – srednji", position))).toBe(base + 1);
    expect(orderKey(b("Vrh – DESNI", position))).toBe(base + 2);
    expect(orderKey(b("Vrh bez kolone", position))).toBe(base + 3);
  });

  it("sidebar banners are at 60 plus priority", () => {
    expect(orderKey(b("Bočna", "home-sidebar", 0))).toBe(60);
    expect(orderKey(b("Bočna", "vesti-sidebar", 2))).toBe(62);
  });

  it("other positions are at 100 plus id", () => {
    expect(orderKey(b("Stari", "header", 5, { id: 7 }))).toBe(107);
    expect(orderKey(b("Stari", "footer", 0, { id: 42 }))).toBe(142);
  });

  it("words are matched as whole words only", () => {
    expect(orderKey(b("Levijatan", "home-top"))).toBe(13);
  });
});

describe("sortBanners", () => {
  it("hero by title number, then descending priority", () => {
    const list = [b("Hero 3", "home-hero", 1), b("Hero 1", "home-hero", 1), b("Hero 2", "home-hero", 1)];
    expect(sortBanners(list).map((x) => x.title)).toEqual(["Hero 1", "Hero 2", "Hero 3"]);
    const tie = [b("Hero 1", "home-hero", 1, { id: 200 }), b("Hero 1", "home-hero", 9, { id: 201 })];
    expect(sortBanners(tie).map((x) => x.id)).toEqual([201, 200]);
  });

  it("orders a whole section: hero, top row, rows, sidebar, others", () => {
    const list = [
      b("Ostalo", "content", 0, { id: 1 }),
      b("Sidebar donji", "home-sidebar", 2),
      b("Dno – desni", "home-bottom"),
      b("Vrh – srednji", "home-top"),
      b("Hero 2", "home-hero", 4),
      b("Sidebar gornji", "home-sidebar", 1),
      b("Sredina – levi", "home-middle"),
      b("Vrh – levi", "home-top"),
      b("Hero 1", "home-hero", 5),
    ];
    expect(sortBanners(list).map((x) => x.title)).toEqual([
      "Hero 1",
      "Hero 2",
      "Vrh – levi",
      "Vrh – srednji",
      "Sredina – levi",
      "Dno – desni",
      "Sidebar gornji",
      "Sidebar donji",
      "Ostalo",
    ]);
  });

  it("ties fall back to id so the order is stable", () => {
    const x = b("Vrh – levi", "home-top", 0, { id: 300 });
    const y = b("Vrh – levi", "home-top", 0, { id: 301 });
    expect(compareBanners(x, y)).toBeLessThan(0);
  });

  it("the seed's banners come out in the seed's order within each position", () => {
    const slots = bannerSlots().map((s, i) => ({ ...s, id: i + 1, company: null }));
    for (const position of new Set(slots.map((s) => s.position))) {
      const inPosition = slots.filter((s) => s.position === position);
      expect(sortBanners([...inPosition].reverse()).map((s) => s.title)).toEqual(
        inPosition.map((s) => s.title),
      );
    }
  });
});

describe("slot labels (spec §4)", () => {
  it("from the title words", () => {
    expect(slotLabel({ title: "Početna vrh – levi" })).toBe("Levi");
    expect(slotLabel({ title: "Početna vrh – srednji" })).toBe("Srednji");
    expect(slotLabel({ title: "Početna vrh – desni" })).toBe("Desni");
  });

  it("from the company text when the title names none", () => {
    expect(slotOf({ title: "Vrh", company: "Firma (desni)" })).toBe("right");
    expect(slotOf({ title: "Vrh – levi", company: "Firma desni" })).toBe("left");
  });

  it("from hero/article numbers 1–5: left, middle, right, left, middle", () => {
    expect([1, 2, 3, 4, 5].map((n) => slotOf({ title: `Hero ${n}` }))).toEqual([
      "left",
      "middle",
      "right",
      "left",
      "middle",
    ]);
    expect(slotOf({ title: "Članak 3" })).toBe("right");
    expect(slotOf({ title: "Article 4" })).toBe("left");
  });

  it("none for numbers outside 1–5 or titles without a hint", () => {
    expect(slotOf({ title: "Hero 6" })).toBeNull();
    expect(slotOf({ title: "Hero 0" })).toBeNull();
    expect(slotOf({ title: "Bočna traka – gornji" })).toBeNull();
    expect(slotLabel({ title: "Bez oznake", company: null })).toBeNull();
    expect(slotFromNumber(null)).toBeNull();
  });
});

describe("three-in-a-row fill (spec §4)", () => {
  it("fills left, middle, right by ascending priority", () => {
    const row = fillRow([
      b("A", "home-top", 3),
      b("B", "home-top", 1),
      b("C", "home-top", 2),
      b("D", "home-top", 4),
    ]);
    expect(row.map((x) => [x.title, x.slot])).toEqual([
      ["B", "left"],
      ["C", "middle"],
      ["A", "right"],
    ]);
  });

  it("a banner whose title names a slot keeps it; the rest fill the free ones", () => {
    const row = fillRow([b("X – desni", "home-top", 1), b("Y", "home-top", 2), b("Z", "home-top", 3)]);
    expect(row.map((x) => [x.title, x.slot])).toEqual([
      ["Y", "left"],
      ["Z", "middle"],
      ["X – desni", "right"],
    ]);
  });

  it("a missing middle banner leaves the middle empty rather than shifting right", () => {
    const row = fillRow([b("Vrh – levi", "home-top", 1), b("Vrh – desni", "home-top", 3)]);
    expect(row.map((x) => x.slot)).toEqual(["left", "right"]);
  });

  it("two banners naming the same slot: the lower priority keeps it, the other takes a free one", () => {
    const row = fillRow([b("B – levi", "home-top", 2), b("A – levi", "home-top", 1)]);
    expect(row.map((x) => [x.title, x.slot])).toEqual([
      ["A – levi", "left"],
      ["B – levi", "middle"],
    ]);
  });

  it("which positions are rows", () => {
    for (const p of [
      "home-top",
      "home-section-1",
      "home-section-4",
      "home-middle",
      "home-bottom",
      "vesti-top",
      "oglasi-bottom",
    ]) {
      expect(isThreeInRow(p)).toBe(true);
    }
    for (const p of ["home-hero", "home-sidebar", "vesti-sidebar", "header", "content"])
      expect(isThreeInRow(p)).toBe(false);
    expect(positionKind("home-section-2")).toBe("section-2");
  });

  it("hero takes five by title number", () => {
    const list = [6, 5, 4, 3, 2, 1].map((n) => b(`Hero ${n}`, "home-hero", 7 - n));
    expect(heroOrder(list).map((x) => x.title)).toEqual(["Hero 1", "Hero 2", "Hero 3", "Hero 4", "Hero 5"]);
  });
});

describe("expiry (spec §4)", () => {
  it("expired when the end date is before today", () => {
    expect(isExpired("2026-11-21", "2026-11-22")).toBe(true);
    expect(isExpired("2026-11-22", "2026-11-22")).toBe(false);
    expect(isExpired("2026-12-01", "2026-11-22")).toBe(false);
    expect(isExpired(null, "2026-11-22")).toBe(false);
  });

  it("live: active, not expired, started", () => {
    const today = "2026-11-22";
    expect(isLive({ active: true }, today)).toBe(true);
    expect(isLive({ active: false }, today)).toBe(false);
    expect(isLive({ active: true, endDate: "2026-11-01" }, today)).toBe(false);
    expect(isLive({ active: true, startDate: "2026-11-23" }, today)).toBe(false);
    expect(isNotStarted("2026-11-22", today)).toBe(false);
  });
});

describe("link type (spec §3)", () => {
  it("phone when a non-empty phone exists, otherwise url", () => {
    expect(linkTypeOf({ phone: "(815) 555-0123" })).toBe("phone");
    expect(linkTypeOf({ phone: "   " })).toBe("url");
    expect(linkTypeOf({ phone: null })).toBe("url");
    expect(linkTypeOf({})).toBe("url");
  });

  it("click target: the stored http(s) link or tel:", () => {
    expect(clickTarget({ link: "https://a.example.com/x?y=1" })).toBe("https://a.example.com/x?y=1");
    expect(clickTarget({ link: "javascript:alert(1)" })).toBeNull();
    expect(clickTarget({ link: "//evil.example" })).toBeNull();
    expect(clickTarget({ link: null })).toBeNull();
    expect(clickTarget({ link: "https://a.example.com", phone: "(815) 555-0123" })).toBe("tel:8155550123");
    expect(telHref("+1 815 555 0123")).toBe("tel:+18155550123");
    expect(telHref("ab")).toBeNull();
    expect(isHttpUrl("ftp://x.example")).toBe(false);
  });

  it("image sizes by type", () => {
    expect(imageSizeFor("banner", "home-top")).toEqual({ width: 1200, height: 200 });
    expect(imageSizeFor("rectangle", "home-hero")).toEqual({ width: 1200, height: 675 });
    expect(imageSizeFor("skyscraper", "home-sidebar")).toEqual({ width: 300, height: 600 });
  });
});
