/**
 * The moderation queue's shared words (decision 171): forum topics, forum comments, listings and
 * company requests are one shape — status tabs with counts, search, paging, one item opened in a
 * dialog, approve / reject / back to pending / delete, one at a time or in bulk. One URL vocabulary
 * for all four:
 *
 *   ?status=na-cekanju|odobreno|odbijeno|isteklo|sve   the tab (the area's first tab when missing)
 *   ?q=…                                              the search
 *   ?page=N                                           the page
 *   ?otvori={id}                                      the item open in the dialog
 *
 * and one POST vocabulary: `intent` = approve | reject | pending | renew | delete (plus an area's
 * own, such as `update`), `id` once or repeated (bulk), `note` the moderator's note.
 */

export type QueueStatus = "pending" | "approved" | "rejected" | "expired";
export type QueueTab = QueueStatus | "all";

export const TAB_WORDS: Record<QueueTab, string> = {
  pending: "na-cekanju",
  approved: "odobreno",
  rejected: "odbijeno",
  expired: "isteklo",
  all: "sve",
};

export const QUEUE_PARAMS = { status: "status", search: "q", page: "page", open: "otvori" } as const;

/** `?status=` → one of the area's tabs; missing or unknown is the area's first (its default). */
export function parseTab<T extends QueueTab>(value: string | null, tabs: readonly T[]): T {
  return tabs.find((tab) => TAB_WORDS[tab] === value) ?? tabs[0];
}

/** The status a tab lists, or undefined for all of them. */
export function tabStatus<T extends QueueTab>(tab: T): Exclude<T, "all"> | undefined {
  return tab === "all" ? undefined : (tab as Exclude<T, "all">);
}

/** A search as typed into the box: trimmed, at most 100 characters. */
export function parseSearch(value: string | null): string {
  return (value ?? "").trim().slice(0, 100);
}

/** The status changes a moderator can ask for. */
export type QueueAction = "approve" | "reject" | "pending" | "renew";

export const ACTION_LABELS: Record<QueueAction, string> = {
  approve: "Odobri",
  reject: "Odbij",
  pending: "Vrati na čekanje",
  renew: "Obnovi 30 dana",
};

/** What every moderation POST answers. */
export type QueueReply = {
  ok: boolean;
  intent: string;
  message: string;
  /** The items the request named (a failed single action shows its message in that item's dialog). */
  ids: number[];
  fieldErrors?: Partial<Record<string, string>>;
  values?: Record<string, string | string[]>;
};

/** One screen of a queue as its loader answers it. */
export type QueuePage<Row, Item, T extends QueueTab> = {
  tab: T;
  search: string;
  page: number;
  pageSize: number;
  counts: Record<T, number>;
  rows: Row[];
  total: number;
  opened: Item | null;
  loadFailed: boolean;
};
