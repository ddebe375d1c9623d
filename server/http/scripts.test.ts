import { describe, expect, it } from "vitest";
import { cookieRedirect, pageInScript, routeScript, scriptCookie, scriptCookieHeader } from "./scripts";

describe("scripts at the HTTP edge", () => {
  it("routes /cir pages without the prefix; /cir before something without a twin stays as it is (404)", () => {
    expect(routeScript("/cir/vesti")).toEqual({ script: "cir", pathname: "/vesti" });
    expect(routeScript("/cir")).toEqual({ script: "cir", pathname: "/" });
    expect(routeScript("/cir/admin")).toEqual({ script: "lat", pathname: "/cir/admin" });
    expect(routeScript("/cir/media/images/a.jpg")).toEqual({
      script: "lat",
      pathname: "/cir/media/images/a.jpg",
    });
  });

  it("reads and writes the pismo cookie", () => {
    expect(scriptCookie("a=1; pismo=cir; b=2")).toBe("cir");
    expect(scriptCookie("pismo=lat")).toBe("lat");
    expect(scriptCookie("pismo=xyz; mypismo=cir")).toBeNull();
    expect(scriptCookie(undefined)).toBeNull();
    expect(scriptCookieHeader("cir", true)).toBe("pismo=cir; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(scriptCookieHeader("lat", false)).toBe("pismo=; Path=/; Max-Age=0; SameSite=Lax");
  });

  it("sends a reader who chose Cyrillic from a Latin page to its twin, and nobody else", () => {
    expect(cookieRedirect("GET", "/forum/3", "/forum/3?page=2", "cir")).toBe("/cir/forum/3?page=2");
    expect(cookieRedirect("GET", "/", "/", "cir")).toBe("/cir");
    expect(cookieRedirect("HEAD", "/vesti", "/vesti", "cir")).toBe("/cir/vesti");
    expect(cookieRedirect("GET", "/vesti", "/vesti", null)).toBeNull();
    expect(cookieRedirect("GET", "/vesti", "/vesti", "lat")).toBeNull();
    expect(cookieRedirect("POST", "/forum/3", "/forum/3", "cir")).toBeNull();
    expect(cookieRedirect("GET", "/rss.xml", "/rss.xml", "cir")).toBeNull();
    expect(cookieRedirect("GET", "/api/newsletter", "/api/newsletter", "cir")).toBeNull();
    expect(cookieRedirect("GET", "/admin", "/admin", "cir")).toBeNull();
    expect(cookieRedirect("GET", "/cir/vesti", "/cir/vesti", "cir")).toBeNull();
  });

  it("leaves a Latin page without Cyrillic untouched (the same string: no work)", () => {
    const html = '<html lang="sr-Latn"><p>Vozači</p><a lang="sr-Cyrl">&#1035;&#1080;</a></html>';
    expect(pageInScript(html, { script: "lat", origin: "http://x", latinOnly: "" })).toBe(html);
  });
});
