import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  articleImageUrl,
  bucketUrl,
  IMAGE_PLACEHOLDER,
  resolveImageUrl,
  shareImageUrl,
} from "./image-url";

describe("resolveImageUrl (spec §5 image URLs)", () => {
  it("keeps http(s) and site-relative URLs", () => {
    expect(resolveImageUrl("https://cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
    expect(resolveImageUrl("http://example.com/a.png?x=1")).toBe("http://example.com/a.png?x=1");
    expect(resolveImageUrl("/demo/truck-1.svg")).toBe("/demo/truck-1.svg");
    expect(resolveImageUrl("/media/images/1700000000-kamion.jpg")).toBe(
      "/media/images/1700000000-kamion.jpg",
    );
    expect(resolveImageUrl("  /demo/truck-2.svg  ")).toBe("/demo/truck-2.svg");
    expect(resolveImageUrl("//cdn.example.com/a.jpg")).toBe("https://cdn.example.com/a.jpg");
  });

  it("rejects data:svg, blob:, javascript: and about: with the placeholder", () => {
    expect(resolveImageUrl("data:image/svg+xml;base64,PHN2Zz4=")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("DATA:image/SVG+xml,<svg onload=alert(1)>")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("blob:https://example.com/1234")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("javascript:alert(1)")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl(" JavaScript:alert(1)")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("java\nscript:alert(1)")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("about:blank")).toBe(IMAGE_PLACEHOLDER);
  });

  it("rejects other schemes and non-raster data URLs too", () => {
    expect(resolveImageUrl("data:text/html,<script>alert(1)</script>")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("vbscript:msgbox")).toBe(IMAGE_PLACEHOLDER);
    expect(resolveImageUrl("ftp://example.com/a.jpg")).toBe(IMAGE_PLACEHOLDER);
  });

  it("accepts raster data images", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(resolveImageUrl(png)).toBe(png);
  });

  it("maps old site upload URLs to the images bucket", () => {
    expect(resolveImageUrl("https://balkanvozaci.com/wp-content/uploads/2023/05/kamion-1.jpg")).toBe(
      "/media/images/kamion-1.jpg",
    );
    expect(resolveImageUrl("/wp-content/uploads/2021/01/Slika%20vozaca.png?ver=2")).toBe(
      "/media/images/Slika%20vozaca.png",
    );
  });

  it("maps bare file names to the images bucket", () => {
    expect(resolveImageUrl("kamion.jpg")).toBe("/media/images/kamion.jpg");
    expect(resolveImageUrl("1700000000000-moj kamion.webp")).toBe(
      "/media/images/1700000000000-moj%20kamion.webp",
    );
  });

  it("gives no image for a purely numeric value or nothing", () => {
    expect(resolveImageUrl("12345")).toBeNull();
    expect(resolveImageUrl(" 42 ")).toBeNull();
    expect(resolveImageUrl("")).toBeNull();
    expect(resolveImageUrl("   ")).toBeNull();
    expect(resolveImageUrl(null)).toBeNull();
    expect(resolveImageUrl(undefined)).toBeNull();
  });

  it("gives the placeholder for odd relative text", () => {
    expect(resolveImageUrl("not an image")).toBe(IMAGE_PLACEHOLDER);
  });
});

describe("articleImageUrl", () => {
  it("falls back to the default image when the article has none", () => {
    expect(articleImageUrl("/demo/truck-3.svg", "/demo/truck-1.svg")).toBe("/demo/truck-3.svg");
    expect(articleImageUrl("123", "/demo/truck-1.svg")).toBe("/demo/truck-1.svg");
    expect(articleImageUrl(null, "default.jpg")).toBe("/media/images/default.jpg");
    expect(articleImageUrl(null, null)).toBeNull();
  });
});

describe("shareImageUrl (og:image)", () => {
  it("never gives an SVG: the article's raster image, else a raster default, else none", () => {
    expect(shareImageUrl("/media/images/1_1200x675-a.jpg", "/d.jpg")).toBe("/media/images/1_1200x675-a.jpg");
    expect(shareImageUrl("/demo/truck-3.svg", "/media/images/d.jpg")).toBe("/media/images/d.jpg");
    expect(shareImageUrl("/media/mediji/logo.SVG?v=2", "/demo/truck-1.svg")).toBeNull();
    expect(shareImageUrl("javascript:alert(1)", null)).toBeNull(); // the placeholder is an SVG too
    expect(shareImageUrl(null, "kamion.webp")).toBe("/media/images/kamion.webp");
    expect(shareImageUrl("https://cdn.example.com/a.png", null)).toBe("https://cdn.example.com/a.png");
  });
});

describe("bucketUrl and absoluteUrl", () => {
  it("encodes each path segment of the key", () => {
    expect(bucketUrl("mediji", "a b/c#d.pdf")).toBe("/media/mediji/a%20b/c%23d.pdf");
  });

  it("joins relative URLs to the origin", () => {
    expect(absoluteUrl("/demo/truck-1.svg", "https://balkanvozaci.com")).toBe(
      "https://balkanvozaci.com/demo/truck-1.svg",
    );
    expect(absoluteUrl("https://cdn.example.com/a.jpg", "https://balkanvozaci.com")).toBe(
      "https://cdn.example.com/a.jpg",
    );
  });
});
