import { describe, expect, it } from "vitest";
import { type RateLimit, waitFor } from "./limiter.server";

const MIN = 60_000;

describe("waitFor: when a limit lets the next attempt through", () => {
  const spec: RateLimit = { key: "k", max: 5, windowMs: 15 * MIN };

  it("lets attempts through below the limit", () => {
    expect(waitFor(spec, [], 0)).toBe(0);
    expect(waitFor(spec, [1, 2, 3, 4], 10)).toBe(0);
  });

  it("refuses at the limit until the oldest attempt that keeps it full leaves the window", () => {
    const times = [0, MIN, 2 * MIN, 3 * MIN, 4 * MIN];
    expect(waitFor(spec, times, 5 * MIN)).toBe(10 * MIN);
    expect(waitFor(spec, [...times, 5 * MIN], 6 * MIN)).toBe(10 * MIN);
    expect(waitFor(spec, times, 15 * MIN + 1)).toBe(0);
  });

  it("with a backoff, lets one more through after a pause that doubles, up to its maximum", () => {
    const slow: RateLimit = { ...spec, backoff: { baseMs: 1000, maxMs: 15 * MIN } };
    const five = [0, 10, 20, 30, 40];
    expect(waitFor(slow, five, 40)).toBe(1000);
    expect(waitFor(slow, five, 1040)).toBe(0);
    expect(waitFor(slow, [...five, 1040], 1040)).toBe(2000);
    expect(waitFor(slow, [...five, 1040, 3040], 3040)).toBe(4000);
    const many = Array.from({ length: 30 }, (_, i) => i);
    expect(waitFor(slow, many, 29)).toBe(15 * MIN);
  });
});
