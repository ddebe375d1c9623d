import { describe, expect, it } from "vitest";
import { isSameOriginRequest } from "./same-origin";

const host = "balkanvozaci.com";

describe("same-origin guard", () => {
  it("lets safe methods through", () => {
    expect(
      isSameOriginRequest({
        method: "GET",
        origin: "https://evil.example",
        secFetchSite: "cross-site",
        host,
      }),
    ).toBe(true);
  });

  it("accepts a POST from our own origin and refuses one from another site", () => {
    expect(
      isSameOriginRequest({ method: "POST", origin: "https://balkanvozaci.com", secFetchSite: null, host }),
    ).toBe(true);
    expect(
      isSameOriginRequest({ method: "POST", origin: "https://evil.example", secFetchSite: null, host }),
    ).toBe(false);
    expect(isSameOriginRequest({ method: "DELETE", origin: "null", secFetchSite: null, host })).toBe(false);
  });

  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(isSameOriginRequest({ method: "POST", origin: null, secFetchSite: "cross-site", host })).toBe(
      false,
    );
    expect(isSameOriginRequest({ method: "POST", origin: null, secFetchSite: "same-origin", host })).toBe(
      true,
    );
  });
});
