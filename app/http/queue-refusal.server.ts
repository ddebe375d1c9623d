import { data } from "react-router";
import { unknownIntent } from "./errors";

/**
 * A moderation queue's POST that did not parse: an unknown intent, or a known one naming nothing
 * (no ids) — the 400 with the area's "nothing selected" message.
 */
export function refuseQueuePost(parsed: { known: boolean; intent: string }, message: string) {
  if (!parsed.known) return unknownIntent({ ids: [] as number[] });
  return data({ ok: false, intent: parsed.intent, ids: [] as number[], message }, { status: 400 });
}
