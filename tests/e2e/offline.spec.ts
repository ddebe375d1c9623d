import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  chromium,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { ARTICLE_COUNT } from "../../app/demo/articles";
import { cacheNames, DAY_MS, META_HEADER, type PageRecord } from "../../app/public-client/offline/rules";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium.mjs";
import { signIn } from "./support/auth";
import { BASE_URL } from "./support/env";

/**
 * Reading without a signal (issue 29, docs/decisions/310–312): the service worker keeps the site's
 * shell, the 20 latest articles in the reader's script, the pages the reader opened and the ones
 * they saved; with the browser context offline (`context.setOffline(true)`) they open, any other
 * page is "Niste na mreži" listing them, and a form stays as typed. The 7 days pass without waiting:
 * the test moves the kept pages' records back in time through the Cache API, as the worker itself
 * would read them. The other specs block service workers (playwright.config.ts); these allow them.
 */
test.use({ serviceWorkers: "allow" });
// Each test fills a fresh browser's caches (the shell, 20 articles and their images) first.
test.describe.configure({ timeout: 180_000 });

const { pages: PAGES, images: IMAGES, state: STATE } = cacheNames("");

/** The addresses of the 20 latest articles, as the service worker gets them. */
async function latestPaths(request: APIRequestContext, script: "lat" | "cir" = "lat"): Promise<string[]> {
  const response = await request.get(script === "cir" ? "/cir/bez-mreze.json" : "/bez-mreze.json");
  const feed = (await response.json()) as { articles: { url: string }[] };
  return feed.articles.map((article) => article.url);
}

/** Published articles that are not among the latest (so only a visit or a save can keep them). */
async function olderArticles(request: APIRequestContext, latest: string[]): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const files = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  // The demo's own articles (ids up to ARTICLE_COUNT), whose pictures are the demo's 1200 px
  // uploads: other specs publish articles with back-dated dates and pictures of their own.
  const demo = (p: string) => Number(/-(\d+)$/.exec(p)?.[1]) <= ARTICLE_COUNT;
  const articles = files.filter((p) => /^\/article\/.+-\d+$/.test(p) && demo(p) && !latest.includes(p));
  if (articles.length < 3) throw new Error("the demo has too few older articles");
  return articles.slice(-3);
}

/** The paths the service worker keeps for reading (its pages cache). */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, PAGES);
}

async function whenControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });
}

/**
 * Time passes: every kept page's record is moved `days` back (opened, saved and fetched then), and
 * the latest list's last check too — what the worker finds when it next looks.
 */
async function ageKeptPages(page: Page, days: number) {
  await page.evaluate(
    async ({ pages, state, header, ms }) => {
      const cache = await caches.open(pages);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const raw = response?.headers.get(header);
        if (!response || !raw) continue;
        const record = JSON.parse(decodeURIComponent(raw)) as PageRecord;
        for (const key of ["visitedAt", "savedAt", "fetchedAt", "latestAt"] as const) {
          if (typeof record[key] === "number") record[key] = (record[key] as number) - ms;
        }
        const headers = new Headers(response.headers);
        headers.set(header, encodeURIComponent(JSON.stringify(record)));
        await cache.put(request, new Response(await response.arrayBuffer(), { headers }));
      }
      const states = await caches.open(state);
      const stored = (await states.keys())[0];
      if (stored) {
        const value = await (await states.match(stored))?.json();
        value.latestAt -= ms;
        await states.put(stored, new Response(JSON.stringify(value)));
      }
    },
    { pages: PAGES, state: STATE, header: META_HEADER, ms: days * DAY_MS },
  );
}

async function recordOf(page: Page, pathname: string): Promise<PageRecord | null> {
  return page.evaluate(
    async ({ pages, header, url }) => {
      const response = await (await caches.open(pages)).match(url);
      const raw = response?.headers.get(header);
      return raw ? (JSON.parse(decodeURIComponent(raw)) as PageRecord) : null;
    },
    { pages: PAGES, header: META_HEADER, url: `${BASE_URL}${pathname}` },
  );
}

async function expectOfflinePage(page: Page, heading = "Niste na mreži") {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

async function expectArticle(page: Page) {
  await expect(page.locator("article[data-view-id] h1")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Niste na mreži" })).toHaveCount(0);
}

test("offline after the home page and one article: both and the 20 latest open, any other page lists them", async ({
  page,
  context,
  request,
}) => {
  const latest = await latestPaths(request);
  expect(latest).toHaveLength(20);
  const [article] = await olderArticles(request, latest);

  await page.goto("/");
  await whenControlled(page);
  await page.goto(article);
  const title = (await page.locator("article h1").innerText()).trim();
  await expect
    .poll(() => keptPaths(page), { timeout: 60_000 })
    .toEqual(expect.arrayContaining(["/", article, ...latest]));

  // Only the worker's copies: the browser's HTTP cache (which keeps our pictures for a year) would
  // answer the worker's own network attempt with the big picture seen online.
  await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
  await context.setOffline(true);
  for (const path of ["/", article, ...latest]) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    if (path === "/") await expect(page.getByRole("heading", { name: "Najnovije vesti" })).toBeVisible();
    else await expectArticle(page);
  }
  // The article's picture offline: the small WebP variant, whatever width the page asked for.
  await page.goto(article);
  const picture = page.locator("article img").first();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shown = await picture.evaluate(async (img: HTMLImageElement) => {
    const blob = await (await fetch(img.currentSrc)).blob();
    return { asked: img.currentSrc, type: blob.type, width: (await createImageBitmap(blob)).width };
  });
  expect(shown.asked).not.toMatch(/\/400\.webp$/);
  // The 400 px variant (an original narrower than that is never enlarged: its variant is as wide).
  expect(shown.type).toBe("image/webp");
  expect(shown.width).toBeLessThanOrEqual(400);
  expect(shown.width).toBeGreaterThan(0);

  // A page never opened: "Niste na mreži", listing what can be read; its links work offline.
  await page.goto("/kompanije");
  await expectOfflinePage(page);
  await expect(page.getByRole("region", { name: "Najnovije vesti" }).getByRole("listitem")).toHaveCount(20);
  const recent = page.getByRole("region", { name: "Nedavno čitano" });
  await expect(recent.getByRole("link", { name: title })).toBeVisible();
  await recent.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${article}$`));
  await expectArticle(page);

  // Only small variants of our uploads are kept.
  const images = await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname).filter((p) => p.startsWith("/media/"));
  }, IMAGES);
  expect(images.length).toBeGreaterThan(5);
  for (const image of images) {
    // The 400 px variant, or as wide as an original narrower than that (never enlarged).
    const width = Number(/\/_v\/[^/]+\/(\d+)\.webp$/.exec(image)?.[1]);
    expect(width, image).toBeGreaterThan(0);
    expect(width, image).toBeLessThanOrEqual(400);
  }
});

test("a saved article stays after the 7 days' pruning; an article only opened goes; the list is refreshed", async ({
  page,
  context,
  request,
}) => {
  const latest = await latestPaths(request);
  const [saved, opened] = await olderArticles(request, latest);

  await page.goto(saved);
  await whenControlled(page);
  const save = page.getByRole("button", { name: "Sačuvaj za čitanje bez mreže" });
  await expect(save).toBeVisible();
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "Sačuvano" })).toHaveText(
    "Sačuvano: ovaj članak možete da čitate i bez mreže.",
  );
  // The saved state is the worker's, not the page's: it is there after a reload.
  await page.reload();
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await page.goto(opened);
  await expect
    .poll(() => keptPaths(page), { timeout: 60_000 })
    .toEqual(expect.arrayContaining([saved, opened]));
  const before = await recordOf(page, latest[0]);
  expect(before?.latestRank).toBe(0);

  // Eight days pass. The next page shown online runs the worker's schedule.
  await ageKeptPages(page, 8);
  await page.goto("/vesti");
  await expect.poll(() => keptPaths(page), { timeout: 30_000 }).not.toContain(opened);
  expect(await keptPaths(page)).toEqual(expect.arrayContaining([saved, ...latest]));
  // The latest articles were fetched again (their copies were 8 days old): refreshed when online.
  await expect
    .poll(async () => (await recordOf(page, latest[0]))?.fetchedAt ?? 0, { timeout: 30_000 })
    .toBeGreaterThan((before?.fetchedAt ?? 0) - 60_000);

  // What the browser's own HTTP cache still holds (pages are public for 5 + 5 s) would answer
  // before the worker's prune matters: emptied, so only the worker's copies remain.
  await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
  await context.setOffline(true);
  await page.goto(saved);
  await expectArticle(page);
  await expect(save).toHaveAttribute("aria-pressed", "true");
  await page.goto(opened);
  await expectOfflinePage(page);
  await expect(
    page.getByRole("region", { name: "Sačuvano za čitanje bez mreže" }).getByRole("listitem"),
  ).toHaveCount(1);

  // Removed from the saved ones, it is an article like any other again.
  await context.setOffline(false);
  await page.goto(saved);
  await save.click();
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("status").filter({ hasText: "uklonjen" })).toHaveText(
    "Članak je uklonjen iz sačuvanih.",
  );
  expect((await recordOf(page, saved))?.savedAt).toBeUndefined();
});

test("in Cyrillic: the latest articles are kept in Cyrillic, the offline page and the save button speak it", async ({
  page,
  context,
  request,
}) => {
  const latest = await latestPaths(request, "cir");
  expect(latest[0]).toMatch(/^\/cir\/article\//);
  const [older] = await olderArticles(request, await latestPaths(request));
  const article = `/cir${older}`;

  await page.goto("/cir");
  await whenControlled(page);
  await page.goto(article);
  const save = page.getByRole("button", { name: "Сачувај за читање без мреже" });
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Сачувано" })).toHaveText(
    "Сачувано: овај чланак можете да читате и без мреже.",
  );
  await expect.poll(() => keptPaths(page), { timeout: 60_000 }).toEqual(expect.arrayContaining(latest));

  await context.setOffline(true);
  await page.goto(latest[5]);
  await expectArticle(page);
  await page.goto("/cir/kompanije");
  await expectOfflinePage(page, "Нисте на мрежи");
  await expect(page.getByRole("region", { name: "Најновије вести" }).getByRole("listitem")).toHaveCount(20);
  await expect(
    page.getByRole("region", { name: "Сачувано за читање без мреже" }).getByRole("link"),
  ).toHaveAttribute("href", article);
  // A Latin address the reader of Cyrillic opens offline: its Cyrillic copy (where the server sends them).
  await page.goto(older);
  await expectArticle(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "sr-Cyrl");
});

test("a form sent offline is not lost: it stays as typed and says it needs a connection", async ({
  browser,
}) => {
  // A visitor of their own (the forum's limiter counts addresses).
  const context = await browser.newContext({
    serviceWorkers: "allow",
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.129" },
  });
  const page = await context.newPage();
  const stamp = Date.now().toString(36);
  await page.goto("/forum/nova");
  await whenControlled(page);
  await page.getByLabel("Naslov teme").fill(`Gde je dizel najjeftiniji ${stamp}`);
  await page.getByLabel("Tekst").fill("Pitam za rutu I-80 kroz Nebrasku.");
  await page.getByLabel("Vaše ime").fill("Jovan");

  await context.setOffline(true);
  await page.getByRole("button", { name: "Pošalji temu" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Niste na mreži" });
  await expect(notice).toHaveText(
    "Niste na mreži: obrazac nije poslat. Za slanje je potrebna veza sa internetom — ono što ste upisali ostaje ovde, pošaljite kada se veza vrati.",
  );
  await expect(page).toHaveURL(/\/forum\/nova$/);
  await expect(page.getByLabel("Naslov teme")).toHaveValue(`Gde je dizel najjeftiniji ${stamp}`);
  await expect(page.getByLabel("Tekst")).toHaveValue("Pitam za rutu I-80 kroz Nebrasku.");

  // The phone says it is online, but the post gets nowhere (a dead zone): the same, from the worker.
  await context.setOffline(false);
  await expect(page.getByRole("alert").filter({ hasText: "Veza je ponovo tu" })).toBeVisible();
  await context.route("**/forum/nova", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await page.getByRole("button", { name: "Pošalji temu" }).click();
  await expect(notice).toBeVisible();
  await expect(page.getByLabel("Tekst")).toHaveValue("Pitam za rutu I-80 kroz Nebrasku.");

  // With the connection back, the same form goes through the worker to the server.
  await context.unrouteAll();
  await page.getByRole("button", { name: "Pošalji temu" }).click();
  await expect(
    page.getByText("Hvala! Vaša tema je poslata i biće objavljena posle odobrenja."),
  ).toBeVisible();
  // The POST's answer passed through the worker and was not kept anywhere.
  const kept = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) all.push(new URL(request.url).pathname);
    }
    return all;
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((p) => p.startsWith("/forum"))).toEqual([]);
  await context.close();
});

test("never kept, never touched: addresses with a token, private pages, the back office", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await whenControlled(page);
  const secrets = [
    "/newsletter/odjava?token=abc.def",
    "/cir/newsletter/odjava?token=abc.def",
    "/vesti?token=x",
  ];
  for (const path of secrets) await page.goto(path);
  // The forum varies per visitor (their votes: `Cache-Control: private`) and sets a cookie.
  const forum = await page.goto("/forum");
  expect(forum?.headers()["cache-control"]).toMatch(/private/);
  await page.goto("/vesti");
  await expect.poll(() => keptPaths(page)).toContain("/vesti");
  expect(await keptPaths(page)).not.toContain("/forum");
  const kept = await page.evaluate(async () => {
    const all: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) all.push(request.url);
    }
    return all;
  });
  for (const url of kept) {
    expect(url).not.toMatch(/token=|\/newsletter\/|\/admin/);
  }

  // The back office: its page and everything it loads come from the server, not the worker.
  // A tab of its own, so that nothing the public tab was still loading is counted.
  await page.close();
  const office = await context.newPage();
  const fromWorker: string[] = [];
  office.on("response", (response) => {
    if (response.fromServiceWorker()) fromWorker.push(response.url());
  });
  await signIn(office);
  const response = await office.goto("/admin/articles");
  expect(response?.status()).toBe(200);
  expect(response?.fromServiceWorker()).toBe(false);
  expect(fromWorker).toEqual([]);
  expect(await keptPaths(office)).not.toContain("/admin/articles");
});

test("a new deployment: the old shell cache goes, kept pages are fetched again, saved ones stay", async ({
  page,
  request,
}) => {
  const [saved] = await olderArticles(request, await latestPaths(request));
  // The state an older deployment's worker left: its shell, and a saved copy of an article.
  await page.goto("/robots.txt");
  await page.evaluate(
    async ({ pages, state, header, url }) => {
      await (await caches.open("bv-shell-0ld")).put("/bez-mreze", new Response("stari"));
      await (await caches.open(state)).put(
        "/__bv-offline/state",
        new Response(
          JSON.stringify({ version: "0ld", script: "lat", latestAt: Date.now(), latestScript: "lat" }),
        ),
      );
      const now = Date.now();
      const record = {
        title: "stara kopija",
        script: "lat",
        fetchedAt: now,
        savedAt: now,
        bytes: 50,
        images: [],
      };
      await (await caches.open(pages)).put(
        url,
        new Response("<html><body><h1>stara kopija</h1></body></html>", {
          headers: {
            "content-type": "text/html; charset=utf-8",
            [header]: encodeURIComponent(JSON.stringify(record)),
          },
        }),
      );
    },
    { pages: PAGES, state: STATE, header: META_HEADER, url: `${BASE_URL}${saved}` },
  );

  await page.goto("/");
  await whenControlled(page);
  const shells = () =>
    page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("bv-shell-")));
  await expect.poll(shells).toHaveLength(1);
  expect((await shells())[0]).not.toBe("bv-shell-0ld");
  const sw = await (await request.get("/sw.js")).text();
  expect(sw).toContain((await shells())[0].replace("bv-shell-", ""));
  // Every kept page is fetched again once after an update, though its copy was new.
  await expect
    .poll(async () => (await recordOf(page, saved))?.title, { timeout: 30_000 })
    .not.toBe("stara kopija");
  expect((await recordOf(page, saved))?.savedAt).toBeGreaterThan(0);
});

test("served right: /sw.js, the manifest in both scripts (page cache too), linked from public pages", async ({
  page,
  request,
}) => {
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  expect(sw.headers()["service-worker-allowed"]).toBeUndefined();

  for (const [path, start, name] of [
    ["/manifest.webmanifest", "/", "Balkan Vozači"],
    ["/cir/manifest.webmanifest", "/cir", "Балкан Возачи"],
  ] as const) {
    const first = await request.get(path);
    const second = await request.get(path);
    for (const response of [first, second]) {
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/manifest+json; charset=utf-8");
      expect(await response.json()).toMatchObject({ name, start_url: start, display: "standalone" });
    }
    expect(second.headers()["x-cache"]).toBe("HIT");
  }
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await page.goto("/cir/vesti");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/cir/manifest.webmanifest");
});

test("Chromium finds the site installable (DevTools' Application → Manifest: no errors), in both scripts", async () => {
  // An ordinary profile: Chromium never offers to install from an incognito one, as test contexts are.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-install-"));
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: BASE_URL,
      headless: true,
    });
    const page = await context.newPage();
    for (const home of ["/", "/cir"]) {
      await page.goto(home);
      await whenControlled(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors, home).toEqual([]);
      const manifest = await cdp.send("Page.getAppManifest");
      expect(manifest.errors, home).toEqual([]);
      await cdp.detach();
    }
  } finally {
    await context?.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
