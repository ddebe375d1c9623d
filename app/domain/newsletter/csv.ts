/**
 * The subscriber export as CSV (RFC 4180: comma-separated, CRLF line ends, a cell with a comma,
 * quote or line break is quoted and its quotes doubled), safe to open in a spreadsheet: a text
 * cell that starts with = + - @ tab or CR would run as a formula (CSV injection), so it gets a
 * leading apostrophe. The file starts with a byte-order mark so Excel reads the UTF-8 (š, ć, ž).
 */
import { DISPLAY_TIME_ZONE } from "~/lib/dates";

export const CSV_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

const dateTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** `2026-11-22 14:05` in New York time: sorts as text and reads in every spreadsheet. */
export function csvDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export const SUBSCRIBER_CSV_HEADER = [
  "ID",
  "Email",
  "Status",
  "Izvor",
  "Pretplaćen",
  "Odjavljen",
  "Ažuriran",
  "Brevo ID",
] as const;

export type SubscriberCsvRow = {
  id: number;
  email: string;
  isActive: boolean;
  source: string | null;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
  updatedAt: Date;
  brevoContactId: string | null;
};

export function subscriberCsvLine(row: SubscriberCsvRow): string {
  return csvRow([
    row.id,
    row.email,
    row.isActive ? "aktivan" : "neaktivan",
    row.source ?? "",
    csvDateTime(row.subscribedAt),
    csvDateTime(row.unsubscribedAt),
    csvDateTime(row.updatedAt),
    row.brevoContactId ?? "",
  ]);
}
