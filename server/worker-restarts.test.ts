import { describe, expect, it } from "vitest";
import { createRestartPolicy, HEALTHY_AFTER_MS, MAX_FAILURES } from "./worker-restarts";

describe("worker restarts", () => {
  it("backs off: at most 5 restarts in the first minute of a worker that dies at every start", () => {
    const policy = createRestartPolicy();
    let clock = 0;
    const restartsAt: number[] = [];
    for (;;) {
      const decision = policy.onExit(0, 0);
      if (!decision.restart) break;
      clock += decision.delayMs;
      restartsAt.push(clock);
    }
    expect(restartsAt.filter((t) => t <= 60_000).length).toBeLessThanOrEqual(5);
    expect(restartsAt).toEqual([1_000, 3_000, 7_000, 15_000, 31_000, 63_000, 123_000, 183_000]);
    expect(restartsAt).toHaveLength(MAX_FAILURES);
  });

  it("gives up after the limit, so the supervisor sees the failure", () => {
    const policy = createRestartPolicy({ maxFailures: 2 });
    expect(policy.onExit(1, 0)).toMatchObject({ restart: true });
    expect(policy.onExit(1, 0)).toMatchObject({ restart: true });
    expect(policy.onExit(1, 0)).toEqual({ restart: false, failures: 3 });
  });

  it("a worker that served a while starts the count again; slots count apart", () => {
    const policy = createRestartPolicy();
    policy.onExit(0, 0);
    policy.onExit(0, 0);
    expect(policy.onExit(1, 0)).toEqual({ restart: true, delayMs: 1_000 });
    expect(policy.onExit(0, HEALTHY_AFTER_MS)).toEqual({ restart: true, delayMs: 1_000 });
  });
});
