/** Dates display in the Serbian Latin locale and the New York time zone; storage is UTC. */
export const DISPLAY_LOCALE = "sr-Latn";
export const DISPLAY_TIME_ZONE = "America/New_York";

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  day: "numeric",
  month: "numeric",
  year: "numeric",
});
const dateTimeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  day: "numeric",
  month: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const clockFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  timeZone: DISPLAY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
/** The day, month and year in New York, as numbers: the long date is put together from them. */
const longDateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: DISPLAY_TIME_ZONE,
  day: "numeric",
  month: "numeric",
  year: "numeric",
});

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 22. 11. 2026. */
export function formatDate(value: DateInput, fallback = "—"): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : fallback;
}

/** 22. 11. 2026. 14:05 */
export function formatDateTime(value: DateInput, fallback = "—"): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : fallback;
}

/** 14:05:09 in New York (whatever the browser's own zone). */
export function formatClock(value: DateInput, fallback = "—"): string {
  const date = toDate(value);
  return date ? clockFormat.format(date) : fallback;
}

/**
 * How a screen that shows times says which zone they are in (every time is New York's, as the
 * spec's dates are): "14:05 (vreme u Njujorku)".
 */
export const ZONE_LABEL = "vreme u Njujorku";

/**
 * A month after its day takes the genitive in Serbian ("22. novembra 2026.", as Politika and RTS
 * write it); CLDR gives the nominative ("novembar") for both uses, so the date is put together here.
 */
export const MONTH_AFTER_DAY = [
  "januara",
  "februara",
  "marta",
  "aprila",
  "maja",
  "juna",
  "jula",
  "avgusta",
  "septembra",
  "oktobra",
  "novembra",
  "decembra",
];

/** 22. novembra 2026. */
export function formatLongDate(value: DateInput, fallback = "—"): string {
  const date = toDate(value);
  if (!date) return fallback;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of longDateParts.formatToParts(date)) part[type] = text;
  return `${part.day}. ${MONTH_AFTER_DAY[Number(part.month) - 1]} ${part.year}.`;
}

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) of an instant in New York (one formatter, made once). */
export function newYorkDay(value: Date): string {
  return dayFormat.format(value);
}

/** The next `hour`:00 in New York (the site's time zone) after `now` (the daily jobs' schedule). */
export function nextNewYorkHour(now: Date, hour: number): Date {
  for (let days = 0; days <= 2; days++) {
    const probe = new Date(now.getTime() + days * 86_400_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: "America/New_York",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      })
        .formatToParts(probe)
        .map((p) => [p.type, p.value]),
    );
    // The UTC instant of {that New York date} {hour}:00, found through the zone's offset then.
    const guess = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), hour);
    const offsetName =
      new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "shortOffset" })
        .formatToParts(new Date(guess))
        .find((p) => p.type === "timeZoneName")?.value ?? "GMT-5";
    const m = /GMT([+-])(\d+)(?::(\d+))?/.exec(offsetName);
    const offsetMin = m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : -300;
    const at = new Date(guess - offsetMin * 60_000);
    if (at.getTime() > now.getTime()) return at;
  }
  return new Date(now.getTime() + 86_400_000);
}
