import { CSV_BOM, csvRow, SUBSCRIBER_CSV_HEADER, subscriberCsvLine } from "~/domain/newsletter/csv";
import { parseSubscriberFilter, subscribersForExport } from "~/domain/newsletter/subscribers.server";
import { requirePermission } from "~/domain/users/auth.server";
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
  const chunks = subscribersForExport(getDb(), filter);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvRow([...SUBSCRIBER_CSV_HEADER])));
    },
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value.map(subscriberCsvLine).join("")));
      } catch (error) {
        logger.error({ err: error }, "subscriber export failed while streaming");
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
      "Content-Disposition": `attachment; filename="pretplatnici-${newYorkDay(new Date())}.csv"`,
      "Cache-Control": "no-store, private",
    },
  });
}
