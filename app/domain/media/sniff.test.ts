import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isSvgDocument, sniffImageType } from "./sniff";

const enc = (s: string) => new TextEncoder().encode(s);
async function image(format: "jpeg" | "png" | "gif" | "webp") {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
    .toFormat(format)
    .toBuffer();
}

describe("sniffImageType: by bytes, never by name", () => {
  it.each(["jpeg", "png", "gif", "webp"] as const)("recognises %s", async (format) => {
    expect(sniffImageType(await image(format))).toBe(`image/${format}`);
  });
  it("recognises SVG by its XML root", () => {
    expect(sniffImageType(enc('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("image/svg+xml");
    expect(
      sniffImageType(enc('\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg width="1"></svg>')),
    ).toBe("image/svg+xml");
  });
  it("refuses everything else", () => {
    expect(sniffImageType(enc("<html><svg></svg></html>"))).toBeNull();
    expect(sniffImageType(enc("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(enc("GIF8"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(isSvgDocument(enc("<svgfoo/>"))).toBe(false);
  });
});
