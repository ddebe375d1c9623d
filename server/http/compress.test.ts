import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressBody, isCompressible } from "./compress";

describe("response compression", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding(undefined)).toBe("identity");
  });

  it("compresses text types only", () => {
    expect(isCompressible("text/html; charset=utf-8")).toBe(true);
    expect(isCompressible("application/rss+xml")).toBe(true);
    expect(isCompressible("image/svg+xml")).toBe(true);
    expect(isCompressible("image/webp")).toBe(false);
    expect(isCompressible(null)).toBe(false);
  });

  it("round-trips both encodings", () => {
    const body = Buffer.from("<p>Zdravo, vozači!</p>".repeat(200));
    expect(brotliDecompressSync(compressBody(body, "br")).equals(body)).toBe(true);
    expect(gunzipSync(compressBody(body, "gzip")).equals(body)).toBe(true);
    expect(compressBody(body, "identity")).toBe(body);
  });
});
