import { auditRowsForExport } from "~/domain/audit/audit.server";
import { AUDIT_CSV_HEADER, auditCsvLine } from "~/domain/audit/csv";
import { parseAuditQuery } from "~/domain/audit/labels";
import { CSV_BOM, csvRow } from "~/domain/newsletter/csv";
import { requirePermission } from "~/domain/users/auth.server";
import { csvChunks, csvDownload } from "~/lib/csv-download";
import { newYorkDay } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/audit-export";

/** The filtered audit log as CSV (same query as the screen), streamed a thousand rows at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewAudit");
  const query = parseAuditQuery(new URL(request.url).searchParams);
  return csvDownload({
    head: CSV_BOM + csvRow([...AUDIT_CSV_HEADER]),
    lines: csvChunks(auditRowsForExport(getDb(), query), auditCsvLine),
    filename: `audit-${newYorkDay(new Date())}.csv`,
    onError: (error) => logger.error({ err: error }, "audit export failed while streaming"),
  });
}
