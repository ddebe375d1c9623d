import type { APIRequestContext } from "@playwright/test";

/**
 * The site's own list of its pages (`/sitemap.xml`), for tests that need one page of a kind (an
 * article, a job, a forum topic): `pick(/^\/article\//)` gives the first path that matches.
 */
export async function sitemapPicker(request: APIRequestContext): Promise<(pattern: RegExp) => string> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  return (pattern) => {
    const found = paths.find((p) => pattern.test(p));
    if (!found) throw new Error(`no ${pattern} in the sitemap`);
    return found;
  };
}
