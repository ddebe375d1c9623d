/** The audit log as CSV (same rules as the subscriber export: RFC 4180, formula-safe, BOM). */
import { csvRow } from "~/domain/newsletter/csv";
import { formatDateTime } from "~/lib/dates";
import { AUDIT_AREA_LABELS, type AuditArea, auditActionLabel } from "./labels";

export const AUDIT_CSV_HEADER = [
  "vreme (Njujork)",
  "korisnik",
  "oblast",
  "akcija",
  "zapis",
  "naziv",
  "adresa",
  "izmene",
] as const;

export function auditCsvLine(row: {
  at: Date;
  userEmail: string;
  area: string;
  action: string;
  recordId: string | null;
  recordLabel: string | null;
  ip: string | null;
  changes: Record<string, [unknown, unknown]> | null;
}): string {
  return csvRow([
    formatDateTime(row.at),
    row.userEmail,
    AUDIT_AREA_LABELS[row.area as AuditArea] ?? row.area,
    auditActionLabel(row.action),
    row.recordId,
    row.recordLabel,
    row.ip,
    row.changes ? JSON.stringify(row.changes) : "",
  ]);
}
