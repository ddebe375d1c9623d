import { describe, expect, it } from "vitest";
import { generationCache } from "./generation-cache";

let keys = 0;
const fresh = <T>(ttl = 1000) => generationCache<T>(`test.generation-cache.${++keys}`, ttl);

describe("generationCache", () => {
  it("loads once, serves from memory while fresh, loads again after the TTL", async () => {
    const cache = fresh<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(load, 0)).toBe(1);
    expect(await cache.get(load, 999)).toBe(1);
    expect(await cache.get(load, Date.now() + 1000)).toBe(2);
  });

  it("concurrent readers share one load", async () => {
    const cache = fresh<string>();
    let loads = 0;
    const load = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++loads}`), 5));
    expect(await Promise.all([cache.get(load), cache.get(load)])).toEqual(["v1", "v1"]);
  });

  it("a load running during an invalidation does not store its stale value", async () => {
    const cache = fresh<string>();
    let release!: (value: string) => void;
    const slow = cache.get(() => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release("old");
    expect(await slow).toBe("old");
    expect(await cache.get(async () => "new")).toBe("new");
    expect(cache.generation()).toBe(1);
  });

  it("a failed load is not kept", async () => {
    const cache = fresh<string>();
    await expect(cache.get(() => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get(async () => "up")).toBe("up");
  });

  it("two copies of the module share the state under one key", async () => {
    const a = generationCache<number>("test.generation-cache.shared", 1000);
    const b = generationCache<number>("test.generation-cache.shared", 1000);
    expect(await a.get(async () => 1)).toBe(1);
    expect(await b.get(async () => 2)).toBe(1);
    b.invalidate();
    expect(a.generation()).toBe(1);
  });
});
