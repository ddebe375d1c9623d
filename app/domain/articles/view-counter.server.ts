/**
 * Article views, counted without making the article page uncacheable (docs/decisions/064): the
 * page sends a beacon (`POST /api/views`) once it is shown, the beacon is added to an in-memory
 * tally, and the tally is written in one statement every few seconds (and at shutdown). The same
 * reader reopening the same article within 10 minutes counts once.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

export const VIEW_FLUSH_MS = 5_000;
export const VIEW_DEDUPE_MS = 10 * 60_000;
const MAX_RECENT = 50_000;

export class ViewCounter {
  private pending = new Map<number, number>();
  private recent = new Map<string, number>();

  /** Counts one view of `articleId` by `reader` (address + browser), unless counted recently. */
  add(articleId: number, reader: string, now = Date.now()): boolean {
    const key = `${reader}|${articleId}`;
    const seen = this.recent.get(key);
    if (seen !== undefined && now - seen < VIEW_DEDUPE_MS) return false;
    this.recent.delete(key);
    this.recent.set(key, now);
    if (this.recent.size > MAX_RECENT) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
    return true;
  }

  get pendingCount(): number {
    let n = 0;
    for (const v of this.pending.values()) n += v;
    return n;
  }

  /** Writes the tally in one UPDATE (published articles only); on failure the views are kept for the next try. */
  async flush(db: DbOrTx): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    const rows = sql.join(
      [...batch].map(([id, n]) => sql`(${id}::integer, ${n}::integer)`),
      sql`, `,
    );
    try {
      await db.execute(sql`
        update articles set views = articles.views + v.n
        from (values ${rows}) as v(id, n)
        where articles.id = v.id and articles.status = 'publish'`);
      let total = 0;
      for (const n of batch.values()) total += n;
      return total;
    } catch (error) {
      logger.error({ err: error, articles: batch.size }, "article views could not be saved; retrying");
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      return 0;
    }
  }
}

const KEY = Symbol.for("balkan-vozaci.view-counter");
const registry = globalThis as unknown as { [KEY]?: ViewCounter };

/** The process's counter (flushed by the timer that server/app.ts starts). */
export function viewCounter(): ViewCounter {
  registry[KEY] ??= new ViewCounter();
  return registry[KEY];
}
