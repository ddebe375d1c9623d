import { describe, expect, it } from "vitest";
import { isCountableView } from "./view-count";

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
