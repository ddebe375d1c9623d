import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  bodyKind,
  checkFormBody,
  checkMethod,
  checkUrl,
  HttpError,
  isValidHost,
  readBody,
} from "./request-guards";

function fakeRequest(chunks: Buffer[], headers: Record<string, string> = {}): IncomingMessage {
  const stream = Readable.from(chunks) as unknown as IncomingMessage;
  (stream as { headers: Record<string, string> }).headers = headers;
  return stream;
}

describe("request guards", () => {
  it("allows GET, HEAD and POST only", () => {
    expect(checkMethod("GET")).toBeNull();
    expect(checkMethod("POST")).toBeNull();
    for (const m of ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"])
      expect(checkMethod(m)?.status).toBe(405);
  });

  it("refuses NUL bytes, broken escapes and control characters in the URL", () => {
    expect(checkUrl("/kompanije?q=kamion")).toBeNull();
    expect(checkUrl("/kompanije?q=%C4%91or%C4%91evi%C4%87")).toBeNull();
    expect(checkUrl("/kompanije?q=%00")?.status).toBe(400);
    expect(checkUrl("/kompanije%00")?.status).toBe(400);
    expect(checkUrl("/%ZZ")?.status).toBe(400);
    expect(checkUrl("/vesti?page=%E0%A4%A")?.status).toBe(400);
    expect(checkUrl("/a%0D%0Ab")?.status).toBe(400);
    expect(checkUrl(`/${"a".repeat(9000)}`)?.status).toBe(414);
  });

  it("accepts real hosts and refuses bad ports and garbage", () => {
    for (const h of ["localhost:3000", "balkanvozaci.com", "127.0.0.1:4173", "[::1]:3000", "a-b.c.example"]) {
      expect(isValidHost(h)).toBe(true);
    }
    for (const h of [
      "localhost:99999",
      "localhost:0",
      "evil.example:abc",
      "",
      "a b",
      "x/y",
      "localhost:3000:1",
      undefined,
    ]) {
      expect(isValidHost(h as string | undefined)).toBe(false);
    }
  });

  it("recognises the two form encodings only", () => {
    expect(bodyKind("application/x-www-form-urlencoded; charset=UTF-8")).toBe("urlencoded");
    expect(bodyKind("multipart/form-data; boundary=----x")).toBe("multipart");
    expect(bodyKind("multipart/form-data")).toBeNull();
    expect(bodyKind("application/json")).toBeNull();
    expect(bodyKind("text/xml")).toBeNull();
    expect(bodyKind(undefined)).toBeNull();
  });

  it("refuses a broken multipart body and NUL bytes in fields", async () => {
    expect(await checkFormBody(Buffer.from("a=1&b=dva"), "application/x-www-form-urlencoded")).toBeNull();
    expect((await checkFormBody(Buffer.from("a=%00"), "application/x-www-form-urlencoded"))?.status).toBe(
      400,
    );
    expect(
      (await checkFormBody(Buffer.from("a=%E0%A4%A"), "application/x-www-form-urlencoded"))?.status,
    ).toBe(400);
    expect((await checkFormBody(Buffer.from("{}"), "application/json"))?.status).toBe(400);
    expect((await checkFormBody(Buffer.from("garbage"), "multipart/form-data; boundary=xx"))?.status).toBe(
      400,
    );
    const good = '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nzdravo\r\n--xx--\r\n';
    expect(await checkFormBody(Buffer.from(good), "multipart/form-data; boundary=xx")).toBeNull();
    const nul = '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\u0000y\r\n--xx--\r\n';
    expect((await checkFormBody(Buffer.from(nul), "multipart/form-data; boundary=xx"))?.status).toBe(400);
  });

  it("refuses a body over the limit from Content-Length at once, and while it streams", async () => {
    await expect(
      readBody(fakeRequest([], { "content-length": String(100 * 1024 * 1024) }), 1024),
    ).rejects.toMatchObject({
      status: 413,
      closeConnection: true,
    });
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(200, 97));
    await expect(readBody(fakeRequest(chunks), 1024)).rejects.toBeInstanceOf(HttpError);
    const ok = await readBody(fakeRequest([Buffer.from("a=1"), Buffer.from("&b=2")]), 1024);
    expect(ok.toString()).toBe("a=1&b=2");
    await expect(readBody(fakeRequest([], { "content-length": "-5" }), 1024)).rejects.toMatchObject({
      status: 400,
    });
  });
});
