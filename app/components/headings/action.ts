import type { BadgeTone } from "~/components/ui/badge";
import type { NoticeTone } from "~/components/ui/notice";
import type { HeadingState } from "~/db/schema/headings";

/** What the headings screen's action answers (convert, restore, the jobs). */
export type ActionResult = { ok: boolean; tone: NoticeTone; message: string; intent: string; id?: number };

/** Where the headings screen's forms post (its index route's action). */
export const ACTION = "/admin/headings?index";

export const STATE_TONES: Record<HeadingState, BadgeTone> = {
  pending: "neutral",
  analyzing: "info",
  converted: "success",
  error: "danger",
};
