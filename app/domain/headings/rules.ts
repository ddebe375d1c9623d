/**
 * The AI headings screen's constants (spec §9), its failure codes, and the small rules the screen
 * and the background job share (the words are in app/messages/headings.ts). Pure: the browser bundle may import it.
 */
import type { HeadingState } from "~/db/schema/headings";

/** Spec §9 Heading converter. */
export const HEADINGS_PAGE_SIZE = 100;
export const HEADINGS_FETCH_BATCH = 1000;
export const ANALYZE_PAUSE_MS = 100;
export const CONVERT_PAUSE_MS = 200;

/** The two background jobs; one unique key, so only one of them runs at a time. */
export const ANALYZE_ALL_JOB = "headings:analyze-all";
export const CONVERT_ALL_JOB = "headings:convert-all";
export const HEADINGS_JOB_KEY = "headings";
export type HeadingsJobKind = typeof ANALYZE_ALL_JOB | typeof CONVERT_ALL_JOB;

export const HEADING_STATE_LABELS: Record<HeadingState, string> = {
  pending: "Na čekanju",
  analyzing: "Analizira se",
  converted: "Konvertovan",
  error: "Greška",
};

export const HEADING_FILTERS = ["all", "suggested", "pending", "converted", "error"] as const;
export type HeadingFilter = (typeof HEADING_FILTERS)[number];
export const HEADING_FILTER_LABELS: Record<HeadingFilter, string> = {
  all: "Svi objavljeni",
  suggested: "Sa predlozima (posle analize)",
  pending: "Na čekanju",
  converted: "Konvertovani",
  error: "Greške",
};

export function parseHeadingFilter(value: string | null): HeadingFilter {
  return HEADING_FILTERS.includes(value as HeadingFilter) ? (value as HeadingFilter) : "all";
}

/** What the screen's actions can be refused with; the words are in app/messages/headings.ts. */
export type HeadingErrorCode =
  | "heading.not_found"
  | "heading.already_converted"
  | "heading.nothing_to_convert"
  | "heading.edited_since"
  | "heading.not_converted"
  | "heading.job_running"
  | "heading.job_not_running"
  | "heading.convert_failed"
  | "heading.restore_failed"
  | "heading.start_failed";

/** "1 naslov", "2 naslova", "5 naslova", "21 naslov" (Serbian plural). */
export function headingWord(n: number): string {
  const mod10 = n % 10;
  const mod100 = n % 100;
  if (mod10 === 1 && mod100 !== 11) return `${n} naslov`;
  return `${n} naslova`;
}

/** What the background job saves as its checkpoint and shows on the screen. */
export type HeadingsProgress = {
  total: number;
  done: number;
  /** Articles that got headings (convert) or would get some (analyze). */
  matched: number;
  headings: number;
  skipped: number;
  errors: number;
  /** The last article handled, in the read order (published_date desc, id desc). */
  cursor: { date: string; id: number } | null;
  lastTitle: string | null;
};

export function readProgress(raw: Record<string, unknown> | null | undefined): HeadingsProgress | null {
  if (!raw || typeof raw.total !== "number") return null;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  const cursor = raw.cursor as { date?: unknown; id?: unknown } | null | undefined;
  return {
    total: num(raw.total),
    done: num(raw.done),
    matched: num(raw.matched),
    headings: num(raw.headings),
    skipped: num(raw.skipped),
    errors: num(raw.errors),
    cursor:
      cursor && typeof cursor.date === "string" && typeof cursor.id === "number"
        ? { date: cursor.date, id: cursor.id }
        : null,
    lastTitle: typeof raw.lastTitle === "string" ? raw.lastTitle : null,
  };
}

/** Whole percent done, 0–100. */
export function percentDone(progress: Pick<HeadingsProgress, "done" | "total">): number {
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}

/** Minutes left at the pace so far (null until there is a pace to go by). */
export function minutesLeft(
  progress: Pick<HeadingsProgress, "done" | "total">,
  elapsedMs: number,
): number | null {
  if (progress.done < 50 || elapsedMs < 5_000) return null;
  const perItem = elapsedMs / progress.done;
  return Math.max(1, Math.ceil(((progress.total - progress.done) * perItem) / 60_000));
}
