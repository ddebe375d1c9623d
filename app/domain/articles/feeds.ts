/**
 * The feeds search engines and readers fetch: RSS 2.0 and the sitemap protocol (at most 50,000
 * URLs per file; past that, a sitemap index that lists the numbered files). Pure functions.
 */

/** Sitemap protocol limit: URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Characters XML 1.0 forbids outright (C0 controls other than tab, newline, return; and FFFE/FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes text for an XML element or attribute, dropping characters XML cannot carry. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export type FeedItem = {
  title: string;
  url: string;
  description: string;
  category: string;
  author: string;
  publishedDate: Date;
  imageUrl?: string | null;
};

export type FeedChannel = {
  title: string;
  url: string;
  feedUrl: string;
  description: string;
  /** The feed's language tag (sr-Latn, sr-Cyrl); "sr" when not given. */
  language?: string;
};

/** An RSS 2.0 document; dates in RFC 822 (`toUTCString`), links absolute. */
export function buildRss(channel: FeedChannel, items: FeedItem[]): string {
  const lastBuild = items[0]?.publishedDate ?? new Date(0);
  const body = items
    .map((item) =>
      [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(item.url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.url)}</guid>`,
        `      <pubDate>${item.publishedDate.toUTCString()}</pubDate>`,
        `      <category>${escapeXml(item.category)}</category>`,
        item.author ? `      <dc:creator>${escapeXml(item.author)}</dc:creator>` : null,
        `      <description>${escapeXml(item.description)}</description>`,
        item.imageUrl ? `      <media:content url="${escapeXml(item.imageUrl)}" medium="image"/>` : null,
        "    </item>",
      ]
        .filter((line) => line !== null)
        .join("\n"),
    )
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.url)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language ?? "sr")}</language>`,
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    body,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** One sitemap entry; `alternates` are its language versions (hreflang), itself included. */
export type SitemapUrl = { loc: string; lastmod?: Date; alternates?: { hreflang: string; href: string }[] };

export function buildUrlset(urls: SitemapUrl[]): string {
  const withAlternates = urls.some((u) => u.alternates && u.alternates.length > 0);
  const body = urls
    .map((u) => {
      const links = (u.alternates ?? [])
        .map(
          (a) =>
            `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
        )
        .join("");
      return `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ""}${links}</url>`;
    })
    .join("\n");
  const xhtml = withAlternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${body}\n</urlset>\n`;
}

export function buildSitemapIndex(locs: string[]): string {
  const body = locs.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/**
 * How the site's URLs split into sitemap files: the fixed pages first, then the articles in id
 * order. One file when everything fits in 50,000 URLs (served at /sitemap.xml itself); otherwise
 * /sitemap.xml is an index of files 1..count.
 */
export function sitemapFileCount(staticCount: number, articleCount: number, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil((staticCount + articleCount) / max));
}

/** Which fixed pages and which article rows (offset, limit in id order) file `n` (1-based) holds. */
export function sitemapSlice(
  n: number,
  staticCount: number,
  max = SITEMAP_MAX_URLS,
): { staticFrom: number; staticTo: number; articleOffset: number; articleLimit: number } {
  const from = (n - 1) * max;
  const to = n * max;
  const staticFrom = Math.min(from, staticCount);
  const staticTo = Math.min(to, staticCount);
  const articleOffset = Math.max(0, from - staticCount);
  const articleLimit = Math.max(0, to - staticCount) - articleOffset;
  return { staticFrom, staticTo, articleOffset, articleLimit };
}

/**
 * The same split for any number of URL sources in a fixed order (the fixed pages, the articles,
 * the forum topics …): which rows of each source (offset, limit in the source's own order) file
 * `n` (1-based) holds. Sources follow one another with no gap and no overlap.
 */
export function sitemapSegments(
  n: number,
  counts: readonly number[],
  max = SITEMAP_MAX_URLS,
): { offset: number; limit: number }[] {
  const from = (n - 1) * max;
  const to = n * max;
  let start = 0;
  return counts.map((count) => {
    const offset = Math.min(count, Math.max(0, from - start));
    const end = Math.min(count, Math.max(0, to - start));
    start += count;
    return { offset, limit: Math.max(0, end - offset) };
  });
}

/** `1.xml` → 1; anything else → null. */
export function parseSitemapFile(file: string): number | null {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(file);
  return match ? Number(match[1]) : null;
}
