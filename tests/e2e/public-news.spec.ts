import { expect, type Page, test } from "@playwright/test";
import { buildArticles } from "../../app/demo/articles";
import { articlePath } from "../../app/domain/articles/slug";

/**
 * The public news site on the demo data: home sections, /vesti paging, article URLs (bare id →
 * 301 to the canonical slug URL, canonical link, JSON-LD), drafts are 404, feeds. At phone size
 * and on a desktop, and once with JavaScript turned off.
 *
 * The demo seed inserts `buildArticles()` in order, so article ids are list positions + 1.
 */
const DEMO = buildArticles().map((a, i) => ({ ...a, id: i + 1 }));
const PUBLISHED = DEMO.filter((a) => a.status === "publish");
const DRAFT = DEMO.filter((a) => a.status === "draft").at(-1);
const SAMPLE = PUBLISHED[PUBLISHED.length - 40];

async function expectHomeSections(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Izdvojeno" }).getByRole("article")).toHaveCount(5);
  await expect(page.getByRole("heading", { name: "Najnovije vesti" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Najnoviji oglasi" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Popularno" })).toBeVisible();
  // Below 1024 px the sections are behind the "Meni" button (decision 213).
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByText("Meni", { exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Sekcije sajta" }).getByRole("link", { name: "Vesti", exact: true }),
  ).toBeVisible();
  // Every article image reserves its box: width and height are always set.
  const sizes = await page
    .locator("main img")
    .evaluateAll((imgs) => imgs.map((img) => [img.getAttribute("width"), img.getAttribute("height")]));
  expect(sizes.length).toBeGreaterThan(5);
  for (const [w, h] of sizes) expect(Number(w) > 0 && Number(h) > 0).toBe(true);
  // The first hero image loads eagerly, the rest lazily.
  const hero = page.getByRole("region", { name: "Izdvojeno" }).locator("article img");
  await expect(hero.first()).toHaveAttribute("loading", "eager");
  await expect(hero.nth(1)).toHaveAttribute("loading", "lazy");
}

for (const [name, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test.describe(`public news (${name})`, () => {
    test.use({ viewport });

    test("home shows the hero, latest Vesti, latest Oglasi and popular", async ({ page }) => {
      await expectHomeSections(page);
    });

    test("/vesti pages with ?page= and refuses a page past the end", async ({ page }) => {
      await page.goto("/vesti");
      await expect(page.getByRole("heading", { level: 1, name: "Vesti" })).toBeVisible();
      await expect(page.locator("main article")).toHaveCount(12);
      const firstTitle = await page.locator("main article h2").first().innerText();
      await page.getByRole("link", { name: "Sledeća" }).click();
      await expect(page).toHaveURL(/\/vesti\?page=2$/);
      await expect(page.getByRole("link", { name: "2", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(page.locator("main article h2").first()).not.toHaveText(firstTitle);
      const res = await page.goto("/vesti?page=99999");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Stranica nije pronađena" })).toBeVisible();
    });

    test("an article by id redirects to its canonical URL, with canonical link and JSON-LD", async ({
      page,
      request,
    }) => {
      const canonical = articlePath({ id: SAMPLE.id, title: SAMPLE.title, slug: SAMPLE.slug });
      const bare = await request.get(`/article/${SAMPLE.id}`, { maxRedirects: 0 });
      expect([301, 308]).toContain(bare.status());
      expect(bare.headers().location).toBe(canonical);
      const old = await request.get(`/article/neki-stari-naslov-${SAMPLE.id}`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);

      await page.goto(`/article/${SAMPLE.id}`);
      await expect(page).toHaveURL(new RegExp(`${canonical}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(SAMPLE.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${canonical}$`),
      );
      // The whole title (the demo writes meta titles as the form does), and a raster share image
      // uploaded by the seed: a JPEG served with its stored type, with WebP variants beside it.
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", SAMPLE.title);
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(ogImage).toMatch(/^https?:\/\/[^/]+\/media\/images\/\d+_1200x675-truck-\d\.jpg$/);
      const shared = await request.get(new URL(ogImage!).pathname);
      expect(shared.headers()["content-type"]).toBe("image/jpeg");
      const published = await page.locator('meta[property="article:published_time"]').getAttribute("content");
      const modified = await page.locator('meta[property="article:modified_time"]').getAttribute("content");
      expect(Date.parse(modified!)).toBeGreaterThanOrEqual(Date.parse(published!));
      const heroImage = page.getByRole("main").locator("img").first();
      await expect(heroImage).toHaveAttribute("srcset", /\.webp 400w/);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      expect(ld["@type"]).toBe("NewsArticle");
      expect(ld.headline).toBe(SAMPLE.title.slice(0, 110));
      expect(ld.mainEntityOfPage["@id"]).toMatch(new RegExp(`${canonical}$`));
    });

    test("a draft is a 404 for visitors", async ({ page }) => {
      expect(DRAFT).toBeDefined();
      const res = await page.goto(`/article/${DRAFT?.id}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Stranica nije pronađena" })).toBeVisible();
    });
  });
}

test.describe("image fallback", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an image that fails to load is swapped once for the default article image", async ({ page }) => {
    // The demo's default article image is the uploaded truck-1.jpg; make every truck-3 picture
    // (the original and its WebP variants) fail.
    let failed = 0;
    await page.route(/truck-3\.jpg/, (route) => {
      failed++;
      return route.abort();
    });
    await page.goto("/vesti");
    const cards = page.locator("main article img");
    await expect(cards.first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => failed).toBeGreaterThan(0);
    // Every truck-3 picture the browser tried shows the default now; a lazy one further down that
    // was never in range has not been requested yet (complete is false) and is not counted.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll<HTMLImageElement>("main article img")].filter(
              (img) => img.complete && /truck-3\.jpg/.test(img.currentSrc || img.src),
            ).length,
        ),
      )
      .toBe(0);
    await expect(page.locator("main article img[src*='truck-1.jpg']").first()).toBeAttached();
    // When the default itself fails, the image stays broken: no loop.
    let defaultRequests = 0;
    await page.route(/truck-1\.jpg/, (route) => {
      defaultRequests++;
      return route.abort();
    });
    await page.goto("/oglasi");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // Settled: every image is done (loaded or broken) and none that shows the default still
    // carries a fallback to swap to — so nothing can ask for the default again.
    const settled = () =>
      page.evaluate(() => {
        // Images a lazy page has not asked for yet have no current source and do not count.
        const imgs = [...document.querySelectorAll<HTMLImageElement>("img")].filter((img) => img.currentSrc);
        const onDefault = imgs.filter((img) => /truck-1\.jpg/.test(img.currentSrc || img.src));
        return imgs.every((img) => img.complete) && onDefault.every((img) => !("fallback" in img.dataset))
          ? onDefault.length
          : -1;
      });
    await expect.poll(settled).toBeGreaterThan(0);
    const showingDefault = await settled();
    expect(defaultRequests).toBeGreaterThan(0);
    // At most one request per image for the broken default: no loop.
    expect(defaultRequests).toBeLessThanOrEqual(showingDefault);
  });
});

test.describe("public news without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("home, paging and an article work as plain HTML", async ({ page }) => {
    await expectHomeSections(page);
    await page.getByRole("link", { name: "Sve vesti" }).click();
    await expect(page).toHaveURL(/\/vesti$/);
    await page.getByRole("link", { name: "Sledeća" }).click();
    await expect(page).toHaveURL(/\/vesti\?page=2$/);
    const link = page.locator("main article h2 a").first();
    const title = await link.innerText();
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  });
});

test.describe("feeds", () => {
  test("rss, sitemap and robots answer with their content types", async ({ request }) => {
    const rss = await request.get("/rss.xml");
    expect(rss.status()).toBe(200);
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    const rssText = await rss.text();
    expect(rssText).toContain("<rss");
    expect(rssText.match(/<item>/g)?.length).toBe(50);
    expect(rssText).not.toContain(`/article/${DRAFT?.id}<`);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const sitemapText = await sitemap.text();
    expect(sitemapText).toContain("<urlset");
    // The demo data fits in one file: fixed pages plus every published article.
    expect(sitemapText.match(/<url>/g)?.length).toBeGreaterThanOrEqual(PUBLISHED.length);
    expect(sitemapText).toContain(articlePath({ id: SAMPLE.id, title: SAMPLE.title, slug: SAMPLE.slug }));

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  });
});
