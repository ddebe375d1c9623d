/**
 * Which nightly backups to keep (docs/decisions/162): the newest backup of each of the last 7 days
 * that have one, and the newest of each of the last 4 ISO weeks that have one — the rule restic
 * and borg call `--keep-daily 7 --keep-weekly 4`. Days and weeks are UTC, like the names.
 */
import { nextNewYorkHour } from "~/lib/dates";

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;

const NAME = /^balkan-vozaci-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/;

/** `balkan-vozaci-20261125T080000Z.tar` */
export function backupFileName(at: Date): string {
  const iso = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
  return `balkan-vozaci-${iso}.tar`;
}

/** The moment in a backup's name, or null for a file that is not one of ours. */
export function parseBackupFileName(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** ISO 8601 week, e.g. "2026-W48". */
export function isoWeekKey(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

function newestPerPeriod(names: { name: string; at: Date }[], key: (at: Date) => string, periods: number) {
  const keep = new Set<string>();
  const seen = new Set<string>();
  for (const b of names) {
    const k = key(b.at);
    if (seen.has(k)) continue;
    if (seen.size >= periods) break;
    seen.add(k);
    keep.add(b.name);
  }
  return keep;
}

/** Splits backup file names into those to keep and those to delete; names not ours are ignored. */
export function applyRetention(
  fileNames: string[],
  keepDaily = KEEP_DAILY,
  keepWeekly = KEEP_WEEKLY,
): { keep: string[]; remove: string[] } {
  const ours = fileNames
    .map((name) => ({ name, at: parseBackupFileName(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set([
    ...newestPerPeriod(ours, dayKey, keepDaily),
    ...newestPerPeriod(ours, isoWeekKey, keepWeekly),
  ]);
  return {
    keep: ours.filter((b) => keep.has(b.name)).map((b) => b.name),
    remove: ours.filter((b) => !keep.has(b.name)).map((b) => b.name),
  };
}

/** The next 03:00 in New York (the site's time zone) after `now`: the quietest hour of the night. */
export function nextNightlyRun(now: Date, hour = 3): Date {
  return nextNewYorkHour(now, hour);
}
