import express from "express";
import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./trust-proxy";

/** The client address Express itself computes (`req.ip`) with a setting, a socket address and an X-Forwarded-For. */
function clientIp(raw: string, remote: string, forwarded: string): string | undefined {
  const parsed = parseTrustProxy(raw);
  if (!parsed.ok) throw new Error(parsed.reason);
  const app = express();
  app.set("trust proxy", parsed.value);
  const socket = { remoteAddress: remote };
  const req = Object.assign(Object.create(app.request), {
    app,
    socket,
    connection: socket,
    headers: { "x-forwarded-for": forwarded },
  });
  return req.ip;
}

describe("TRUST_PROXY", () => {
  it("trusts nothing by default", () => {
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, value: false });
    expect(parseTrustProxy("0")).toEqual({ ok: true, value: false });
    expect(clientIp("0", "127.0.0.1", "6.6.6.6")).toBe("127.0.0.1");
  });

  it("a hop count trusts exactly that many proxies: a forged leftmost address is not taken", () => {
    expect(parseTrustProxy("1")).toEqual({ ok: true, value: 1 });
    // nginx appended the address it saw (203.0.113.9) to what the client wrote (6.6.6.6).
    expect(clientIp("1", "127.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(clientIp("2", "127.0.0.1", "6.6.6.6, 203.0.113.9, 10.0.0.2")).toBe("203.0.113.9");
  });

  it("named ranges, addresses and CIDRs trust the hops inside them", () => {
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toEqual({ ok: true, value: ["loopback", "10.0.0.0/8"] });
    expect(clientIp("loopback", "127.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(clientIp("loopback,10.0.0.0/8", "127.0.0.1", "6.6.6.6, 203.0.113.9, 10.1.2.3")).toBe(
      "203.0.113.9",
    );
    // A client that connects directly (not a trusted hop) cannot name another address.
    expect(clientIp("loopback", "198.51.100.7", "6.6.6.6")).toBe("198.51.100.7");
    expect(parseTrustProxy("::1, fd00::/8").ok).toBe(true);
  });

  it("refuses 'any' and what it cannot read", () => {
    for (const bad of ["true", "any", "*", "11", "10.0.0.0/33", "loopbak", "1.2.3", "10.0.0.0/8/1"]) {
      expect(parseTrustProxy(bad).ok, bad).toBe(false);
    }
  });
});
