/**
 * A value kept in process memory until it is invalidated or older than its TTL, shared by every
 * copy of the module (the state lives on `globalThis` under `key`: the dev server and the built
 * server may load a module twice). A generation counter stops a load that was running while an
 * invalidation happened from storing the stale value; concurrent readers share one load.
 */
import { processGlobal } from "./process-global";
export type GenerationCache<T> = {
  /** The value, from memory when fresh, else from `load` (one load at a time per generation). */
  get(load: () => Promise<T>, now?: number): Promise<T>;
  /** Drops the value at once: the next read loads again. */
  invalidate(): void;
  /** How many times the cache was invalidated (tests, diagnostics). */
  generation(): number;
};

type State<T> = {
  generation: number;
  entry: { value: T; loadedAt: number; generation: number } | null;
  loading: { promise: Promise<T>; generation: number } | null;
};

export function generationCache<T>(key: string, ttlMs: number): GenerationCache<T> {
  const state = () => processGlobal<State<T>>(key, () => ({ generation: 0, entry: null, loading: null }));

  return {
    get(load, now = Date.now()) {
      const s = state();
      if (s.entry && s.entry.generation === s.generation && now - s.entry.loadedAt < ttlMs) {
        return Promise.resolve(s.entry.value);
      }
      if (s.loading && s.loading.generation === s.generation) return s.loading.promise;
      const generation = s.generation;
      const promise = load().then(
        (value) => {
          if (s.generation === generation) s.entry = { value, loadedAt: Date.now(), generation };
          if (s.loading?.generation === generation) s.loading = null;
          return value;
        },
        (error) => {
          if (s.loading?.generation === generation) s.loading = null;
          throw error;
        },
      );
      s.loading = { promise, generation };
      return promise;
    },
    invalidate() {
      const s = state();
      s.generation += 1;
      s.entry = null;
      s.loading = null;
    },
    generation: () => state().generation,
  };
}
