/**
 * The one signal that public content changed: the server-side caches (banners, the public page
 * cache) listen here and drop what they hold. Every admin write (any successful admin POST) sends
 * it from the request handler; work that changes public pages outside an admin request — a
 * background job, a payment webhook — calls `contentChanged(topic)` itself.
 *
 * With PostgreSQL, several app processes may share the database: the signal then also goes out
 * as `NOTIFY bv_content_changed` and every process's listener (server/app.ts) passes it on to its
 * own caches, so no instance serves a stale page after another one saved.
 */
import { processGlobal } from "./process-global";
export type ContentTopic = "articles" | "banners" | "companies" | "settings" | "forum" | "listings" | "all";

type Listener = (topic: ContentTopic) => void;
type Broadcaster = (topic: ContentTopic) => Promise<void>;

type State = { listeners: Set<Listener>; broadcaster: Broadcaster | null };
const state = (): State =>
  processGlobal<State>("balkan-vozaci.content-change", () => ({ listeners: new Set(), broadcaster: null }));

export const CONTENT_CHANNEL = "bv_content_changed";

export function onContentChange(listener: Listener): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/** Tells this process's caches at once, and the other processes through the broadcaster. */
export function contentChanged(topic: ContentTopic): void {
  notifyLocal(topic);
  const broadcast = state().broadcaster;
  if (broadcast) {
    broadcast(topic).catch(() => {
      // The broadcaster logs its own failures; the caches' TTL bounds what another process misses.
    });
  }
}

/** A change announced by another process (the LISTEN side). */
export function notifyLocal(topic: ContentTopic): void {
  for (const listener of state().listeners) listener(topic);
}

export function setContentBroadcaster(broadcaster: Broadcaster | null): void {
  state().broadcaster = broadcaster;
}

export function isContentTopic(value: string): value is ContentTopic {
  return ["articles", "banners", "companies", "settings", "forum", "listings", "all"].includes(value);
}
