import { CSV_BOM, csvRow, SUBSCRIBER_CSV_HEADER, subscriberCsvLine } from "~/domain/newsletter/csv";
import { parseSubscriberFilter, subscribersForExport } from "~/domain/newsletter/subscribers.server";
import { requirePermission } from "~/domain/users/auth.server";
import { csvChunks, csvDownload } from "~/lib/csv-download";
import { newYorkDay } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-export";

/**
 * The subscriber table as CSV, the whole filtered list (same ?q=, ?status=, ?izvor= as the table),
 * streamed a thousand rows at a time: memory does not grow with the list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewNewsletter");
  const filter = parseSubscriberFilter(new URL(request.url).searchParams);
  return csvDownload({
    head: CSV_BOM + csvRow([...SUBSCRIBER_CSV_HEADER]),
    lines: csvChunks(subscribersForExport(getDb(), filter), subscriberCsvLine),
    filename: `pretplatnici-${newYorkDay(new Date())}.csv`,
    onError: (error) => logger.error({ err: error }, "subscriber export failed while streaming"),
  });
}
