import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { streamBody } from "./streamed-body";

function fakeRequest() {
  const req = new PassThrough() as PassThrough & { socket: { destroy: () => void }; headers: object };
  req.socket = { destroy: vi.fn() };
  req.headers = {};
  return req;
}
const asIncoming = (req: PassThrough) => req as unknown as IncomingMessage;
const tick = () => new Promise((r) => setTimeout(r, 5));

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) size += chunk.byteLength;
  return size;
}

describe("streamed upload body", () => {
  it("hands the body over as it arrives, then ends", async () => {
    const req = fakeRequest();
    const body = streamBody(asIncoming(req), 1000);
    const total = readAll(body.stream);
    req.write(Buffer.alloc(300));
    req.end(Buffer.alloc(200));
    expect(await total).toBe(500);
    expect(body.ended).toBe(true);
    expect(body.overflowed).toBe(false);
  });

  it("fails with a 413 as soon as the limit is passed; after the answer the rest is read and dropped, not reset", async () => {
    const req = fakeRequest();
    const body = streamBody(asIncoming(req), 1000);
    const total = readAll(body.stream);
    req.write(Buffer.alloc(600));
    req.write(Buffer.alloc(600));
    await expect(total).rejects.toMatchObject({ status: 413 });
    expect(body.overflowed).toBe(true);
    body.discardRest();
    expect(req.isPaused()).toBe(false);
    req.end(Buffer.alloc(50_000));
    await tick();
    expect(req.readableEnded).toBe(true);
    expect(req.socket.destroy).not.toHaveBeenCalled();
  });

  it("pauses the socket while nobody reads (backpressure), and drops the rest after the answer", async () => {
    const req = fakeRequest();
    const body = streamBody(asIncoming(req), 10_000_000);
    for (let i = 0; i < 8; i++) req.write(Buffer.alloc(16 * 1024));
    await tick();
    expect(req.isPaused()).toBe(true);
    body.discardRest();
    expect(req.isPaused()).toBe(false);
    req.end(Buffer.alloc(1000));
    await tick();
    expect(body.ended).toBe(true);
    expect(req.socket.destroy).not.toHaveBeenCalled();
  });

  it("fails with a 400 when the client goes away", async () => {
    const req = fakeRequest();
    const body = streamBody(asIncoming(req), 1000);
    const total = readAll(body.stream);
    req.write(Buffer.alloc(10));
    req.emit("aborted");
    await expect(total).rejects.toMatchObject({ status: 400 });
  });
});
