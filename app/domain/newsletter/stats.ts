/** E-mail statistics as the manager shows them: New York days and months (spec: dates in New York). */
import { DISPLAY_TIME_ZONE } from "~/lib/dates";

export const STATS_MONTHS = 12;
/** The sending provider whose numbers the stat cards show (spec §7: filtered by provider). */
export const STATS_PROVIDER = "mailgun";

export type MonthCount = { month: string; count: number };

export type EmailStatsSummary = {
  subscribers: { total: number; active: number };
  totalSent: number;
  sentThisMonth: number;
  sentToday: number;
  months: MonthCount[];
  /** Recipients of messages kept in the local outbox (not sent), for the note under the cards. */
  outboxRecipients: number;
};

export const EMPTY_STATS: EmailStatsSummary = {
  subscribers: { total: 0, active: 0 },
  totalSent: 0,
  sentThisMonth: 0,
  sentToday: 0,
  months: [],
  outboxRecipients: 0,
};

const monthFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
});

/** "2026-11": the New York month of an instant. */
export function newYorkMonth(value: Date): string {
  const parts = Object.fromEntries(monthFormat.formatToParts(value).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}`;
}

/** The last `n` New York months ending with the current one, oldest first. */
export function lastMonths(now: Date, n = STATS_MONTHS): string[] {
  const [year, month] = newYorkMonth(now).split("-").map(Number);
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return out;
}

/** One entry per month of `months`, zero where nothing was sent. */
export function fillMonths(months: readonly string[], rows: readonly MonthCount[]): MonthCount[] {
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.count)]));
  return months.map((month) => ({ month, count: byMonth.get(month) ?? 0 }));
}

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "avg", "sep", "okt", "nov", "dec"];

/** "nov 26" */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year.slice(2)}`;
}
