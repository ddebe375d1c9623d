import fs from "node:fs";
import { createRequire } from "node:module";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { sitemapPicker } from "./support/sitemap";

/**
 * Both scripts, the phone header and the banners (issue 21; decisions 210–212): every public page
 * answers in Latin and under /cir with the right lang, canonical and hreflang; a visitor at 390 px
 * opens the menu, reaches every section, switches to Cyrillic, reads an article, a job and the forum
 * with every address, phone and brand name intact, and comments in Cyrillic; the home page shows no
 * creative twice at 390 and 1280 px and a phone never gets two banners in a row; axe finds nothing
 * on the Cyrillic pages.
 */
test.describe.configure({ mode: "serial" });

const CYRILLIC = /[\u0400-\u04ff]/;
const STAMP = Date.now().toString(36);

/** Public pages: the fixed ones and one of each kind with an id, read from the sitemap. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const pick = await sitemapPicker(request);
  return [
    "/",
    "/vesti",
    "/oglasi",
    "/kompanije",
    "/kompanije/nova",
    "/poslovi",
    "/poslovi/novi",
    "/kupoprodaja",
    "/kupoprodaja/novi",
    "/forum",
    "/forum/nova",
    "/newsletter",
    pick(/^\/article\//),
    pick(/^\/kompanije\/\d+$/),
    pick(/^\/poslovi\/.+-\d+$/),
    pick(/^\/kupoprodaja\/.+-\d+$/),
    pick(/^\/forum\/\d+$/),
  ];
}

function headOf(html: string) {
  const link = (rel: string, lang?: string) => {
    for (const m of html.matchAll(/<link\b[^>]*>/g)) {
      const tag = m[0];
      if (!tag.includes(`rel="${rel}"`)) continue;
      if (lang && !new RegExp(`hreflang="${lang}"`, "i").test(tag)) continue;
      if (!lang && /hreflang=/i.test(tag)) continue;
      return /href="([^"]*)"/.exec(tag)?.[1] ?? null;
    }
    return null;
  };
  return {
    lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
    canonical: link("canonical"),
    latin: link("alternate", "sr-Latn"),
    cyrillic: link("alternate", "sr-Cyrl"),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "",
  };
}

test("every public page answers in both scripts with its lang, canonical and hreflang", async ({
  request,
  baseURL,
}) => {
  const paths = await publicPaths(request);
  // Latin first: a Cyrillic page sets the reader's cookie, after which Latin addresses redirect.
  const latinPages = new Map<string, string>();
  for (const path of paths) {
    const latinResponse = await request.get(path, { maxRedirects: 0 });
    expect(latinResponse.status(), path).toBe(200);
    latinPages.set(path, await latinResponse.text());
  }
  for (const path of paths) {
    const cyrillicPath = path === "/" ? "/cir" : `/cir${path}`;
    const cyrillicResponse = await request.get(cyrillicPath, { maxRedirects: 0 });
    expect(cyrillicResponse.status(), cyrillicPath).toBe(200);
    const latin = headOf(latinPages.get(path) ?? "");
    const cyrillic = headOf(await cyrillicResponse.text());
    expect(latin.lang, path).toBe("sr-Latn");
    expect(cyrillic.lang, cyrillicPath).toBe("sr-Cyrl");
    expect(CYRILLIC.test(cyrillic.title), `${cyrillicPath}: ${cyrillic.title}`).toBe(true);
    // The forms (noindex) have no canonical; every other page points at itself in its script and
    // at both scripts as alternates, the same on both twins.
    if (latin.canonical === null) {
      expect(cyrillic.canonical, cyrillicPath).toBeNull();
      continue;
    }
    const canonicalPath = new URL(latin.canonical).pathname;
    expect(latin.latin, path).toBe(latin.canonical);
    expect(cyrillic.canonical, cyrillicPath).toBe(
      `${baseURL}${canonicalPath === "/" ? "/cir" : `/cir${canonicalPath}`}`,
    );
    expect(latin.cyrillic, path).toBe(cyrillic.canonical);
    expect(cyrillic.latin, cyrillicPath).toBe(latin.canonical);
    expect(cyrillic.cyrillic, cyrillicPath).toBe(cyrillic.canonical);
  }

  // Not a page: no Cyrillic twin.
  expect((await request.get("/cir/admin", { maxRedirects: 0 })).status()).toBe(404);
  const missing = await request.get("/cir/ova-stranica-ne-postoji");
  expect(missing.status()).toBe(404);
  expect(headOf(await missing.text()).lang).toBe("sr-Cyrl");

  // Both scripts in the sitemap, each entry naming both; an RSS feed per script.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/vesti</loc>`);
  expect(sitemap).toContain(`<loc>${baseURL}/cir/vesti</loc>`);
  expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="sr-Cyrl" href="${baseURL}/cir/vesti"/>`);
  // The reader who chose Cyrillic is sent to the twin of a Latin page.
  const redirected = await request.get("/vesti", { maxRedirects: 0 });
  expect(redirected.status()).toBe(302);
  expect(redirected.headers().location).toBe("/cir/vesti");
  const feed = await (await request.get("/cir/rss.xml")).text();
  expect(feed).toContain("<language>sr-Cyrl</language>");
  expect(feed).toMatch(new RegExp(`<link>${baseURL}/cir/article/[^<]+</link>`));
  expect(feed).toMatch(/<title>[^<]*[\u0400-\u04ff]/);
  expect(await (await request.get("/rss.xml")).text()).toContain("<language>sr-Latn</language>");
});

/** The visible banners of the page at its current width: their creatives and where they are. */
async function visibleBanners(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>("a[data-banner-id]")]
      .filter((a) => {
        const box = a.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      })
      .map((a) => {
        const box = a.getBoundingClientRect();
        const img = a.querySelector("img");
        return {
          creative: img ? (img.getAttribute("src") ?? "") : (a.textContent ?? "").trim(),
          top: box.top + window.scrollY,
          bottom: box.bottom + window.scrollY,
        };
      })
      .sort((x, y) => x.top - y.top),
  );
}

for (const width of [390, 1280]) {
  test(`no creative twice on a page at ${width} px; a phone gets one banner a screen at most`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const page = await context.newPage();
    for (const path of ["/", "/vesti", "/oglasi", "/cir"]) {
      await page.goto(path);
      const banners = await visibleBanners(page);
      expect(banners.length, path).toBeGreaterThan(0);
      const creatives = banners.map((b) => b.creative);
      expect(new Set(creatives).size, `${path}: ${creatives.join(", ")}`).toBe(creatives.length);
      if (width < 640) {
        // Between two banners at least a screen of news: never two in a row, one a screen.
        for (let i = 1; i < banners.length; i++) {
          expect(banners[i].top - banners[i - 1].bottom, `${path}: banner ${i}`).toBeGreaterThanOrEqual(844);
        }
      }
    }
    if (width === 1280) {
      // Every home position with live banners shows on a wide screen: more banners than on a phone.
      await page.goto("/");
      expect((await visibleBanners(page)).length).toBeGreaterThan(15);
    }
    await context.close();
  });
}

async function phoneVisitor(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
    locale: "sr-Latn-RS",
    timezoneId: "America/New_York",
  });
  return { context, page: await context.newPage() };
}

/** E-mail and web addresses, phone numbers and the foreign names a page shows (visible text). */
function untouchables(text: string): string[] {
  const found = new Set<string>();
  for (const re of [
    /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
    /https?:\/\/[^\s"'<>]+/g,
    /\(\d{3}\) \d{3}-\d{4}/g,
    /\b(?:Freightliner|Cascadia|Peterbilt|Kenworth|Volvo|CDL(?:-A)?|OTR|DOT|I-\d+|owner-operator\w*)\b/g,
  ]) {
    for (const m of text.matchAll(re)) found.add(m[0]);
  }
  return [...found];
}

/** The Cyrillic page keeps every address, number and name its Latin twin shows. */
async function expectIntact(page: Page, request: APIRequestContext) {
  const url = new URL(page.url());
  expect(url.pathname.startsWith("/cir")).toBe(true);
  const latinText = await (await request.get(url.pathname.replace(/^\/cir/, "") || "/")).text();
  const latinVisible = latinText
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<wbr\/?>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&");
  const cyrillicVisible = await page.locator("main").innerText();
  const wanted = untouchables(latinVisible);
  for (const item of wanted) expect(cyrillicVisible, item).toContain(item);
  return wanted;
}

test("at 390 px: the menu reaches every section without JavaScript, and marks the current one", async ({
  browser,
}) => {
  const { context, page } = await phoneVisitor(browser, false);
  await page.goto("/");
  const menu = page.locator("details").filter({ has: page.locator("summary", { hasText: "Meni" }) });
  const sections = [
    ["Početna", "/"],
    ["Vesti", "/vesti"],
    ["Oglasi", "/oglasi"],
    ["Kompanije", "/kompanije"],
    ["Poslovi", "/poslovi"],
    ["Kupoprodaja", "/kupoprodaja"],
    ["Forum", "/forum"],
  ] as const;
  for (const [label, path] of sections) {
    await page.getByText("Meni", { exact: true }).click();
    const link = menu
      .getByRole("navigation", { name: "Sekcije sajta" })
      .getByRole("link", { name: label, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : `${path}$`}`));
    await page.getByText("Meni", { exact: true }).click();
    await expect(link).toHaveAttribute("aria-current", "page");
    await page.getByText("Meni", { exact: true }).click();
  }
  // An article marks its category; a job marks Poslovi. The search is one tap away.
  await page.goto("/vesti");
  await page.locator("main article a[href^='/article/']").first().click();
  await page.getByText("Meni", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Vesti", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await page.goto("/poslovi");
  await page.locator("main a[href^='/poslovi/']:not([href$='/novi'])").first().click();
  await page.getByText("Meni", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Poslovi", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expect(page.getByRole("banner").getByRole("link", { name: "Pretraga" })).toBeVisible();
  await context.close();
});

test("at 390 px a visitor switches to Cyrillic and reads, comments and switches back", async ({
  browser,
  request,
  page: admin,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await phoneVisitor(browser);
  await page.goto("/");
  await page.getByText("Meni", { exact: true }).click();
  await page.getByRole("banner").getByRole("link", { name: "Ћирилица" }).click();
  await expect(page).toHaveURL(/\/cir$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "sr-Cyrl");
  await expect(page.getByRole("heading", { name: "Најновије вести" })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === "pismo")?.value).toBe("cir");
  // The choice is remembered: a Latin address opens in Cyrillic.
  await page.goto("/vesti");
  await expect(page).toHaveURL(/\/cir\/vesti$/);

  // An article: Cyrillic text, Latin names and codes as they are, links staying Cyrillic.
  await page.locator("main article a[href^='/cir/article/']").first().click();
  await expect(page).toHaveURL(/\/cir\/article\//);
  expect(CYRILLIC.test(await page.locator("h1").innerText())).toBe(true);
  await expectIntact(page, request);
  const internal = await page
    .locator("main a[href^='/']")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(internal.length).toBeGreaterThan(0);
  for (const href of internal) expect(href, href).toMatch(/^\/(cir|b\/|media\/)/);

  // A job with a phone number and an e-mail: both intact, the company's words too.
  await page.goto("/cir/poslovi");
  const jobs = await page
    .locator("main a[href^='/cir/poslovi/']:not([href$='/novi'])")
    .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href") ?? ""))].slice(0, 8));
  let checked = false;
  for (const job of jobs) {
    await page.goto(job);
    if ((await page.locator("a[href^='tel:']").count()) === 0) continue;
    const items = await expectIntact(page, request);
    expect(items.some((i) => i.includes("@"))).toBe(true);
    expect(items.some((i) => /^\(\d{3}\)/.test(i))).toBe(true);
    checked = true;
    break;
  }
  expect(checked, "a job with a phone and an e-mail").toBe(true);

  // The forum: a comment written in Cyrillic.
  await page.goto("/cir/forum");
  await page.locator("main a[href^='/cir/forum/']:not([href$='/nova'])").first().click();
  const topicPath = new URL(page.url()).pathname;
  await expect(page.getByRole("button", { name: "Пошаљи коментар" })).toBeVisible();
  await page
    .getByRole("textbox", { name: "Коментар" })
    .fill(`Возим Freightliner Cascadia кроз Чикаго, пишите на vozac@primer.com ${STAMP}`);
  await page.getByLabel("Ваше име").fill("Ђорђе");
  await page.getByRole("button", { name: "Пошаљи коментар" }).click();
  await expect(page.getByText("Хвала! Ваш коментар је послат и биће објављен после одобрења.")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(topicPath);

  // Stored as typed (the admin sees Cyrillic); once approved, each script shows it in its own.
  await signIn(admin);
  const topicId = topicPath.split("/").pop();
  await admin.goto(`/admin/forum/comments?tema=${topicId}`);
  const row = admin.getByRole("row").filter({ hasText: STAMP });
  await expect(row).toContainText(
    `Возим Freightliner Cascadia кроз Чикаго, пишите на vozac@primer.com ${STAMP}`,
  );
  await expect(row).toContainText("Ђорђе");
  await row.getByRole("button", { name: "Odobri" }).click();
  await expect(admin.getByText("Komentar je odobren.")).toBeVisible();

  await page.reload();
  await expect(
    page.getByText(`Возим Freightliner Cascadia кроз Чикаго, пишите на vozac@primer.com ${STAMP}`),
  ).toBeVisible();
  await expect(page.getByText("Ђорђе", { exact: true })).toBeVisible();
  const latin = await (await request.get(topicPath.replace(/^\/cir/, ""))).text();
  expect(latin).toContain(`Vozim Freightliner Cascadia kroz Čikago, pišite na vozac@primer.com ${STAMP}`);
  expect(latin).toContain("Đorđe");

  // "Latinica" forgets the choice: the plain address stays Latin.
  await page.getByRole("contentinfo").getByRole("link", { name: "Latinica" }).click();
  await expect(page).toHaveURL(new RegExp(`${topicPath.replace(/^\/cir/, "")}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "sr-Latn");
  await page.goto("/vesti");
  await expect(page).toHaveURL(/\/vesti$/);
  await context.close();
});

test("long e-mail addresses wrap only at their seams; pagination stays on one line at 360 px", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  await page.goto("/kompanije?q=insurance+group");
  await page.locator("main a[href^='/kompanije/']:not([href$='/nova'])").first().click();
  const address = page.locator("main a[href^='mailto:'] span[translate='no']").first();
  await expect(address).toBeVisible();
  // Where the text goes onto a new line: the character before each break.
  const breaks = await address.evaluate((el) => {
    const text = el.textContent ?? "";
    const range = document.createRange();
    const tops: number[] = [];
    let offset = 0;
    for (const node of [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
      for (let i = 0; i < (node.textContent ?? "").length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        tops[offset + i] = range.getBoundingClientRect().top;
      }
      offset += (node.textContent ?? "").length;
    }
    const before: string[] = [];
    for (let i = 1; i < tops.length; i++) if (tops[i] > tops[i - 1] + 2) before.push(text[i - 1]);
    return before;
  });
  expect(breaks.length).toBeGreaterThan(0);
  // After @, a dot or a slash (the <wbr> points), or a hyphen inside a long name — never between
  // two letters ("zlatibortru|cking.com").
  for (const c of breaks) expect(["@", ".", "/", "-"]).toContain(c);

  await page.goto("/vesti?page=120");
  const nav = page.getByRole("navigation", { name: "Vesti — stranice" });
  const tops = await nav
    .locator("a, span[aria-disabled]")
    .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
  expect(tops.length).toBe(7);
  expect(new Set(tops).size).toBe(1);
  await expect(nav.getByRole("link", { name: "Sledeća" })).toBeVisible();
  await context.close();
});

test("axe finds no violations on the Cyrillic pages", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  const axeSource = fs.readFileSync(axePath, "utf8");
  const paths = (await publicPaths(request)).filter((p) => !p.endsWith("/nova") && !p.endsWith("/novi"));
  const { context, page } = await phoneVisitor(browser);
  for (const path of paths) {
    await page.goto(path === "/" ? "/cir" : `/cir${path}`);
    // Evaluated over the DevTools protocol: the page's CSP (no inline scripts) does not apply.
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run({ resultTypes: ["violations"] });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    });
    expect(violations, path).toEqual([]);
  }
  await context.close();
});
