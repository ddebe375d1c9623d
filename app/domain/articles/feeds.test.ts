import { describe, expect, it } from "vitest";
import {
  buildRss,
  buildSitemapIndex,
  buildUrlset,
  escapeXml,
  parseSitemapFile,
  SITEMAP_MAX_URLS,
  sitemapFileCount,
  sitemapSegments,
  sitemapSlice,
} from "./feeds";

describe("escapeXml", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`Tom & Jerry <b>"hi"</b> it's`)).toBe(
      "Tom &amp; Jerry &lt;b&gt;&quot;hi&quot;&lt;/b&gt; it&apos;s",
    );
  });

  it("drops characters XML 1.0 cannot carry and keeps Serbian letters", () => {
    expect(escapeXml("a\u0000b\u0008c\u001fd\tš\nđ")).toBe("abcd\tš\nđ");
  });
});

describe("buildRss", () => {
  const channel = {
    title: "Balkan Vozači",
    url: "https://balkanvozaci.com/",
    feedUrl: "https://balkanvozaci.com/rss.xml",
    description: "Zajednica balkanskih vozača u Americi",
  };

  it("escapes titles and descriptions, never lets markup through", () => {
    const xml = buildRss(channel, [
      {
        title: "Nova pravila </title><script>alert(1)</script>",
        url: "https://balkanvozaci.com/article/nova-pravila-1?a=1&b=2",
        description: "Cena < 5$ & više",
        category: "Vesti",
        author: "Marko",
        publishedDate: new Date("2026-03-01T12:00:00Z"),
        imageUrl: "https://balkanvozaci.com/demo/truck-1.svg",
      },
    ]);
    expect(xml).not.toContain("<script>");
    expect(xml).toContain("<title>Nova pravila &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(xml).toContain("<link>https://balkanvozaci.com/article/nova-pravila-1?a=1&amp;b=2</link>");
    expect(xml).toContain("<description>Cena &lt; 5$ &amp; više</description>");
    expect(xml).toContain("<pubDate>Sun, 01 Mar 2026 12:00:00 GMT</pubDate>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it("is a valid empty channel with no items", () => {
    const xml = buildRss(channel, []);
    expect(xml).toContain("<channel>");
    expect(xml).not.toContain("<item>");
  });
});

describe("sitemaps", () => {
  it("builds a urlset and an index", () => {
    const set = buildUrlset([{ loc: "https://x.test/a?b=1&c=2", lastmod: new Date("2026-01-02T00:00:00Z") }]);
    expect(set).toContain(
      "<loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-01-02T00:00:00.000Z</lastmod>",
    );
    expect(buildSitemapIndex(["https://x.test/sitemap/1.xml"])).toContain(
      "<sitemap><loc>https://x.test/sitemap/1.xml</loc></sitemap>",
    );
  });

  it("keeps one file up to 50,000 URLs and splits past it", () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
    expect(sitemapFileCount(3, 0)).toBe(1);
    expect(sitemapFileCount(3, 49_997)).toBe(1);
    expect(sitemapFileCount(3, 49_998)).toBe(2);
    expect(sitemapFileCount(3, 100_000)).toBe(3);
  });

  it("puts the fixed pages first, then the articles, with no gap and no overlap", () => {
    const max = 10;
    const staticCount = 3;
    const total = 35;
    const files = sitemapFileCount(staticCount, total - staticCount, max);
    expect(files).toBe(4);
    const seen: string[] = [];
    for (let n = 1; n <= files; n++) {
      const s = sitemapSlice(n, staticCount, max);
      for (let i = s.staticFrom; i < s.staticTo; i++) seen.push(`s${i}`);
      for (let i = 0; i < s.articleLimit; i++) seen.push(`a${s.articleOffset + i}`);
      expect(s.staticTo - s.staticFrom + s.articleLimit).toBeLessThanOrEqual(max);
    }
    const expected = [
      ...Array.from({ length: staticCount }, (_, i) => `s${i}`),
      ...Array.from({ length: 40 - staticCount }, (_, i) => `a${i}`),
    ];
    expect(seen).toEqual(expected);
    expect(sitemapSlice(1, staticCount, max)).toEqual({
      staticFrom: 0,
      staticTo: 3,
      articleOffset: 0,
      articleLimit: 7,
    });
    expect(sitemapSlice(2, staticCount, max)).toEqual({
      staticFrom: 3,
      staticTo: 3,
      articleOffset: 7,
      articleLimit: 10,
    });
  });

  it("parses numbered file names only", () => {
    expect(parseSitemapFile("1.xml")).toBe(1);
    expect(parseSitemapFile("12.xml")).toBe(12);
    expect(parseSitemapFile("0.xml")).toBeNull();
    expect(parseSitemapFile("01.xml")).toBeNull();
    expect(parseSitemapFile("1.txt")).toBeNull();
    expect(parseSitemapFile("x.xml")).toBeNull();
  });

  it("splits several sources in order across files, with no gap and no overlap", () => {
    const max = 10;
    const counts = [4, 13, 0, 9];
    const files = Math.ceil(26 / max);
    const seen: string[] = [];
    for (let n = 1; n <= files; n++) {
      const segments = sitemapSegments(n, counts, max);
      expect(segments.reduce((sum, s) => sum + s.limit, 0)).toBeLessThanOrEqual(max);
      segments.forEach((s, source) => {
        for (let i = 0; i < s.limit; i++) seen.push(`${source}:${s.offset + i}`);
      });
    }
    const expected = counts.flatMap((c, source) => Array.from({ length: c }, (_, i) => `${source}:${i}`));
    expect(seen).toEqual(expected);
    expect(sitemapSegments(2, counts, max)).toEqual([
      { offset: 4, limit: 0 },
      { offset: 6, limit: 7 },
      { offset: 0, limit: 0 },
      { offset: 0, limit: 3 },
    ]);
    expect(sitemapSegments(4, counts, max).every((s) => s.limit === 0)).toBe(true);
  });
});
