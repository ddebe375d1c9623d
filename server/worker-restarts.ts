/**
 * When the cluster's primary (WEB_CONCURRENCY > 1) starts a worker again after one died: at once
 * the first time, then after a pause that doubles with each death in a row (1 s, 2 s, 4 s, … at
 * most 60 s), so that a worker dying at boot does not take the CPU the living ones serve with
 * (issue 24). A worker that served for a minute resets its slot's count. After `maxFailures`
 * deaths in a row the primary gives up and exits non-zero, so that systemd (or whatever started
 * it) sees the failure instead of a process that looks alive and serves nothing.
 */
export const HEALTHY_AFTER_MS = 60_000;
export const MAX_DELAY_MS = 60_000;
export const MAX_FAILURES = 8;

export type RestartDecision = { restart: true; delayMs: number } | { restart: false; failures: number };

export function createRestartPolicy(options: { maxFailures?: number } = {}) {
  const maxFailures = options.maxFailures ?? MAX_FAILURES;
  const failures = new Map<number, number>();
  return {
    /** A worker of `slot` died after serving for `servedMs` (0 when it never listened). */
    onExit(slot: number, servedMs: number): RestartDecision {
      const before = servedMs >= HEALTHY_AFTER_MS ? 0 : (failures.get(slot) ?? 0);
      const count = before + 1;
      failures.set(slot, count);
      if (count > maxFailures) return { restart: false, failures: count };
      return { restart: true, delayMs: Math.min(1_000 * 2 ** (count - 1), MAX_DELAY_MS) };
    },
  };
}
