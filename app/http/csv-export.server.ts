import { CSV_BOM, csvRow } from "~/domain/newsletter/csv";
import { csvChunks, csvDownload } from "~/lib/csv-download";
import { newYorkDay } from "~/lib/dates";
import { logger } from "~/lib/logger.server";

/**
 * An admin list as a CSV download named `<name>-<New York day>.csv`: a BOM and the header row,
 * then the rows a chunk at a time; a failure while streaming is logged as `<name> export failed`.
 */
export function csvExport<T>(input: {
  name: string;
  header: readonly string[];
  chunks: AsyncGenerator<T[]>;
  line: (row: T) => string;
  what: string;
}): Response {
  return csvDownload({
    head: CSV_BOM + csvRow([...input.header]),
    lines: csvChunks(input.chunks, input.line),
    filename: `${input.name}-${newYorkDay(new Date())}.csv`,
    onError: (error) => logger.error({ err: error }, `${input.what} export failed while streaming`),
  });
}
