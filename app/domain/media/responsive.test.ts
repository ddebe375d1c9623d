import { describe, expect, it } from "vitest";
import { responsiveImage, responsiveImagesInHtml, thumbnailUrl } from "./responsive";

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

describe("responsiveImagesInHtml", () => {
  it("serves our body images from their WebP variants with a srcset, others lazily as they are", () => {
    const html =
      '<p>a</p><img src="/media/images/1795814436961_1200x675-truck-5.jpg" alt="Kamion" width="1200" height="675" loading="lazy" /><img src="https://example.com/x.png" alt="">';
    expect(responsiveImagesInHtml(html, "100vw")).toBe(
      '<p>a</p><img src="/media/images/_v/1795814436961_1200x675-truck-5.jpg/800.webp" alt="Kamion" width="1200" height="675" loading="lazy" srcset="' +
        [400, 800, 1200]
          .map((w) => `/media/images/_v/1795814436961_1200x675-truck-5.jpg/${w}.webp ${w}w`)
          .join(", ") +
        '" sizes="100vw" decoding="async"/><img src="https://example.com/x.png" alt="" loading="lazy" decoding="async"/>',
    );
  });
  it("adds the intrinsic size when the body did not give it", () => {
    expect(
      responsiveImagesInHtml('<img src="/media/mediji/1732251234567_300x200-a.png" alt="">', "50vw"),
    ).toContain('width="300" height="200"');
    expect(responsiveImagesInHtml("<p>no images</p>", "50vw")).toBe("<p>no images</p>");
  });
});
