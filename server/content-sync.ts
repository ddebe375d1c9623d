/**
 * Wires the content-change signal (app/lib/content-change.server.ts) to the caches of this
 * process and, on PostgreSQL, to the other processes sharing the database: a change is sent as
 * `NOTIFY bv_content_changed, '<process>:<topic>'`, and every process that hears one from another
 * process clears its own caches. Processes never wait for each other; a process whose LISTEN
 * connection was down clears its caches when the connection is back (it may have missed some).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { invalidateBannerCache } from "~/domain/banners/cache.server";
import {
  CONTENT_CHANNEL,
  type ContentTopic,
  isContentTopic,
  notifyLocal,
  onContentChange,
  setContentBroadcaster,
} from "~/lib/content-change.server";
import { logger } from "~/lib/logger.server";
import type { PageCache } from "./http/page-cache";

export function encodeChange(origin: string, topic: ContentTopic): string {
  return `${origin}:${topic}`;
}

/** The topic of a notification sent by another process, or null (our own, or garbage). */
export function decodeChange(payload: string, ownOrigin: string): ContentTopic | null {
  const at = payload.lastIndexOf(":");
  if (at <= 0) return null;
  const origin = payload.slice(0, at);
  const topic = payload.slice(at + 1);
  if (origin === ownOrigin || !isContentTopic(topic)) return null;
  return topic;
}

export async function startContentSync(
  handle: DatabaseHandle,
  caches: { pageCache: PageCache | null },
): Promise<() => Promise<void>> {
  const unsubscribe = onContentChange((topic) => {
    caches.pageCache?.clear();
    if (topic === "banners" || topic === "all") invalidateBannerCache();
  });
  if (!handle.listen) {
    return async () => {
      unsubscribe();
    };
  }
  const origin = randomUUID();
  setContentBroadcaster(async (topic) => {
    try {
      await handle.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${encodeChange(origin, topic)})`);
    } catch (error) {
      logger.warn({ err: error, topic }, "could not announce a content change to other processes");
    }
  });
  let stopListening: (() => Promise<void>) | null = null;
  try {
    stopListening = await handle.listen(
      CONTENT_CHANNEL,
      (payload) => {
        const topic = decodeChange(payload, origin);
        if (topic) notifyLocal(topic);
      },
      // Changes announced while the connection was down were missed: drop everything cached.
      { onReconnect: () => notifyLocal("all") },
    );
  } catch (error) {
    logger.warn(
      { err: error },
      "cannot LISTEN for content changes; other processes' writes show after the cache TTL",
    );
  }
  return async () => {
    unsubscribe();
    setContentBroadcaster(null);
    await stopListening?.();
  };
}
