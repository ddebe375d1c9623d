/**
 * Counts the requests whose work is still running — not their sockets: a handler may still be
 * querying the database after its client went away. Shutdown waits for zero before it closes
 * the database, so no query ever runs against a closed pool.
 */
export class InflightTracker {
  private count = 0;
  private waiters: (() => void)[] = [];

  begin(): () => void {
    this.count++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count--;
      if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
    };
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when no request is running, or after `timeoutMs` (false then). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }
}
