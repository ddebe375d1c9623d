/**
 * A counting semaphore: at most `size` holders at once, the rest wait in arrival order. Used to
 * bound the work one process takes on at a time (image decodes, uploads written to disk), so
 * that a burst of requests queues instead of taking every core or every megabyte.
 */
export type SemaphoreStats = {
  size: number;
  /** Holders right now. */
  running: number;
  /** Waiting for a slot right now. */
  waiting: number;
  /** Slots handed out since the start (a test can prove that some work never started). */
  started: number;
  /** The most holders seen at once. */
  peak: number;
};

export class Semaphore {
  private running = 0;
  private started = 0;
  private peak = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error(`Semaphore size must be ≥ 1, got ${size}`);
  }

  /**
   * Waits for a slot and returns its release function (call it exactly once). With `timeoutMs`,
   * gives up after that long and resolves to null instead (nothing held).
   */
  acquire(timeoutMs?: number): Promise<(() => void) | null> {
    if (this.running < this.size && this.queue.length === 0) return Promise.resolve(this.take());
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const grant = () => {
        if (timer) clearTimeout(timer);
        resolve(this.take());
      };
      this.queue.push(grant);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          const at = this.queue.indexOf(grant);
          if (at >= 0) this.queue.splice(at, 1);
          resolve(null);
        }, timeoutMs);
        timer.unref?.();
      }
    });
  }

  /** Runs `task` holding a slot; the slot is released when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const release = (await this.acquire())!;
    try {
      return await task();
    } finally {
      release();
    }
  }

  stats(): SemaphoreStats {
    return {
      size: this.size,
      running: this.running,
      waiting: this.queue.length,
      started: this.started,
      peak: this.peak,
    };
  }

  private take(): () => void {
    this.running++;
    this.started++;
    this.peak = Math.max(this.peak, this.running);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const next = this.queue.shift();
      if (next) next();
    };
  }
}
