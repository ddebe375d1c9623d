import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pngBomb } from "../../../tests/support/png-bomb";
import { checkUpload, makeVariants } from "./media.server";
import { MAX_IMAGE_PIXELS, MEDIA_MESSAGES } from "./rules";

describe("decoded-image limits (issue 8: a 249 KB PNG claiming 16000×16000)", () => {
  it("refuses a PNG bomb from its header, before any pixel is decoded", async () => {
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100_000);
    const started = performance.now();
    const result = await checkUpload("library", bomb);
    expect(result).toEqual({
      ok: false,
      status: 413,
      code: "too_many_pixels",
      message: MEDIA_MESSAGES.tooManyPixels,
    });
    // Reading a header takes microseconds; decoding these pixels would take seconds.
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses one side over 12,000 px even when the pixel count is small", async () => {
    expect(await checkUpload("manager", pngBomb(20, 12_001))).toMatchObject({ code: "too_many_pixels" });
    expect(await checkUpload("manager", pngBomb(3000, 3000))).toMatchObject({ ok: true, width: 3000 });
  });

  it("the decoding calls carry the pixel limit themselves", async () => {
    // Even if a caller skipped checkUpload, the variants refuse to decode a bomb.
    await expect(makeVariants(pngBomb(8000, 8000), 8000)).rejects.toThrow(/pixel limit/);
    expect(8000 * 8000).toBeGreaterThan(MAX_IMAGE_PIXELS);
  });

  it("still accepts and measures ordinary photos", async () => {
    const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#345" } })
      .jpeg()
      .toBuffer();
    expect(await checkUpload("library", jpeg)).toMatchObject({ ok: true, width: 4000, height: 3000 });
  });
});
