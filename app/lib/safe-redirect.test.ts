import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect: only a local path after sign-in", () => {
  it.each(["/admin/articles", "/admin/articles?page=2&q=kamion", "/admin/companies/edit/12#kontakt"])(
    "keeps the local path %s",
    (to) => {
      expect(safeRedirect(to)).toBe(to);
    },
  );

  // The classic open-redirect bypass list: every one must fall back to /admin.
  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example".replace("%09", "\t"),
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    " //evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\u3000/evil.example",
    "/\u00a0/evil.example",
    "",
    "/admin/login",
    "/admin/logout",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/admin");
  });

  it("keeps a percent-encoded path as it is (the browser decodes nothing into a host)", () => {
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("refuses non-strings, huge values and non-ASCII paths", () => {
    expect(safeRedirect(null)).toBe("/admin");
    expect(safeRedirect(undefined)).toBe("/admin");
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/admin");
    expect(safeRedirect("/vesti", "/")).toBe("/vesti");
  });
});
