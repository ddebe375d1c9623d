import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { BASE_URL } from "./support/env";

/**
 * The newsroom (issue 20): the visual editor with a Google Docs paste and a library image with
 * its caption, a scheduled article absent from the public site until its time and then live by
 * itself, the draft of a closed tab offered back, a revision restored, each step in the audit
 * log; at 390 px the leave guard and the shareable preview; two editors on one article.
 */

test.describe.configure({ mode: "serial" });

const GOOGLE_DOCS = fs.readFileSync(
  path.join(import.meta.dirname, "../../app/components/articles/editor/fixtures/google-docs.html"),
  "utf8",
);

const editor = (page: Page) => page.getByRole("textbox", { name: "Sadržaj *" });

/** Pastes HTML into the editor as the browser does when an application put it on the clipboard. */
async function pasteHtml(page: Page, html: string) {
  await editor(page).click();
  await editor(page).evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/html", data);
    transfer.setData("text/plain", "");
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, html);
}

/** "YYYY-MM-DDTHH:mm:ss" in New York, `ms` from now (what the form's date field takes). */
function newYorkLocal(ms: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(Date.now() + ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}:${get("second")}`;
}

/** Where a visitor could find an article: the pages, the feed and the sitemap. */
async function publicPlaces(request: APIRequestContext, title: string, id: number) {
  const text = async (url: string) => (await request.get(url)).text();
  const sitemapIndex = await text("/sitemap.xml");
  const files = [...sitemapIndex.matchAll(/<loc>[^<]*(\/sitemap\/[^<]+)<\/loc>/g)].map((m) => m[1]);
  const sitemaps = await Promise.all(files.map(text));
  return {
    home: (await text("/")).includes(title),
    vesti: (await text("/vesti")).includes(title),
    rss: (await text("/rss.xml")).includes(title),
    sitemap: sitemapIndex.includes(`-${id}<`) || sitemaps.some((s) => s.includes(`-${id}</loc>`)),
  };
}

async function newSignedInPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "America/New_York",
  });
  const page = await context.newPage();
  await signIn(page);
  return page;
}

test("a Google Docs paste, a captioned library image, scheduled, recovered after a closed tab, live by itself, a revision restored, all in the audit log", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const title = `Zakazana vest ${Date.now()}`;
  await page.goto("/admin/articles/new");
  await expect(editor(page)).toBeVisible();
  await page.getByLabel("Naslov *", { exact: true }).fill(title);
  await page.getByLabel("Kratak opis *", { exact: true }).fill("Nova pravila o radnim satima.");
  await pasteHtml(page, GOOGLE_DOCS);
  await expect(editor(page).getByRole("heading", { name: "Nova pravila o satima vožnje" })).toBeVisible();
  await expect(editor(page).getByRole("listitem")).toHaveCount(4);
  await expect(editor(page).getByRole("link", { name: "agencija FMCSA" })).toHaveAttribute(
    "href",
    "https://www.fmcsa.dot.gov/regulations/hours-of-service",
  );
  await expect(page.locator('input[name="content"]')).not.toHaveValue(/style=|docs-internal|<span/);

  // An image from the library with its words: given once in the library, used on insert.
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await page
    .getByRole("toolbar", { name: "Alati za sadržaj" })
    .getByRole("button", { name: "Izaberi iz biblioteke" })
    .click();
  const picker = page.getByTestId("image-picker-modal");
  const png = await sharp({ create: { width: 400, height: 240, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();
  await picker
    .getByTestId("image-picker-upload")
    .setInputFiles({ name: `odmoriste-${Date.now()}.png`, mimeType: "image/png", buffer: png });
  await picker.getByRole("button", { name: "Prikaži" }).first().click();
  const lightbox = page.getByTestId("media-lightbox");
  await lightbox.getByLabel("Opis slike (alt tekst)").fill("Kamioni na odmorištu");
  await lightbox.getByLabel("Potpis").fill("Foto: redakcija");
  await lightbox.getByRole("button", { name: "Sačuvaj opis i potpis" }).click();
  await expect(lightbox.getByText("Opis i potpis su sačuvani.")).toBeVisible();
  await lightbox.getByRole("button", { name: "Izaberi" }).click();
  await expect(editor(page).getByRole("img", { name: "Kamioni na odmorištu" })).toBeVisible();
  await expect(editor(page).locator("figcaption")).toHaveText("Foto: redakcija");

  await page.getByLabel("Glavna slika *", { exact: true }).fill("/demo/truck-4.svg");
  await page.getByLabel("Datum objave *").fill(newYorkLocal(50_000));
  await page.getByRole("button", { name: "Sačuvaj / Zakaži objavu" }).click();
  await expect(page.getByText("Članak je kreiran i zakazan za objavu.")).toBeVisible();
  await page.goto(`/admin/articles?status=zakazano&q=${encodeURIComponent(title)}`);
  const row = page.locator("table tbody tr").filter({ hasText: title });
  await expect(row).toContainText("Zakazano");
  const id = Number(((await row.getAttribute("data-testid")) ?? "").replace("article-row-", ""));
  expect(id).toBeGreaterThan(0);

  // Mid-edit, the tab closes; the draft is offered back on the next visit.
  await page.goto(`/admin/articles/edit/${id}`);
  // The form is live once the editor has started (the page is a React app).
  await expect(editor(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  const changed = `${title} (dopuna)`;
  await page.getByLabel("Naslov *", { exact: true }).fill(changed);
  await expect(page.getByTestId("autosave-status")).toContainText("automatski sačuvan", { timeout: 15_000 });
  await page.close({ runBeforeUnload: false });
  const again = await newSignedInPage(browser);
  await again.goto(`/admin/articles/edit/${id}`);
  await expect(editor(again)).toBeVisible();
  await expect(again.getByTestId("draft-offer")).toBeVisible();
  await expect(again.getByLabel("Naslov *", { exact: true })).toHaveValue(title);
  await again.getByRole("button", { name: "Vrati nacrt" }).click();
  await expect(again.getByLabel("Naslov *", { exact: true })).toHaveValue(changed);
  // Rescheduled a minute from now: on a slow machine the first time may have passed meanwhile.
  await again.getByLabel("Datum objave *").fill(newYorkLocal(60_000));
  await again.getByRole("button", { name: "Sačuvaj / Zakaži objavu" }).click();
  await expect(again.getByText("Članak je sačuvan i zakazan za objavu.")).toBeVisible();

  // Not on the site before its time: home, Vesti, RSS, sitemap.
  expect(await publicPlaces(request, changed, id)).toEqual({
    home: false,
    vesti: false,
    rss: false,
    sitemap: false,
  });
  expect((await request.get(`/article/${id}`)).status()).toBe(404);
  // Then live by itself (nobody touches anything).
  await expect
    .poll(async () => (await publicPlaces(request, changed, id)).vesti, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe(true);
  expect(await publicPlaces(request, changed, id)).toEqual({
    home: true,
    vesti: true,
    rss: true,
    sitemap: true,
  });

  // The previous revision comes back from the panel.
  await again.goto(`/admin/articles/edit/${id}`);
  const revisions = again.getByTestId("revisions");
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await revisions.getByRole("button", { name: "Razlike" }).first().click();
  await expect(revisions.locator("ins").first()).toContainText("dopuna");
  await revisions.getByRole("button", { name: "Vrati", exact: true }).click();
  await again.getByRole("alertdialog").getByRole("button", { name: "Vrati reviziju" }).click();
  await expect(again.getByText("Revizija je vraćena kao nova verzija članka.")).toBeVisible();
  await expect(again.getByLabel("Naslov *", { exact: true })).toHaveValue(title);

  // Each step in the audit log.
  await again.goto(`/admin/audit?oblast=articles`);
  const audit = again.locator("table tbody");
  for (const action of ["Kreiranje", "Zakazivanje", "Zakazana objava", "Vraćanje revizije"]) {
    await expect(
      audit
        .locator("tr", { hasText: action })
        .filter({ hasText: `#${id}` })
        .first(),
    ).toBeVisible();
  }
  await again.goto(`/admin/audit?oblast=media`);
  await expect(again.locator("table tbody tr", { hasText: "Otpremanje" }).first()).toBeVisible();
  await expect(again.locator("table tbody tr", { hasText: "Izmena" }).first()).toBeVisible();
  await again.goto(`/admin/audit?oblast=auth&akcija=sign-in`);
  await expect(again.locator("table tbody tr").first()).toContainText("Prijava");
  await again.context().close();
});

test("at 390 px: leaving with changes asks first (sidebar, back button, tab close); a shareable preview shows the draft", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/admin/articles?status=draft");
  // Opened from the list inside the app, so the back button is an in-app navigation.
  const edit = page.getByRole("link", { name: "Izmeni" }).first();
  const id = Number(/\/edit\/(\d+)/.exec((await edit.getAttribute("href")) ?? "")?.[1]);
  await edit.click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/edit/${id}`));
  await expect(editor(page)).toBeVisible();
  await page.getByLabel("Kratak opis *", { exact: true }).fill("Izmena koja nije sačuvana.");
  // Sidebar link (the phone menu).
  await page.getByRole("button", { name: "Otvori meni" }).click();
  await page.getByRole("link", { name: "Kontrolna tabla" }).click();
  const guard = page.getByRole("alertdialog", { name: "Nesačuvane izmene" });
  await expect(guard).toBeVisible();
  await guard.getByRole("button", { name: "Ostani" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/articles/edit/${id}`));
  // Back button.
  await page.goBack();
  await expect(guard).toBeVisible();
  await guard.getByRole("button", { name: "Ostani" }).click();
  await expect(page.getByLabel("Kratak opis *", { exact: true })).toHaveValue("Izmena koja nije sačuvana.");
  // Closing the tab: the browser's own question (dismissed: the page stays).
  const asked = new Promise<string>((resolve) =>
    page.once("dialog", async (dialog) => {
      resolve(dialog.type());
      await dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  expect(page.isClosed()).toBe(false);

  // The shareable preview, opened by someone who is not signed in.
  await page.getByRole("button", { name: "Pregled za deljenje" }).click();
  const url = await page.getByTestId("preview-link").getByRole("textbox").inputValue();
  expect(url).toMatch(new RegExp(`^${BASE_URL}/pregled/${id}/\\d+/[\\w-]+$`));
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const view = await visitor.newPage();
  const response = await view.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("no-store");
  expect(response?.headers()["x-robots-tag"]).toContain("noindex");
  await expect(view.getByTestId("preview-ribbon")).toContainText("nije objavljeno");
  await expect(view.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect((await view.goto(url.replace(/\/[\w-]+$/, "/pogresan-potpis")))?.status()).toBe(404);
  await visitor.close();
});

test("two editors on one article: the second sees who and since when; a save over a newer version asks", async ({
  browser,
}) => {
  const first = await newSignedInPage(browser);
  const email = `drugi-${Date.now()}@redakcija.test`;
  const created = await first.request.post("/admin/users?index", {
    form: {
      intent: "create",
      email,
      password: "druga-lozinka-1",
      firstName: "Drugi",
      lastName: "Urednik",
      role: "editor",
    },
    headers: { Origin: BASE_URL },
  });
  expect(created.ok()).toBe(true);
  await first.goto("/admin/articles?status=published");
  const row = first.locator("[data-testid^=article-row-]").nth(3);
  const id = Number(((await row.getAttribute("data-testid")) ?? "").replace("article-row-", ""));
  await first.goto(`/admin/articles/edit/${id}`);
  await expect(editor(first)).toBeVisible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const second = await context.newPage();
  await signIn(second, email, "druga-lozinka-1");
  await second.goto(`/admin/articles/edit/${id}`);
  await expect(second.getByTestId("presence")).toContainText(/trenutno uređuje i:.*\(od \d/);

  await first.getByLabel("Kratak opis *", { exact: true }).fill("Prva izmena.");
  await first.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(first.getByText("Članak je sačuvan i objavljen.")).toBeVisible();

  await second.getByLabel("Kratak opis *", { exact: true }).fill("Druga izmena.");
  await second.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  const conflict = second.getByTestId("conflict");
  await expect(conflict).toContainText("članak je u međuvremenu sačuvao");
  await expect(second).toHaveURL(new RegExp(`/admin/articles/edit/${id}$`));
  await conflict.getByRole("button", { name: "Sačuvaj moju kao novu reviziju" }).click();
  await expect(second.getByText("Članak je sačuvan i objavljen.")).toBeVisible();
  await second.goto(`/admin/articles/edit/${id}`);
  await expect(second.getByLabel("Kratak opis *", { exact: true })).toHaveValue("Druga izmena.");
  await expect(second.getByTestId("revisions")).toContainText("Sačuvano preko novije verzije");
  await context.close();
  await first.context().close();
});
