import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { createStorageFromEnv } from "./index.server";
import { mediaHeaders } from "./serve.server";
import { isValidKey, mediaPath } from "./storage";

describe("storage", () => {
  it("chooses local files by default and S3 when both keys are set", () => {
    expect(createStorageFromEnv(parseEnv({ DATA_DIR: "/tmp/x" })).driver).toBe("local");
    const env = parseEnv({
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(createStorageFromEnv(env).driver).toBe("s3");
    expect(() => parseEnv({ S3_ACCESS_KEY_ID: "k" })).toThrow(/S3_SECRET_ACCESS_KEY/);
  });
  it("public URLs are /media/{bucket}/{key} for both drivers", () => {
    expect(mediaPath("images", "1_2x2-a.png")).toBe("/media/images/1_2x2-a.png");
  });
  it("keys: safe segments only", () => {
    expect(isValidKey("1700000000000-a.png")).toBe(true);
    expect(isValidKey("_v/1700000000000_2x2-a.png/400.webp")).toBe(true);
    for (const bad of ["", "..", "a/../b", "/abs", "a//b", "a b.png", "a\\b", "%2e%2e"])
      expect(isValidKey(bad)).toBe(false);
  });
  it("serving headers: long cache, nosniff; SVG sandboxed; non-images downloaded", () => {
    expect(mediaHeaders("image/png")).toMatchObject({
      "Content-Type": "image/png",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
    expect(mediaHeaders("image/svg+xml")["Content-Security-Policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(mediaHeaders("text/html")["Content-Disposition"]).toBe("attachment");
  });
});
