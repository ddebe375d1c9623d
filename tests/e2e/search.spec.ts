import { expect, test } from "@playwright/test";

/**
 * The site search and the tag pages on the demo data (docs/decisions/200, 201): a phone visitor
 * with JavaScript off searches from the header, sees results grouped by kind with a tab per kind,
 * opens a tab and a result; any script or spelling finds the same; the empty, short, no-result and
 * over-long states; the OpenSearch description; tag pages reached from an article.
 */

test.describe("search on a phone, no JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("searching dordevic from the header shows grouped results and tabs, and leads to a result", async ({
    page,
  }) => {
    await page.goto("/");
    // On a phone the header's field is the first thing in the menu (decision 213).
    await page.getByText("Meni", { exact: true }).click();
    const field = page.getByRole("search", { name: "Pretraga sajta" }).getByRole("searchbox", {
      name: "Pretraga sajta",
    });
    await field.fill("dordevic");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/pretraga\?q=dordevic$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pretraga: „dordevic“");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");

    // Grouped: the news by the author Milan Đorđević and the Đorđević companies, each with a count.
    const tabs = page.getByRole("navigation", { name: "Vrste rezultata" });
    await expect(tabs.getByRole("link", { name: /^Sve/ })).toHaveAttribute("aria-current", "page");
    for (const label of ["Vesti i oglasi", "Kompanije", "Poslovi", "Kupoprodaja", "Forum"]) {
      await expect(tabs.getByRole("link", { name: new RegExp(`^${label} \\d`) })).toBeVisible();
    }
    const news = page.getByRole("region", { name: /^Vesti i oglasi/ });
    await expect(news.getByRole("article")).toHaveCount(3);
    await expect(news.locator("mark").first()).toHaveText("Đorđević");
    const companies = page.getByRole("region", { name: /^Kompanije/ });
    await expect(companies.getByRole("heading", { level: 3 }).first()).toContainText("Đorđević");

    // The companies' tab, then a company's page.
    await tabs.getByRole("link", { name: /^Kompanije/ }).click();
    await expect(page).toHaveURL(/vrsta=kompanije/);
    await expect(tabs.getByRole("link", { name: /^Kompanije/ })).toHaveAttribute("aria-current", "page");
    const first = page.locator("main article h2 a").first();
    const name = (await first.innerText()).trim();
    expect(name).toContain("Đorđević");
    await first.click();
    await expect(page).toHaveURL(/\/kompanije\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

    // The page's own field searches again, keeping the tab.
    await page.goBack();
    const own = page.getByRole("search", { name: "Pretraga", exact: true }).getByRole("searchbox");
    await expect(own).toHaveValue("dordevic");
    await own.fill("Đorđević Factoring");
    await page.getByRole("button", { name: "Traži", exact: true }).click();
    await expect(page).toHaveURL(/vrsta=kompanije/);
    await expect(page.locator("main article")).toHaveCount(1);
  });

  test("the layout holds at 390 px: no sideways scroll, the news tab pages", async ({ page }) => {
    await page.goto("/pretraga?q=vozac&vrsta=clanci");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.locator("main article")).toHaveCount(20);
    await page.getByRole("link", { name: "Sledeća" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("main article")).toHaveCount(20);
  });
});

test("djordjevic, dordevic, Đorđević and ђорђевић find the same; vozac, vozač and возач too", async ({
  request,
}) => {
  const tabCounts = async (q: string) => {
    const html = await (await request.get(`/pretraga?q=${encodeURIComponent(q)}`)).text();
    const nav = /<nav aria-label="Vrste rezultata".*?<\/nav>/s.exec(html)?.[0] ?? "";
    return [...nav.matchAll(/rounded-full[^>]*>([^<]+)</g)].map((m) => m[1]);
  };
  const dordevic = await tabCounts("dordevic");
  expect(dordevic).toHaveLength(6);
  expect(Number(dordevic[2])).toBeGreaterThan(0); // companies
  for (const q of ["djordjevic", "Đorđević", "ђорђевић"]) expect(await tabCounts(q)).toEqual(dordevic);
  const vozac = await tabCounts("vozac");
  for (const q of ["vozač", "возач", "VOZAČ"]) expect(await tabCounts(q)).toEqual(vozac);
});

test("empty, too short, nothing found, over-long and odd queries answer 200 in Serbian", async ({
  request,
}) => {
  const cases: [string, RegExp][] = [
    ["/pretraga", /Unesite pojam za pretragu/],
    ["/pretraga?q=++", /Unesite pojam za pretragu/],
    ["/pretraga?q=a+b", /Upit je prekratak/],
    ["/pretraga?q=zzxqjw", /Nema rezultata za „<span[^>]*>zzxqjw<\/span>“/],
    [`/pretraga?q=${"kamion+".repeat(40)}`, /Upit je predugačak: pretraženo je prvih 100 znakova/],
    ["/pretraga?q=%25%25%25+%5C%5C%5C", /Upit je prekratak/],
    ["/pretraga?q=x%25y_z%5Cw", /Nema rezultata/],
    ["/pretraga?q=%22polovni+kamioni%22&vrsta=nepostoji&page=-3", /Vesti i oglasi/],
    ["/pretraga?q=kamion&vrsta=clanci&page=99999", /strana 50 od 50/],
  ];
  for (const [path, text] of cases) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()["x-robots-tag"], path).toBe("noindex, follow");
    // React separates adjacent text with empty comments in server HTML.
    expect((await res.text()).replaceAll("<!-- -->", ""), path).toMatch(text);
  }
});

test("the visitor's query is shown as text, never as markup", async ({ page }) => {
  await page.goto(`/pretraga?q=${encodeURIComponent('<img src=x onerror="window.hacked=1"> dordevic')}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    '<img src=x onerror="window.hacked=1">',
  );
  expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
  expect(await page.locator("main img").count()).toBe(0);
});

test("every public page offers the site search to the browser (OpenSearch)", async ({ page, request }) => {
  await page.goto("/vesti");
  const link = page.locator('link[rel="search"]');
  await expect(link).toHaveAttribute("type", "application/opensearchdescription+xml");
  const res = await request.get((await link.getAttribute("href")) ?? "");
  expect(res.headers()["content-type"]).toContain("application/opensearchdescription+xml");
  expect(await res.text()).toMatch(/template="http[^"]+\/pretraga\?q=\{searchTerms\}"/);
});

test.describe("tag pages", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an article's tag leads to its page, paged like /vesti, in the sitemap", async ({ page, request }) => {
    // An article that has tags (the newest on /vesti may be another test's, without any).
    await page.goto("/tag/parking");
    await page.locator("main article h2 a").first().click();
    await expect(page).toHaveURL(/\/article\//);
    const tag = page.getByRole("list", { name: "Oznake" }).getByRole("link").first();
    const tagName = (await tag.innerText()).trim();
    await tag.click();
    await expect(page).toHaveURL(/\/tag\/[a-z0-9-]+$/);
    const path = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      tagName.charAt(0).toLocaleUpperCase("sr") + tagName.slice(1),
    );
    await expect(page).toHaveTitle(/vesti i oglasi — /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`${path}</loc>`);

    // The demo's most used tag has more than a page of articles.
    await page.goto("/tag/parking");
    await expect(page.locator("main article")).toHaveCount(12);
    await page.getByRole("link", { name: "Sledeća" }).click();
    await expect(page).toHaveURL(/\/tag\/parking\?page=2$/);
    await expect(page.locator("main article")).toHaveCount(12);
  });

  test("another spelling redirects, an unknown tag or a page past the end is a 404", async ({ request }) => {
    const cyrillic = await request.get(`/tag/${encodeURIComponent("Паркинг")}`, { maxRedirects: 0 });
    expect(cyrillic.status()).toBe(301);
    expect(cyrillic.headers().location).toMatch(/\/tag\/parking$/);
    expect((await request.get("/tag/ova-oznaka-ne-postoji")).status()).toBe(404);
    expect((await request.get("/tag/parking?page=9999")).status()).toBe(404);
  });
});
