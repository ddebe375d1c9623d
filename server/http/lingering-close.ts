/**
 * Closing a connection whose request body was refused unread (413), the way nginx's
 * `lingering_close` does: after the answer is written, the rest of the body is read and dropped
 * for a moment before the socket closes. Closing at once would make the kernel reset the
 * connection while the client is still sending, and most clients (browsers among them) then report
 * "connection reset" instead of showing the 413 they were sent. The lingering is bounded in time
 * and bytes, so a client cannot hold the connection open by sending forever.
 */
import type { IncomingMessage } from "node:http";

export const LINGER_MS = 2_000;
export const LINGER_MAX_BYTES = 16 * 1024 * 1024;

export function closeAfterLingering(req: IncomingMessage): void {
  const socket = req.socket;
  if (!socket || socket.destroyed) return;
  let drained = 0;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  const stop = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  socket.on("close", () => clearTimeout(timer));
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_MAX_BYTES) stop();
  });
  req.on("end", stop);
  req.on("error", stop);
  // No more answers on this connection: our side is done writing.
  socket.end();
  req.resume();
}
