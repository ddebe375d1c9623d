import { describe, expect, it } from "vitest";
import { createRoutePatterns } from "./route-pattern";

const build = {
  routes: {
    root: { id: "root", path: "" },
    "public/layout": { id: "public/layout", parentId: "root" },
    "public/home": { id: "public/home", parentId: "public/layout", index: true },
    "public/article": { id: "public/article", parentId: "public/layout", path: "article/:param" },
    "public/not-found": { id: "public/not-found", parentId: "public/layout", path: "*" },
    admin: { id: "admin", parentId: "root", path: "admin" },
    "admin/edit": { id: "admin/edit", parentId: "admin", path: "articles/edit/:id" },
  },
} as never;

describe("route patterns for metrics and logs", () => {
  const patternOf = createRoutePatterns(build);
  it("gives the pattern, never the URL", () => {
    expect(patternOf("/article/naslov-12")).toBe("/article/:param");
    expect(patternOf("/admin/articles/edit/77")).toBe("/admin/articles/edit/:id");
    expect(patternOf("/")).toBe("/");
  });
  it("an unknown address is the catch-all's pattern", () => {
    expect(patternOf("/nema/ove/strane")).toBe("/*");
  });
  it("stays right for the same path asked again and past the memory's limit", () => {
    for (let n = 0; n < 6_000; n++) {
      expect(patternOf(`/article/naslov-${n}`)).toBe("/article/:param");
      if (n % 1_000 === 0) expect(patternOf("/admin/articles/edit/77")).toBe("/admin/articles/edit/:id");
    }
    expect(patternOf("/nema/ove/strane")).toBe("/*");
  });
});
