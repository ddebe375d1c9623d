/**
 * After a refusal (413) the client may still be sending the body. Closing the socket then makes
 * the kernel reset the connection under data it has not read: the client (nginx, above all) sees
 * "broken pipe" or "connection reset" instead of the answer, and nginx counts the process as
 * failed (issue 24: ten oversized posts took the whole site out). So the rest of the body is read
 * and dropped, as nginx's own lingering close does, and the connection stays usable; only past
 * `maxBytes` (a client that would never stop) is it closed. The socket's keep-alive timeout bounds
 * how long a silent client is waited for.
 */
import type { IncomingMessage } from "node:http";

/** More than the largest body any path takes (app/lib/body-limits.ts): what a real client sends. */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

export function discardRestOfBody(req: IncomingMessage, maxBytes = DISCARD_MAX_BYTES): void {
  if (req.complete || req.destroyed) return;
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.socket.destroy();
    return;
  }
  let discarded = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > maxBytes) req.socket.destroy();
  });
  req.resume();
}
