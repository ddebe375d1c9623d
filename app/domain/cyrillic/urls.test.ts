import { describe, expect, it } from "vitest";
import {
  canonicalLinks,
  cyrillicLink,
  hasScriptTwin,
  latinSwitchHref,
  latinSwitchTarget,
  splitScriptPath,
  urlInScript,
} from "./urls";

const ORIGIN = "https://balkanvozaci.com";

describe("script URLs (decision 210)", () => {
  it("every public page has a Cyrillic twin; the back office, files and endpoints do not", () => {
    for (const path of [
      "/",
      "/vesti",
      "/article/a-1",
      "/forum/3",
      "/pretraga",
      "/tag/cdl",
      "/rss.xml",
      "/api/newsletter",
    ]) {
      expect(hasScriptTwin(path), path).toBe(true);
    }
    for (const path of [
      "/admin",
      "/admin/articles",
      "/assets/a.js",
      "/media/images/a.jpg",
      "/b/3",
      "/api/views",
      "/sitemap.xml",
      "/robots.txt",
      "/cir/vesti",
      "/lat/vesti",
      "//evil.example",
    ]) {
      expect(hasScriptTwin(path), path).toBe(false);
    }
  });

  it("splits the /cir prefix off a request path", () => {
    expect(splitScriptPath("/cir")).toEqual({ script: "cir", pathname: "/" });
    expect(splitScriptPath("/cir/forum/3")).toEqual({ script: "cir", pathname: "/forum/3" });
    expect(splitScriptPath("/cirkus")).toEqual({ script: "lat", pathname: "/cirkus" });
    expect(splitScriptPath("/vesti")).toEqual({ script: "lat", pathname: "/vesti" });
  });

  it("links on a Cyrillic page: relative and same-origin pages move under /cir", () => {
    expect(cyrillicLink("/", ORIGIN)).toBe("/cir");
    expect(cyrillicLink("/?page=2", ORIGIN)).toBe("/cir?page=2");
    expect(cyrillicLink("/pretraga?q=vozac#rezultati", ORIGIN)).toBe("/cir/pretraga?q=vozac#rezultati");
    expect(cyrillicLink(`${ORIGIN}/article/a-1`, ORIGIN)).toBe(`${ORIGIN}/cir/article/a-1`);
    expect(cyrillicLink(ORIGIN, ORIGIN)).toBe(`${ORIGIN}/cir`);
    expect(cyrillicLink(`${ORIGIN}.evil.example/vesti`, ORIGIN)).toBe(`${ORIGIN}.evil.example/vesti`);
    expect(cyrillicLink("https://example.com/vesti", ORIGIN)).toBe("https://example.com/vesti");
    expect(cyrillicLink("/media/images/a.jpg", ORIGIN)).toBe("/media/images/a.jpg");
    expect(cyrillicLink("#sadrzaj", ORIGIN)).toBe("#sadrzaj");
  });

  it("the same page in either script, and the Latin switch", () => {
    expect(urlInScript(`${ORIGIN}/`, "cir")).toBe(`${ORIGIN}/cir`);
    expect(urlInScript(`${ORIGIN}/forum/3?page=2`, "cir")).toBe(`${ORIGIN}/cir/forum/3?page=2`);
    expect(urlInScript("/vesti", "cir")).toBe("/cir/vesti");
    expect(urlInScript("/vesti", "lat")).toBe("/vesti");
    expect(latinSwitchHref("/")).toBe("/lat");
    expect(latinSwitchHref("/forum/3?page=2")).toBe("/lat/forum/3?page=2");
    expect(latinSwitchTarget("/lat")).toBe("/");
    expect(latinSwitchTarget("/lat/forum/3")).toBe("/forum/3");
    expect(latinSwitchTarget("/latinica")).toBeNull();
  });

  it("a canonical link with both scripts as alternates", () => {
    expect(canonicalLinks(`${ORIGIN}/vesti?page=2`)).toEqual([
      { tagName: "link", rel: "canonical", href: `${ORIGIN}/vesti?page=2` },
      { tagName: "link", rel: "alternate", hrefLang: "sr-Latn", href: `${ORIGIN}/vesti?page=2` },
      { tagName: "link", rel: "alternate", hrefLang: "sr-Cyrl", href: `${ORIGIN}/cir/vesti?page=2` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${ORIGIN}/vesti?page=2` },
    ]);
  });
});
