import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";

/**
 * What a driver types finds what the cards show, and the search page narrows like a good one
 * (issue 28; docs/decisions/200, 260): buy/sell by its category, jobs and buy/sell by the state's
 * name, its two-letter code or its Serbian spelling in either script; filters by state, category
 * and date that are plain links (with and without JavaScript) keeping the query; a capped kind
 * says so.
 */

/** The demo's job in "Columbus, Ohio" (the demo data is the same on every run). */
const COLUMBUS_JOB = "/poslovi/cdl-a-vozac-za-otr-ture-reefer-63";

/** The result links of a search page (its kind's tab), from the HTML. */
async function resultLinks(request: APIRequestContext, q: string, kind: string): Promise<string[]> {
  const res = await request.get(`/pretraga?q=${encodeURIComponent(q)}&vrsta=${kind}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<article class="py-4"><h2[^>]*><a [^>]*href="([^"]+)"/g)].map((m) => m[1]);
}

/** "Prikazano 1–15 od 15 …" on a listings list: how many it holds. */
async function listTotal(request: APIRequestContext, path: string): Promise<number> {
  const html = (await (await request.get(path)).text()).replaceAll("<!-- -->", "");
  const match = /od (\d+(?:\.\d+)*) /.exec(html) ?? /Prikazano (\d+) /.exec(html);
  return match ? Number(match[1].replaceAll(".", "")) : 0;
}

test("category words, a state's name, code and Serbian spelling find the listings a card shows", async ({
  request,
}) => {
  // Buy/sell by its category: at least every listing of that category.
  const trucks = await listTotal(request, "/kupoprodaja?vrsta=truck");
  const trailers = await listTotal(request, "/kupoprodaja?vrsta=trailer");
  expect(trucks).toBeGreaterThan(0);
  expect(trailers).toBeGreaterThan(0);
  expect((await resultLinks(request, "kamion", "kupoprodaja")).length).toBeGreaterThanOrEqual(
    Math.min(trucks, 20),
  );
  expect((await resultLinks(request, "prikolica", "kupoprodaja")).length).toBeGreaterThanOrEqual(
    Math.min(trailers, 20),
  );
  expect((await resultLinks(request, "Texas", "kupoprodaja")).length).toBeGreaterThan(0);
  expect((await resultLinks(request, "Colorado", "kupoprodaja")).length).toBeGreaterThan(0);

  // The Columbus, Ohio job by the state's name, its code and its Serbian spelling in both scripts.
  for (const q of ["Ohio", "OH", "Охајо", "Ohajo", "Columbus", "Колумбус"]) {
    expect(await resultLinks(request, q, "poslovi"), q).toContain(COLUMBUS_JOB);
  }
  // Kansas as written in English, in Serbian Latin and in Serbian Cyrillic: the same jobs.
  const kansas = await resultLinks(request, "Kansas", "poslovi");
  expect(kansas.length).toBeGreaterThan(0);
  for (const q of ["Kanzas", "Канзас", "KS"])
    expect(await resultLinks(request, q, "poslovi"), q).toEqual(kansas);
});

/** The links of a filter group on the search page. */
const filterGroup = (page: Page, name: string) => page.getByRole("group", { name });

/** The places ("City, State") and dates the results show. */
async function resultFacts(page: Page): Promise<string[]> {
  return page.locator("main article p.text-xs").allInnerTexts();
}

/** "Kupoprodaja: 69 rezultata, strana 1 od 4": how many results the kind's page counts. */
async function resultCount(page: Page): Promise<number> {
  const line = await page
    .locator("main p", { hasText: /^(Vesti i oglasi|Poslovi|Kupoprodaja): / })
    .innerText();
  return Number((/: (?:više od )?(\d[\d.]*)/.exec(line)?.[1] ?? "0").replaceAll(".", ""));
}

async function visitor(browser: Browser, javaScriptEnabled: boolean, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled,
    locale: "sr-Latn-RS",
    timezoneId: "America/New_York",
  });
  return { context, page: await context.newPage() };
}

for (const [javaScriptEnabled, width] of [
  [false, 390],
  [true, 1280],
] as const) {
  test(`filters by category, state and date narrow the results ${javaScriptEnabled ? "with" : "without"} JavaScript at ${width} px`, async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser, javaScriptEnabled, width);

    // Buy/sell ("polovno": used trucks, trailers, parts): a category, then a state; each keeps the
    // query and the other filter.
    await page.goto("/pretraga?q=polovno&vrsta=kupoprodaja");
    const all = await resultCount(page);
    await filterGroup(page, "Kategorija")
      .getByRole("link", { name: /^Prikolica/ })
      .click();
    await expect(page).toHaveURL(/[?&]q=polovno(&|$)/);
    await expect(page).toHaveURL(/[?&]kategorija=trailer(&|$)/);
    await expect(filterGroup(page, "Kategorija").getByRole("link", { name: /^Prikolica/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    const trailers = await resultCount(page);
    expect(trailers).toBeGreaterThan(0);
    expect(trailers).toBeLessThan(all);
    const state = filterGroup(page, "Država").getByRole("link").nth(1); // the first after "Sve države"
    const stateName = ((await state.innerText()).split("\n")[0] ?? "").replace(/\s*\d+$/, "").trim();
    await state.click();
    await expect(page).toHaveURL(/[?&]q=polovno(&|$)/);
    await expect(page).toHaveURL(/[?&]kategorija=trailer(&|$)/);
    await expect(page).toHaveURL(
      new RegExp(`[?&]drzava=${encodeURIComponent(stateName).replace(/%20/g, "(\\+|%20)")}`),
    );
    for (const facts of await resultFacts(page)) expect(facts).toContain(stateName);

    // Jobs by state (the one with most results): every result is in it.
    await page.goto("/pretraga?q=vozac&vrsta=poslovi");
    const jobs = await resultCount(page);
    const top = filterGroup(page, "Država").getByRole("link").nth(1);
    const topName = ((await top.innerText()).split("\n")[0] ?? "").replace(/\s*\d+$/, "").trim();
    await top.click();
    await expect(page).toHaveURL(/[?&]q=vozac(&|$)/);
    expect(await resultCount(page)).toBeLessThan(jobs);
    const inState = await resultFacts(page);
    expect(inState.length).toBeGreaterThan(0);
    for (const facts of inState) expect(facts).toContain(topName);
    // "Sve države" takes the filter off again.
    await filterGroup(page, "Država").getByRole("link", { name: "Sve države" }).click();
    await expect(page).not.toHaveURL(/drzava=/);
    expect(await resultCount(page)).toBe(jobs);

    // News by date: the last year has fewer than all time, each dated within it.
    await page.goto("/pretraga?q=osiguranje&vrsta=clanci");
    const allTime = await resultCount(page);
    await filterGroup(page, "Vreme objave").getByRole("link", { name: "Poslednja godina" }).click();
    await expect(page).toHaveURL(/[?&]q=osiguranje(&|$)/);
    await expect(page).toHaveURL(/[?&]period=godina(&|$)/);
    const lastYear = await resultCount(page);
    expect(lastYear).toBeGreaterThan(0);
    expect(lastYear).toBeLessThan(allTime);
    const yearAgo = Date.now() - 366 * 86_400_000;
    for (const stamp of await page
      .locator("main article time")
      .evaluateAll((t) => t.map((e) => e.getAttribute("datetime") ?? ""))) {
      expect(new Date(stamp).getTime()).toBeGreaterThan(yearAgo);
    }
    // Another tab keeps the query.
    await page
      .getByRole("navigation", { name: "Vrste rezultata" })
      .getByRole("link", { name: /^Forum/ })
      .click();
    await expect(page).toHaveURL(/[?&]q=osiguranje(&|$)/);
    await context.close();
  });
}

test("a kind counted past 1,000 says that only the first 1,000 are shown, on its last page and past it", async ({
  request,
}) => {
  const text = async (path: string) => (await (await request.get(path)).text()).replaceAll("<!-- -->", "");
  const first = await text("/pretraga?q=kamion&vrsta=clanci");
  expect(first).toContain("prikazano prvih 1.000 — suzite pretragu");
  const past = await text("/pretraga?q=kamion&vrsta=clanci&page=51");
  expect(past).toContain("prikazano prvih 1.000 — suzite pretragu");
  expect(past).toMatch(/Strana 51 je iza prvih 1\.000 rezultata/);
  // A kind under the cap says nothing of the kind.
  expect(await text("/pretraga?q=kamion&vrsta=kupoprodaja")).not.toContain("suzite pretragu");
});
