import { describe, expect, it } from "vitest";
import { listenOrigin } from "./public-origin.server";

describe("public origin without PUBLIC_URL", () => {
  it("is the configured listen address, never a request's Host", () => {
    expect(listenOrigin("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listenOrigin("127.0.0.1", 4173)).toBe("http://127.0.0.1:4173");
    expect(listenOrigin("balkanvozaci.com", 80)).toBe("http://balkanvozaci.com");
    expect(listenOrigin("::1", 3000)).toBe("http://[::1]:3000");
  });
});
