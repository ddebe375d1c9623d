import { auditRowsForExport } from "~/domain/audit/audit.server";
import { AUDIT_CSV_HEADER, auditCsvLine } from "~/domain/audit/csv";
import { parseAuditQuery } from "~/domain/audit/labels";
import { readListRequest } from "~/http/admin-list.server";
import { csvExport } from "~/http/csv-export.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/audit-export";

/** The filtered audit log as CSV (same query as the screen), streamed a thousand rows at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const { params } = await readListRequest(request, "canViewAudit");
  return csvExport({
    name: "audit",
    header: AUDIT_CSV_HEADER,
    chunks: auditRowsForExport(getDb(), parseAuditQuery(params)),
    line: auditCsvLine,
    what: "audit",
  });
}
