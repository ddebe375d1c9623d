import { describe, expect, it } from "vitest";
import { responsiveImage, thumbnailUrl } from "./responsive";

describe("responsiveImage", () => {
  it("gives the WebP srcset of our raster uploads, with the intrinsic size", () => {
    const url = "/media/images/1732251234567_1600x900-kamion.jpg";
    expect(responsiveImage(url)).toEqual({
      src: "/media/images/_v/1732251234567_1600x900-kamion.jpg/800.webp",
      srcSet: [400, 800, 1200]
        .map((w) => `/media/images/_v/1732251234567_1600x900-kamion.jpg/${w}.webp ${w}w`)
        .join(", "),
      width: 1600,
      height: 900,
    });
  });
  it("small images get one variant at their own width", () => {
    const r = responsiveImage("/media/mediji/1732251234567_300x200-a.png");
    expect(r.src).toBe("/media/mediji/_v/1732251234567_300x200-a.png/300.webp");
    expect(r.srcSet).toBe("/media/mediji/_v/1732251234567_300x200-a.png/300.webp 300w");
  });
  it("leaves every other URL alone", () => {
    for (const url of [
      "/demo/truck-1.svg",
      "https://example.com/a.jpg",
      "/media/images/1732251234567-logo.svg",
      "/media/images/kamion.jpg",
      "/media/other/1732251234567_10x10-a.png",
      "/media/images/_v/1732251234567_10x10-a.png/10.webp",
    ]) {
      expect(responsiveImage(url)).toEqual({ src: url });
    }
  });
  it("thumbnails use the smallest variant", () => {
    expect(thumbnailUrl("/media/images/1732251234567_1600x900-k.jpg")).toBe(
      "/media/images/_v/1732251234567_1600x900-k.jpg/400.webp",
    );
    expect(thumbnailUrl("/demo/truck-1.svg")).toBe("/demo/truck-1.svg");
  });
});
