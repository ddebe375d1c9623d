/**
 * The forum's pure rules, shared by the server and the browser: the moderation actions of spec §4,
 * how a click changes a visitor's vote and the counts, previews (spec §9) and the Serbian counts
 * in messages.
 */
import type { ModerationStatus } from "./constants";

// --- Moderation (spec §4) ----------------------------------------------------------------------

export type StatusAction = "approve" | "reject" | "pending";

export const ACTION_TARGET: Record<StatusAction, ModerationStatus> = {
  approve: "approved",
  reject: "rejected",
  pending: "pending",
};

export const ACTION_LABELS: Record<StatusAction, string> = {
  approve: "Odobri",
  reject: "Odbij",
  pending: "Vrati na čekanje",
};

/**
 * Spec §4: an admin may move any item to any other status. "Approve" is shown unless the item is
 * approved, "reject" unless rejected, "back to pending" unless pending.
 */
export function statusActions(status: ModerationStatus): StatusAction[] {
  return (["approve", "reject", "pending"] as const).filter((action) => ACTION_TARGET[action] !== status);
}

// --- Votes ---------------------------------------------------------------------------------------

/** A click: like (+1) or dislike (-1). A visitor's standing vote: +1, -1 or none (0). */
export type VoteValue = 1 | -1;
export type StandingVote = VoteValue | 0;

/**
 * One click on a like or dislike button: the same button again takes the vote back, the other
 * button switches it. Returns the visitor's new vote and how the two counts change.
 */
export function voteTransition(
  previous: StandingVote,
  clicked: VoteValue,
): { next: StandingVote; likes: number; dislikes: number } {
  const next: StandingVote = previous === clicked ? 0 : clicked;
  const likes = (next === 1 ? 1 : 0) - (previous === 1 ? 1 : 0);
  const dislikes = (next === -1 ? 1 : 0) - (previous === -1 ? 1 : 0);
  return { next, likes, dislikes };
}

/** "like" / "dislike" from a form button; anything else is null. */
export function parseVoteValue(value: unknown): VoteValue | null {
  if (value === "like") return 1;
  if (value === "dislike") return -1;
  return null;
}

// --- Text ----------------------------------------------------------------------------------------

/**
 * A one-line preview of at most `max` characters (spec §9: 100 for topics, 150 for comments): white
 * space collapsed, cut at the last word boundary that fits, with "…" when cut.
 */
export function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  const head = space >= max * 0.6 ? cut.slice(0, space) : cut;
  return `${head.replace(/[\s.,;:!?–-]+$/u, "")}…`;
}

// --- Serbian counts ------------------------------------------------------------------------------

const pluralRules = new Intl.PluralRules("sr-Latn");

/** "1 tema", "3 teme", "5 tema": forms for one, few (2–4, 22–24 …) and the rest. */
export function countOf(n: number, forms: readonly [one: string, few: string, other: string]): string {
  const rule = pluralRules.select(n);
  const word = rule === "one" ? forms[0] : rule === "few" ? forms[1] : forms[2];
  return `${new Intl.NumberFormat("sr-Latn").format(n)} ${word}`;
}

export const TOPIC_FORMS = ["tema", "teme", "tema"] as const;
export const COMMENT_FORMS = ["komentar", "komentara", "komentara"] as const;

export type ForumKind = "topic" | "comment";

/** The message after a moderator's action on one or several items. */
export function moderationMessage(kind: ForumKind, action: StatusAction | "delete", n: number): string {
  const one = n === 1;
  if (one) {
    const subject = kind === "topic" ? "Tema je" : "Komentar je";
    const done = {
      approve: kind === "topic" ? "odobrena" : "odobren",
      reject: kind === "topic" ? "odbijena" : "odbijen",
      pending: kind === "topic" ? "vraćena na čekanje" : "vraćen na čekanje",
      delete: kind === "topic" ? "obrisana" : "obrisan",
    }[action];
    return `${subject} ${done}.`;
  }
  const what = countOf(n, kind === "topic" ? TOPIC_FORMS : COMMENT_FORMS);
  const verb = {
    approve: "Odobreno",
    reject: "Odbijeno",
    pending: "Vraćeno na čekanje",
    delete: "Obrisano",
  }[action];
  return `${verb}: ${what}.`;
}
