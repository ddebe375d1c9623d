import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { discardRestOfBody } from "./discard-body";

function fakeRequest(headers: Record<string, string> = {}) {
  const req = new PassThrough() as PassThrough & { socket: { destroy: () => void }; headers: object };
  req.socket = { destroy: vi.fn() };
  req.headers = headers;
  req.pause();
  return req;
}
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("discardRestOfBody", () => {
  it("reads what the client still sends and drops it; the connection stays", async () => {
    const req = fakeRequest();
    discardRestOfBody(req as unknown as IncomingMessage, 1000);
    req.write(Buffer.alloc(600));
    req.end(Buffer.alloc(300));
    await tick();
    expect(req.readableEnded).toBe(true);
    expect(req.socket.destroy).not.toHaveBeenCalled();
  });

  it("closes the connection past the ceiling, or at once when the declared length is past it", async () => {
    const req = fakeRequest();
    discardRestOfBody(req as unknown as IncomingMessage, 1000);
    req.write(Buffer.alloc(800));
    req.write(Buffer.alloc(800));
    await tick();
    expect(req.socket.destroy).toHaveBeenCalled();
    const declared = fakeRequest({ "content-length": "5000" });
    discardRestOfBody(declared as unknown as IncomingMessage, 1000);
    expect(declared.socket.destroy).toHaveBeenCalled();
  });
});
