/**
 * How often a visitor sees the pop-up (spec §9: at most N times a day, at least H hours apart),
 * counted in the visitor's own browser (local storage), by the visitor's local calendar day.
 * Pure, tiny and dependency-free: it is part of the public pages' JavaScript.
 */

export const POPUP_HISTORY_KEY = "bv.popup.shows";
/** Shows older than this are forgotten (the day and gap rules never look further back). */
const KEEP_MS = 48 * 60 * 60 * 1000;
const MAX_ENTRIES = 30;

/** The times (ms) the pop-up was shown, from what local storage holds; anything odd is ignored. */
export function parseHistory(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((t): t is number => typeof t === "number" && Number.isFinite(t) && t > 0);
  } catch {
    return [];
  }
}

/** Midnight of `now`'s day in the visitor's time zone. */
function startOfLocalDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

export function showsToday(history: readonly number[], now: number): number {
  const dayStart = startOfLocalDay(now);
  return history.filter((t) => t >= dayStart && t <= now).length;
}

/** Whether the pop-up may show now: under today's limit and far enough from the last show. */
export function mayShowPopup(
  history: readonly number[],
  now: number,
  rules: { maxShowsPerDay: number; minHoursBetween: number },
): boolean {
  if (showsToday(history, now) >= rules.maxShowsPerDay) return false;
  const past = history.filter((t) => t <= now);
  if (past.length === 0) return true;
  const last = Math.max(...past);
  return now - last >= rules.minHoursBetween * 60 * 60 * 1000;
}

/** The history with a show at `now` added, old entries dropped. */
export function withShow(history: readonly number[], now: number): number[] {
  return [...history.filter((t) => t > now - KEEP_MS && t <= now), now].slice(-MAX_ENTRIES);
}
