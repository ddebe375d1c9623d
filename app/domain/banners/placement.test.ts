import { describe, expect, it } from "vitest";
import { buildBannerPlans } from "~/demo/banners";
import type { CachedBanner } from "./cache.server";
import { placeBanners } from "./placement.server";
import {
  BANNER_POSITIONS,
  creativeKey,
  HOME_PHONE_ROTATION,
  phonePlacement,
  withoutRepeatedCreatives,
} from "./rules";

const TODAY = "2026-11-20";
let nextId = 1;
function banner(position: string, title: string, extra: Partial<CachedBanner> = {}): CachedBanner {
  return {
    id: nextId++,
    title,
    company: null,
    link: "https://x.example.com",
    phone: null,
    section: position.split("-")[0],
    position,
    type: "banner",
    message: null,
    backgroundColor: null,
    imageUrl: null,
    active: true,
    startDate: null,
    endDate: null,
    priority: 1,
    ...extra,
  };
}

describe("creatives on a page (decision 212)", () => {
  it("a creative is the image, or a text banner's company, message and colour", () => {
    expect(creativeKey({ title: "a", imageUrl: "/media/images/x.jpg?v=2" })).toBe(
      creativeKey({ title: "b", imageUrl: "/media/images/x.jpg" }),
    );
    expect(creativeKey({ title: "a", company: "Una", message: "Vozači" })).toBe(
      creativeKey({ title: "b", company: "una ", message: "vozači" }),
    );
    expect(creativeKey({ title: "a", company: "Una", message: "Vozači" })).not.toBe(
      creativeKey({ title: "a", company: "Una", message: "Vozači", backgroundColor: "#000" }),
    );
  });

  it("keeps the first of each creative in page order; a row closes up", () => {
    const out = withoutRepeatedCreatives(["a", "b", "c"], {
      c: [{ title: "3", imageUrl: "/x.jpg" }],
      a: [
        { title: "1", imageUrl: "/x.jpg" },
        { title: "2", imageUrl: "/y.jpg" },
      ],
      b: [
        { title: "4", imageUrl: "/y.jpg" },
        { title: "5", imageUrl: "/z.jpg" },
      ],
      other: [{ title: "6", imageUrl: "/z.jpg" }],
    });
    expect(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.map((b) => b.title)]))).toEqual({
      a: ["1", "2"],
      b: ["5"],
      c: [],
      other: [],
    });
  });

  it("the home page shows every creative once, with a switched-off banner leaving its row shorter", () => {
    const rows = [
      banner("home-top", "Početna vrh – levi", { imageUrl: "/a.svg" }),
      banner("home-top", "Početna vrh – srednji", { imageUrl: "/b.svg" }),
      banner("home-top", "Početna vrh – desni", { imageUrl: "/c.svg" }),
      banner("home-middle", "Početna sredina – levi", { imageUrl: "/a.svg" }),
      banner("home-middle", "Početna sredina – srednji", { imageUrl: "/d.svg", active: false }),
      banner("home-middle", "Početna sredina – desni", { imageUrl: "/e.svg" }),
    ];
    const placed = placeBanners(rows, "home", TODAY);
    expect(placed["home-top"].map((b) => b.imageUrl)).toEqual(["/a.svg", "/b.svg", "/c.svg"]);
    expect(placed["home-middle"].map((b) => [b.imageUrl, b.slot])).toEqual([["/e.svg", "right"]]);
  });

  it("the demo's banners are distinct on every page", () => {
    const plans = buildBannerPlans(new Date("2026-11-20T12:00:00Z"));
    for (const section of ["home", "vesti", "oglasi"] as const) {
      const live = plans
        .map((p, i) => ({ ...p.banner, id: i + 1 }) as unknown as CachedBanner)
        .map((b) => ({ ...b, startDate: null, endDate: null, active: true }));
      const placed = placeBanners(live, section, TODAY);
      const shown = BANNER_POSITIONS[section].reduce((n, position) => n + placed[position].length, 0);
      const inLayout = live.filter((b) => b.section === section).length;
      expect(shown, section).toBe(inLayout);
    }
  });

  it("says where each home position shows on a phone", () => {
    for (const position of HOME_PHONE_ROTATION) expect(phonePlacement(position)).toContain("naizmenično");
    expect(phonePlacement("home-sidebar")).toBe("Na telefonu se ne prikazuje");
    expect(phonePlacement("vesti-sidebar")).toContain("samo gornji");
  });
});
