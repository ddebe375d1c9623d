import { describe, expect, it } from "vitest";
import {
  cleanFileName,
  displayName,
  exceedsPixelLimit,
  isAllowedDeclaredType,
  LIBRARY_MAX_BYTES,
  MANAGER_MAX_BYTES,
  mediaKey,
  mediaTypeOf,
  parseMediaKey,
  storedNameFor,
  variantKey,
  variantWidths,
} from "./rules";

describe("cleanFileName (spec §5)", () => {
  it("keeps letters, digits, dot and hyphen", () => {
    expect(cleanFileName("Truck-2024.v2.png")).toBe("Truck-2024.v2.png");
  });
  it("turns everything else into an underscore and collapses runs", () => {
    expect(cleanFileName("moj  kamion (1)!.jpg")).toBe("moj_kamion_1_.jpg");
    expect(cleanFileName("a/b\\c?d.png")).toBe("a_b_c_d.png");
  });
  it("folds Serbian Latin letters to ASCII", () => {
    expect(cleanFileName("Šćepan-Đorđe-žuti.jpg")).toBe("Scepan-Djordje-zuti.jpg");
  });
  it("cuts at 255 characters", () => {
    expect(cleanFileName(`${"a".repeat(300)}.png`)).toHaveLength(255);
  });
});

describe("storedNameFor", () => {
  it("forces the extension of the detected type", () => {
    expect(storedNameFor("slika.png", "image/jpeg")).toBe("slika.jpg");
    expect(storedNameFor("evil.php", "image/png")).toBe("evil.png");
    expect(storedNameFor("noext", "image/gif")).toBe("noext.gif");
  });
  it("never starts with a dot and falls back when nothing is left", () => {
    expect(storedNameFor(".htaccess", "image/png")).toBe("htaccess.png");
    expect(storedNameFor("???.png", "image/png")).toBe("slika.png");
  });
});

describe("media type by extension (spec §3)", () => {
  it.each([
    ["a.jpg", "image"],
    ["a.JPEG", "image"],
    ["a.png", "image"],
    ["a.gif", "image"],
    ["a.webp", "image"],
    ["a.svg", "image"],
    ["a.mp4", "video"],
    ["a.avi", "video"],
    ["a.mov", "video"],
    ["a.wmv", "video"],
    ["a.flv", "video"],
    ["a.webm", "video"],
    ["a.pdf", "document"],
    ["noext", "document"],
  ])("%s → %s", (name, type) => {
    expect(mediaTypeOf(name)).toBe(type);
  });
});

describe("limits (spec §9)", () => {
  it("5 MB in the library, 10485760 bytes in the manager", () => {
    expect(LIBRARY_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(MANAGER_MAX_BYTES).toBe(10485760);
  });
  it("declared-type pre-check: the library takes raster images only, the manager also SVG", () => {
    expect(isAllowedDeclaredType("image/png", "a.png", "library")).toBe(true);
    expect(isAllowedDeclaredType("image/svg+xml", "a.svg", "library")).toBe(false);
    expect(isAllowedDeclaredType("image/svg+xml", "a.svg", "manager")).toBe(true);
    expect(isAllowedDeclaredType("application/pdf", "a.pdf", "manager")).toBe(false);
    expect(isAllowedDeclaredType("video/mp4", "a.mp4", "manager")).toBe(false);
    expect(isAllowedDeclaredType("", "a.jpg", "library")).toBe(true);
  });
});

describe("keys and variants", () => {
  it("prefixes a time stamp, and the size for raster images", () => {
    expect(mediaKey("a.svg", 1732251234567)).toBe("1732251234567-a.svg");
    expect(mediaKey("a.jpg", 1732251234567, { width: 1600, height: 900 })).toBe(
      "1732251234567_1600x900-a.jpg",
    );
  });
  it("keys stay within 255 characters", () => {
    expect(mediaKey("a".repeat(300), 1732251234567, { width: 1, height: 1 }).length).toBeLessThanOrEqual(255);
  });
  it("parses its own keys only", () => {
    expect(parseMediaKey("1732251234567_1600x900-a.jpg")).toEqual({
      timestamp: 1732251234567,
      name: "a.jpg",
      width: 1600,
      height: 900,
    });
    expect(parseMediaKey("1732251234567-1600x900-a.jpg")).toEqual({
      timestamp: 1732251234567,
      name: "1600x900-a.jpg",
    });
    expect(parseMediaKey("truck.jpg")).toBeNull();
    expect(displayName("1732251234567_10x10-kamion.png")).toBe("kamion.png");
    expect(displayName("truck.jpg")).toBe("truck.jpg");
  });
  it("variant widths: 400/800/1200 below the width, plus the width itself up to 1200", () => {
    expect(variantWidths(2000)).toEqual([400, 800, 1200]);
    expect(variantWidths(1200)).toEqual([400, 800, 1200]);
    expect(variantWidths(1000)).toEqual([400, 800, 1000]);
    expect(variantWidths(400)).toEqual([400]);
    expect(variantWidths(120)).toEqual([120]);
  });
  it("variant keys sit beside the original", () => {
    expect(variantKey("1_2x3-a.jpg", 400)).toBe("_v/1_2x3-a.jpg/400.webp");
  });
});

describe("exceedsPixelLimit", () => {
  it("allows up to 50 megapixels and 12,000 px a side", () => {
    expect(exceedsPixelLimit(8064, 6048)).toBe(false); // a 48 MP phone photo
    expect(exceedsPixelLimit(12_000, 4_000)).toBe(false);
    expect(exceedsPixelLimit(12_001, 10)).toBe(true);
    expect(exceedsPixelLimit(10, 12_001)).toBe(true);
    expect(exceedsPixelLimit(8000, 7000)).toBe(true); // 56 MP
    expect(exceedsPixelLimit(16_000, 16_000)).toBe(true);
  });
});
