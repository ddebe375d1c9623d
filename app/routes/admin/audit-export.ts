import { auditRowsForExport } from "~/domain/audit/audit.server";
import { AUDIT_CSV_HEADER, auditCsvLine } from "~/domain/audit/csv";
import { parseAuditQuery } from "~/domain/audit/labels";
import { CSV_BOM, csvRow } from "~/domain/newsletter/csv";
import { requirePermission } from "~/domain/users/auth.server";
import { newYorkDay } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/audit-export";

/** The filtered audit log as CSV (same query as the screen), streamed a thousand rows at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewAudit");
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const chunks = auditRowsForExport(getDb(), query);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow([...AUDIT_CSV_HEADER])));
    },
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value.map(auditCsvLine).join("")));
      } catch (error) {
        logger.error({ err: error }, "audit export failed while streaming");
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${newYorkDay(new Date())}.csv"`,
      "Cache-Control": "no-store, private",
    },
  });
}
