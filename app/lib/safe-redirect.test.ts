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
    // Dot segments that resolve to "//host" (issue 17): the result is checked, not only the input.
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E%2E//evil.example",
    "/admin/..//evil.example",
    "/admin/%2e%2e//evil.example",
    "/admin/.%2e//evil.example",
    "/admin/../..//evil.example",
    "/admin/./..//evil.example",
    "/./..//evil.example",
    "/admin/..\\evil.example",
    "/admin/../\\evil.example",
    "/admin/..\t//evil.example",
    "/admin/\t..//evil.example",
    "/admin/../\n/evil.example",
    "/..;//evil.example",
    "/%2e%2e%2f%2fevil.example",
    // Same site, but outside the back office.
    "/vesti",
    "/",
    "/administrator",
    "/admin/../vesti",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/admin");
  });

  it("keeps a percent-encoded path inside the section as it is (the browser decodes nothing into a host)", () => {
    expect(safeRedirect("/admin/%2F%2Fevil.example")).toBe("/admin/%2F%2Fevil.example");
    expect(safeRedirect("/%2F%2Fevil.example")).toBe("/admin");
  });

  // Whatever comes in, the Location a browser follows stays on this site, under /admin.
  it.each([
    "/admin/..%5c%5cevil.example",
    "/admin/..%09//evil.example",
    "/admin/%2e%2e%2f%2fevil.example",
    "/admin/..%2f..%2f%2fevil.example",
    "/admin/%5c%5cevil.example",
    "/admin/..;/evil.example",
    "/admin/%00/..//evil.example",
    "/admin/%E2%80%AE//evil.example",
    "/admin/..//..//evil.example",
    "/admin//evil.example",
    "/admin/..////evil.example",
    "/admin/.//evil.example",
  ])("never leaves the site for %j", (to) => {
    const result = safeRedirect(to);
    const site = "https://balkanvozaci.example";
    // As a browser resolves the Location header against the page it came from.
    const followed = new URL(result, `${site}/admin/login`);
    expect(followed.origin).toBe(site);
    expect(followed.pathname === "/admin" || followed.pathname.startsWith("/admin/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
  });

  it("keeps dot segments that stay inside the section, resolved", () => {
    expect(safeRedirect("/admin/articles/../companies")).toBe("/admin/companies");
    expect(safeRedirect("/admin")).toBe("/admin");
    expect(safeRedirect("/admin?x=1")).toBe("/admin?x=1");
  });

  it("holds a redirect to the section of its fallback", () => {
    expect(safeRedirect("/forum/12?strana=2", "/forum/12")).toBe("/forum/12?strana=2");
    expect(safeRedirect("/forum/13", "/forum/12")).toBe("/forum/12");
    expect(safeRedirect("/forum/12/..//evil.example", "/forum/12")).toBe("/forum/12");
  });

  it("refuses non-strings, huge values and non-ASCII paths", () => {
    expect(safeRedirect(null)).toBe("/admin");
    expect(safeRedirect(undefined)).toBe("/admin");
    expect(safeRedirect(`/${"a".repeat(3000)}`)).toBe("/admin");
    expect(safeRedirect("/vesti", "/")).toBe("/vesti");
    expect(safeRedirect("/..//evil.example", "/")).toBe("/");
  });
});
