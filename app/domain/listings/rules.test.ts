import { describe, expect, it } from "vitest";
import {
  actionsFor,
  canChange,
  expiryFrom,
  extendFeatured,
  isFeatured,
  isLive,
  publicAvailability,
} from "./rules";

const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const inDays = (n: number) => new Date(NOW.getTime() + n * DAY);

describe("listing life cycle", () => {
  it("offers each status its moderation actions", () => {
    expect(actionsFor("pending")).toEqual(["approve", "reject", "edit", "delete"]);
    expect(actionsFor("approved")).toEqual(["reject", "pending", "renew", "edit", "delete"]);
    expect(actionsFor("rejected")).toEqual(["approve", "pending", "edit", "delete"]);
    expect(actionsFor("expired")).toEqual(["pending", "renew", "edit", "delete"]);
    expect(canChange("expired", "approve")).toBe(false);
    expect(canChange("pending", "renew")).toBe(false);
  });

  it("keeps a listing public for 30 days after approval", () => {
    expect(expiryFrom(NOW)).toEqual(inDays(30));
    expect(isLive({ status: "approved", expiresAt: inDays(1) }, NOW)).toBe(true);
    expect(isLive({ status: "approved", expiresAt: NOW }, NOW)).toBe(false);
    expect(isLive({ status: "pending", expiresAt: inDays(1) }, NOW)).toBe(false);
  });

  it("answers 404 for what was never public and 410 for what expired", () => {
    expect(publicAvailability(null, NOW)).toBe("missing");
    expect(publicAvailability({ status: "pending", expiresAt: null }, NOW)).toBe("missing");
    expect(publicAvailability({ status: "rejected", expiresAt: null }, NOW)).toBe("missing");
    expect(publicAvailability({ status: "approved", expiresAt: inDays(-1) }, NOW)).toBe("expired");
    expect(publicAvailability({ status: "expired", expiresAt: inDays(-1) }, NOW)).toBe("expired");
    expect(publicAvailability({ status: "approved", expiresAt: inDays(3).toISOString() }, NOW)).toBe("live");
  });

  it("extends a running promotion instead of overlapping it", () => {
    expect(isFeatured(inDays(2), NOW)).toBe(true);
    expect(isFeatured(inDays(-2), NOW)).toBe(false);
    expect(isFeatured(null, NOW)).toBe(false);
    expect(extendFeatured(null, 7, NOW)).toEqual(inDays(7));
    expect(extendFeatured(inDays(3), 7, NOW)).toEqual(inDays(10));
    expect(extendFeatured(inDays(-3), 7, NOW)).toEqual(inDays(7));
  });
});
