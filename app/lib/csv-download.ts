/**
 * A CSV file streamed to the browser from chunks of lines (the subscriber and audit exports):
 * memory does not grow with the list. `lines` yields already formatted CSV text.
 */
export function csvDownload(input: {
  head: string;
  lines: AsyncGenerator<string>;
  filename: string;
  onError: (error: unknown) => void;
}): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(input.head));
    },
    async pull(controller) {
      try {
        const { value, done } = await input.lines.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        input.onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await input.lines.return(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${input.filename}"`,
      "Cache-Control": "no-store, private",
    },
  });
}

/** Formats each chunk of rows into CSV text. */
export async function* csvChunks<T>(
  chunks: AsyncGenerator<T[]>,
  line: (row: T) => string,
): AsyncGenerator<string> {
  try {
    for await (const rows of chunks) yield rows.map(line).join("");
  } finally {
    await chunks.return(undefined);
  }
}
