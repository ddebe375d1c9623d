/**
 * The body of an upload request handed to the route as it arrives (docs/decisions/150), instead
 * of being read whole first: a web ReadableStream over the socket with backpressure (the socket
 * is paused while 64 KB wait unread), that fails with a 413 as soon as more than `limit` bytes
 * came, and with a 400 when the client goes away. The route decides what to keep of it (the form
 * reader writes files to disk, or drops them when the limiter said no).
 */
import type { IncomingMessage } from "node:http";
import { discardRestOfBody } from "./discard-body";
import { HTTP_MESSAGES, HttpError } from "./request-guards";

export type StreamedBody = {
  stream: ReadableStream<Uint8Array>;
  /** More than the limit was sent: the connection must be closed after the answer. */
  readonly overflowed: boolean;
  /** The whole body was received. */
  readonly ended: boolean;
  /**
   * After the route answered: the rest of the body (if the route left some unread) is read and
   * dropped so the client sees the answer and the connection stays usable (past the limit too,
   * up to discard-body.ts's ceiling).
   */
  discardRest(): void;
};

const HIGH_WATER_MARK = 64 * 1024;

export function streamBody(req: IncomingMessage, limit: number): StreamedBody {
  let size = 0;
  let overflowed = false;
  let ended = false;
  let discarding = false;
  let settled = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const fail = (error: HttpError) => {
    if (settled) return;
    settled = true;
    controller.error(error);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      overflowed = true;
      req.off("data", onData);
      req.pause();
      fail(new HttpError(413, HTTP_MESSAGES.tooLarge(limit), true));
      if (discarding) discardRestOfBody(req);
      return;
    }
    if (discarding || settled) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 1) <= 0) req.pause();
  };
  const onEnd = () => {
    ended = true;
    if (settled) return;
    settled = true;
    controller.close();
  };
  const onAborted = () => fail(new HttpError(400, HTTP_MESSAGES.badRequest, true));

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onAborted);
        req.on("aborted", onAborted);
      },
      pull() {
        if (!discarding && !overflowed) req.resume();
      },
      cancel() {
        settled = true;
        body.discardRest();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );

  const body: StreamedBody = {
    stream,
    get overflowed() {
      return overflowed;
    },
    get ended() {
      return ended;
    },
    discardRest() {
      discarding = true;
      if (ended) return;
      if (overflowed) {
        discardRestOfBody(req);
        return;
      }
      req.resume();
    },
  };
  return body;
}
