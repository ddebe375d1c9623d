import { SUBSCRIBER_CSV_HEADER, subscriberCsvLine } from "~/domain/newsletter/csv";
import { parseSubscriberFilter, subscribersForExport } from "~/domain/newsletter/subscribers.server";
import { readListRequest } from "~/http/admin-list.server";
import { csvExport } from "~/http/csv-export.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/newsletter-export";

/**
 * The subscriber table as CSV, the whole filtered list (same ?q=, ?status=, ?izvor= as the table),
 * streamed a thousand rows at a time: memory does not grow with the list.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { params } = await readListRequest(request, "canViewNewsletter");
  return csvExport({
    name: "pretplatnici",
    header: SUBSCRIBER_CSV_HEADER,
    chunks: subscribersForExport(getDb(), parseSubscriberFilter(params)),
    line: subscriberCsvLine,
    what: "subscriber",
  });
}
