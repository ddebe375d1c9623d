import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin";

const host = "balkanvozaci.com";
const site = { secFetchSite: null, protocol: "https", host };

describe("same-origin guard", () => {
  it("lets safe methods through", () => {
    expect(
      isSameOriginRequest({
        ...site,
        method: "GET",
        origin: "https://evil.example",
        secFetchSite: "cross-site",
      }),
    ).toBe(true);
  });

  it("accepts a POST from our own origin and refuses one from another site", () => {
    expect(isSameOriginRequest({ ...site, method: "POST", origin: "https://balkanvozaci.com" })).toBe(true);
    expect(isSameOriginRequest({ ...site, method: "POST", origin: "https://evil.example" })).toBe(false);
    expect(isSameOriginRequest({ ...site, method: "DELETE", origin: "null" })).toBe(false);
  });

  it("compares the scheme and the port too, not only the host", () => {
    const post = (origin: string, protocol = "http", h = "127.0.0.1:3000") =>
      isSameOriginRequest({ method: "POST", origin, secFetchSite: null, protocol, host: h });
    expect(post("http://127.0.0.1:3000")).toBe(true);
    expect(post("https://127.0.0.1:3000")).toBe(false);
    expect(post("ftp://127.0.0.1:3000")).toBe(false);
    expect(post("chrome-extension://127.0.0.1:3000")).toBe(false);
    expect(post("http://127.0.0.1:3001")).toBe(false);
    expect(post("http://127.0.0.1")).toBe(false);
    // Default ports are the same origin whether written or not.
    expect(post("https://balkanvozaci.com", "https", "balkanvozaci.com:443")).toBe(true);
    expect(post("https://balkanvozaci.com:443", "https", "balkanvozaci.com")).toBe(true);
    expect(post("http://balkanvozaci.com", "https", "balkanvozaci.com")).toBe(false);
    expect(post("not a url")).toBe(false);
  });

  it("takes Origin: null (a no-referrer page's own form) only with Sec-Fetch-Site: same-origin", () => {
    const post = (secFetchSite: string | null) =>
      isSameOriginRequest({ ...site, method: "POST", origin: "null", secFetchSite });
    expect(post("same-origin")).toBe(true);
    expect(post("cross-site")).toBe(false);
    expect(post("same-site")).toBe(false);
    expect(post("none")).toBe(false);
    expect(post(null)).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(isSameOriginRequest({ ...site, method: "POST", origin: null, secFetchSite: "cross-site" })).toBe(
      false,
    );
    expect(isSameOriginRequest({ ...site, method: "POST", origin: null, secFetchSite: "same-origin" })).toBe(
      true,
    );
  });
});
