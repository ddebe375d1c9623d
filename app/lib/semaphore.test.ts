import { describe, expect, it } from "vitest";
import { Semaphore } from "./semaphore";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("Semaphore", () => {
  it("never runs more than its size at once, and runs everything in arrival order", async () => {
    const gate = new Semaphore(2);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        gate.run(async () => {
          running++;
          most = Math.max(most, running);
          order.push(i);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gate.stats()).toMatchObject({ running: 0, waiting: 0, started: 7, peak: 2 });
  });

  it("releases the slot when the task throws", async () => {
    const gate = new Semaphore(1);
    await expect(gate.run(async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await gate.run(async () => 5)).toBe(5);
  });

  it("gives up after the timeout without holding anything, and a double release counts once", async () => {
    const gate = new Semaphore(1);
    const release = await gate.acquire();
    expect(await gate.acquire(5)).toBeNull();
    expect(gate.stats()).toMatchObject({ running: 1, waiting: 0, started: 1 });
    release!();
    release!();
    expect(gate.stats().running).toBe(0);
    const again = await gate.acquire(5);
    expect(again).toBeTypeOf("function");
    again!();
  });
});
