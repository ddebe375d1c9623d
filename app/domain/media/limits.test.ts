import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { errorMessage, errorStatus } from "~/http/errors";
import { MEDIA_MESSAGES } from "~/messages/media";
import { pngBomb } from "../../../tests/support/png-bomb";
import { checkUpload, makeVariants } from "./media.server";
import { MAX_IMAGE_PIXELS } from "./rules";

describe("decoded-image limits (issue 8: a 249 KB PNG claiming 16000×16000)", () => {
  it("refuses a PNG bomb from its header, before any pixel is decoded", async () => {
    const bomb = pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100_000);
    const cpu = process.cpuUsage();
    const result = await checkUpload("library", bomb);
    const used = process.cpuUsage(cpu);
    expect(result).toEqual({ ok: false, code: "media.too_many_pixels" });
    // The media API answers it with 413 and the spec's words (app/http/errors.ts).
    expect(errorStatus("media.too_many_pixels")).toBe(413);
    expect(errorMessage("media.too_many_pixels")).toBe(MEDIA_MESSAGES.tooManyPixels);
    // Reading a header costs this process well under a millisecond of CPU; decoding these 256
    // million pixels would cost seconds of it (CPU time, not the wall clock: a busy machine waits
    // longer but does not compute more).
    expect((used.user + used.system) / 1000).toBeLessThan(100);
  });

  it("refuses one side over 12,000 px even when the pixel count is small", async () => {
    expect(await checkUpload("manager", pngBomb(20, 12_001))).toMatchObject({
      code: "media.too_many_pixels",
    });
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
