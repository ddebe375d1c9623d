import { expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { BASE_URL } from "./support/env";

// A normal desktop Chrome: headless Chromium's own user agent says "HeadlessChrome", which the
// click endpoint rightly treats as a bot and does not count.
const CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
test.use({ userAgent: CHROME_UA });
test.describe.configure({ mode: "serial" });

async function heroBannerId(page: Page): Promise<number> {
  await page.goto("/admin/banners");
  const card = page
    .locator('[data-testid^="banner-card-"]')
    .filter({ hasText: /^.*Hero 1(?!\d)/ })
    .first();
  await expect(card).toBeVisible();
  const testId = await card.getAttribute("data-testid");
  return Number(testId?.replace("banner-card-", ""));
}

/** The active campaign row of a banner in the analytics table (desktop layout). */
function activeRow(page: Page, title: string) {
  return page
    .locator('tr[data-testid^="active-campaign-row-"]')
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

test("changing a hero banner's image starts a new campaign that counts the next click", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const id = await heroBannerId(page);

  // The running campaign before the change, with its clicks.
  await page.goto("/admin/analytics");
  const before = activeRow(page, "Hero 1");
  await expect(before).toHaveCount(1);
  const oldPeriodId = Number((await before.getAttribute("data-testid"))?.replace("active-campaign-row-", ""));
  const oldClicks = Number(await before.getByTestId("campaign-clicks").innerText());
  expect(oldClicks).toBeGreaterThan(0);

  // The admin changes the image (and the client) in "Uredi Baner".
  await page.goto(`/admin/banners/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Uredi Baner" })).toBeVisible();
  const image = page.locator('input[name="imageUrl"]');
  const current = await image.inputValue();
  await image.fill(current.includes("hero-2") ? "/demo/banner-hero-1.svg" : "/demo/banner-hero-2.svg");
  await page.getByLabel("Kompanija (klijent)").fill("Novi E2E klijent");
  await page.getByLabel("Link (URL)").check();
  await page.getByLabel("Link", { exact: true }).fill(`${BASE_URL}/?klijent=e2e`);
  await page.getByRole("button", { name: "Sačuvaj" }).click();
  await expect(page.getByRole("status")).toContainText("započeta je nova kampanja");

  // A visitor clicks the hero banner on the public page (or opens its click link).
  await page.context().clearCookies();
  await page.goto("/");
  const onPage = page.locator(`a[href="/b/${id}"]`).first();
  if ((await onPage.count()) > 0) {
    await onPage.click();
  } else {
    await page.goto(`/b/${id}`);
  }
  await expect(page).toHaveURL(`${BASE_URL}/?klijent=e2e`);

  // Analytics: the old campaign is historical with its clicks; the new one has the new click.
  await signIn(page);
  await page.goto("/admin/analytics");
  const after = activeRow(page, "Hero 1");
  await expect(after).toHaveCount(1);
  const newPeriodId = Number((await after.getAttribute("data-testid"))?.replace("active-campaign-row-", ""));
  expect(newPeriodId).not.toBe(oldPeriodId);
  await expect(after.getByTestId("campaign-clicks")).toHaveText("1");
  await expect(after).toContainText("Novi E2E klijent");
  const historical = page.getByTestId("historical-campaigns");
  await historical.locator("summary").click();
  const oldRow = page.getByTestId(`historical-campaign-row-${oldPeriodId}`);
  await expect(oldRow).toBeVisible();
  await expect(oldRow.locator("td").last()).toHaveText(String(oldClicks));

  // The campaign page has the chart and a report link that works without signing in.
  await after.getByRole("link", { name: "Hero 1" }).click();
  await expect(page.getByRole("img", { name: /Klikovi po danu/ })).toBeVisible();
  const reportUrl = await page.getByTestId("report-url").inputValue();
  await page.context().clearCookies();
  await page.goto(reportUrl);
  await expect(page.getByRole("heading", { name: "Novi E2E klijent" })).toBeVisible();
  const tampered = reportUrl.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  expect((await page.request.get(tampered)).status()).toBe(404);
});

test("the click endpoint never redirects anywhere but the stored link", async ({ page }) => {
  await signIn(page);
  const id = await heroBannerId(page);
  for (const query of ["?to=https://evil.example", "?url=https://evil.example&redirect=//evil.example"]) {
    const response = await page.request.get(`/b/${id}${query}`, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`${BASE_URL}/?klijent=e2e`);
    expect(response.headers()["cache-control"]).toContain("no-store");
  }
  expect((await page.request.get("/b/99999999", { maxRedirects: 0 })).status()).toBe(404);
});

test("the banners screen shows sections, counts and the refresh button", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/banners");
  for (const section of ["Početna", "Vesti", "Oglasi"]) {
    await expect(page.getByRole("heading", { name: new RegExp(`^${section}`) })).toBeVisible();
  }
  await page.getByRole("button", { name: "Osveži banere" }).click();
  await expect(page.getByRole("status")).toHaveText("Baneri su osveženi.");
  await page.goto("/admin/banners/new");
  await page.getByRole("button", { name: "Sačuvaj" }).click();
  await expect(page.getByText("Novi baneri se kreiraju automatski za svaku poziciju.").first()).toBeVisible();
});

test("a deleted banner's slot gets a new, switched-off banner at once", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto("/admin/banners");
  await page.waitForLoadState("networkidle");
  const cards = page.locator('[data-testid^="banner-card-"]');
  const total = await cards.count();
  const slot = cards.filter({ hasText: "Oglasi dno – levi" });
  await expect(slot).toHaveCount(1);
  const oldId = await slot.getAttribute("data-testid");

  await slot.getByRole("button", { name: "Obriši" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Oglasi dno – levi");
  await confirm.getByRole("button", { name: "Obriši" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Baner je obrisan. Na njegovo mesto je dodat novi, neaktivan baner.",
  );
  await expect(cards).toHaveCount(total);
  const replacement = cards.filter({ hasText: "Oglasi dno – levi" });
  await expect(replacement).toHaveCount(1);
  expect(await replacement.getAttribute("data-testid")).not.toBe(oldId);
  await expect(replacement.getByRole("switch")).toHaveAttribute("aria-checked", "false");
});

test("the banner form keeps a typed phone while the link type is switched back and forth", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const id = await heroBannerId(page);
  await page.goto(`/admin/banners/edit/${id}`);
  await page.waitForLoadState("networkidle");
  const link = page.getByRole("textbox", { name: "Link", exact: true });
  const typedLink = await link.inputValue();
  await page.getByRole("radio", { name: "Telefon" }).check();
  await page.getByRole("textbox", { name: "Telefon" }).fill("(312) 555-0100");
  await page.getByRole("radio", { name: "Link (URL)" }).check();
  await expect(link).toHaveValue(typedLink);
  await page.getByRole("radio", { name: "Telefon" }).check();
  await expect(page.getByRole("textbox", { name: "Telefon" })).toHaveValue("(312) 555-0100");
  // Saved as a link banner, the phone is cleared then (spec §5), and not before.
  await page.getByRole("radio", { name: "Link (URL)" }).check();
  await page.getByRole("button", { name: "Sačuvaj" }).click();
  await expect(page.getByRole("status")).toContainText("Baner je uspešno sačuvan.");
  await page.getByRole("radio", { name: "Telefon" }).check();
  await expect(page.getByRole("textbox", { name: "Telefon" })).toHaveValue("");
});
