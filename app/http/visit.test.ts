import { describe, expect, it } from "vitest";
import { bannerClickVisit, isCountableVisit as isCountableView } from "./visit";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

function req(method: string, headers: Record<string, string>) {
  return new Request("http://x.test/article/a-1", { method, headers });
}

describe("isCountableView", () => {
  it("counts a browser's GET", () => {
    expect(isCountableView(req("GET", { "user-agent": CHROME }))).toBe(true);
  });

  it("does not count HEAD, bots or prefetches", () => {
    expect(isCountableView(req("HEAD", { "user-agent": CHROME }))).toBe(false);
    expect(
      isCountableView(req("GET", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })),
    ).toBe(false);
    expect(isCountableView(req("GET", { "user-agent": CHROME, "sec-purpose": "prefetch" }))).toBe(false);
    expect(isCountableView(req("GET", { "user-agent": CHROME, purpose: "prefetch" }))).toBe(false);
    expect(isCountableView(req("GET", { "user-agent": CHROME, "sec-purpose": "prefetch;prerender" }))).toBe(
      false,
    );
    expect(isCountableView(req("GET", { "user-agent": CHROME, "x-moz": "prefetch" }))).toBe(false);
  });
});

describe("bannerClickVisit", () => {
  it("a click needs a user agent; the page it came from is a same-site referrer's path", () => {
    const click = (headers: Record<string, string>) =>
      bannerClickVisit(new Request("http://x.test/b/7?to=https://evil.example", { headers }), "10.0.0.1");
    expect(click({ "user-agent": CHROME, referer: "http://x.test/vesti?page=2" })).toEqual({
      countable: true,
      ip: "10.0.0.1",
      userAgent: CHROME,
      referrer: "http://x.test/vesti?page=2",
      pageUrl: "/vesti?page=2",
    });
    expect(click({ "user-agent": CHROME, referer: "https://other.example/a" }).pageUrl).toBeNull();
    expect(click({ "user-agent": CHROME, referer: "::bad" }).pageUrl).toBeNull();
    expect(click({ "user-agent": " " }).countable).toBe(false);
    // A page view without a user agent still counts (the view beacon), a click does not.
    expect(isCountableView(req("GET", {}))).toBe(true);
  });
});
