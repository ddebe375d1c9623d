import { type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

/**
 * The pop-up: its admin settings (spec §2, §5, §8) and the public overlay (spec §2, §4): shown
 * 1.5 s after load, at most the configured times per day, closed by its button, Escape or the
 * backdrop, never on /admin pages.
 */
test.describe.configure({ mode: "serial" });

async function openSettings(page: Page) {
  await signIn(page);
  await page
    .getByRole("navigation", { name: "Admin navigacija" })
    .getByRole("link", { name: "Pop-up" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Pop-up" })).toBeVisible();
}

async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test.afterAll(async ({ browser }) => {
  // Leave the site as the other tests expect it: no pop-up over the public pages.
  const page = await (await browser.newContext()).newPage();
  await openSettings(page);
  const toggle = page.getByRole("switch", { name: "Prikazuj pop-up na sajtu" });
  if ((await toggle.getAttribute("aria-checked")) === "true") await toggle.click();
  await page.getByRole("button", { name: "Sačuvaj pop-up podešavanja" }).click();
  await expect(page.getByText("Pop-up podešavanja su uspešno sačuvana!")).toBeVisible();
});

test("an editor has no pop-up screen", async ({ page }) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  const response = await page.goto("/admin/popup");
  expect(response?.status()).toBe(403);
});

test("bad input: a wrong link is refused with the spec's message, numbers are normalised", async ({
  page,
}) => {
  await openSettings(page);
  await expect(page.getByRole("button", { name: "Pregled" })).toBeDisabled();
  await expect(page.getByText(/najviše 2 puta dnevno/)).toBeVisible();
  await expect(page.getByText(/16:9 ili 4:3/).first()).toBeVisible();

  const maxShows = page.getByLabel("Najviše prikaza dnevno");
  await maxShows.fill("");
  await maxShows.blur();
  await expect(maxShows).toHaveValue("1");
  await maxShows.fill("15");
  await maxShows.blur();
  await expect(maxShows).toHaveValue("10");
  const minHours = page.getByLabel("Najmanje sati između prikaza");
  await minHours.fill("sat");
  await minHours.blur();
  await expect(minHours).toHaveValue("0,5");
  await minHours.fill("1,3");
  await minHours.blur();
  await expect(minHours).toHaveValue("1,5");

  const link = page.getByLabel("Link (opciono)");
  await link.fill("nije link");
  await page.getByRole("switch", { name: "Prikazuj pop-up na sajtu" }).click();
  await expect(page.getByText("Promena još nije sačuvana")).toBeVisible();
  await page.getByRole("button", { name: "Sačuvaj pop-up podešavanja" }).click();
  await expect(page.getByText("Greška pri čuvanju pop-up podešavanja.")).toBeVisible();
  await expect(page.getByText("Link mora biti ispravan URL (npr. https://primer.com).")).toBeVisible();
  await expect(page.getByText("Uključen pop-up mora imati sliku.")).toBeVisible();
  await expect(link).toHaveValue("nije link");
  await expect(maxShows).toHaveValue("10");
  await expect(page.getByLabel("Slika pop-up-a", { exact: true })).toBeFocused();
  // Messages vanish after 3 s.
  await expect(page.getByText("Greška pri čuvanju pop-up podešavanja.")).toBeHidden({ timeout: 5_000 });

  // A file that is not an image is refused with the pop-up's upload message.
  await page.getByTestId("image-field-image-file").setInputFiles({
    name: "beleska.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("nije slika"),
  });
  await expect(page.getByText("Greška pri otpremanju pop-up slike.")).toBeVisible();

  // An image that cannot be loaded is cleared when the field is left.
  const image = page.getByLabel("Slika pop-up-a", { exact: true });
  await image.fill("/media/images/ne-postoji.png");
  await expect(page.getByText("Slika se ne može učitati", { exact: true })).toBeVisible();
  await image.press("Tab");
  await expect(image).toHaveValue("");
  await expect(page.getByText("Slika se ne može učitati, pa je uklonjena. Izaberite drugu.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pregled" })).toBeDisabled();

  // Nothing was saved: a reload shows the stored (disabled) pop-up.
  await page.reload();
  await expect(page.getByRole("switch", { name: "Prikazuj pop-up na sajtu" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
});

test("the admin uploads an image, picks it from the library, previews and saves a pop-up shown once a day", async ({
  page,
}) => {
  await openSettings(page);
  const field = page.getByTestId("image-field-image");
  await field.getByTestId("image-field-image-file").setInputFiles({
    name: "akcija.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 800, height: 450, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer(),
  });
  await expect(page.getByText("Pop-up slika je uspešno otpremljena!")).toBeVisible();
  const image = page.getByLabel("Slika pop-up-a", { exact: true });
  await expect(image).toHaveValue(/^\/media\/images\/\d{13}_800x450-akcija\.png$/);

  await image.fill("");
  await field.getByRole("button", { name: "Izaberi iz biblioteke" }).click();
  const library = page.getByRole("dialog");
  await library
    .getByRole("button", { name: /akcija/ })
    .first()
    .click();
  await expect(page.getByText("Slika je izabrana iz biblioteke!")).toBeVisible();
  await expect(image).toHaveValue(/akcija\.png$/);

  await page.getByLabel("Link (opciono)").fill("primer.com/akcija");
  await page.getByLabel("Najviše prikaza dnevno").fill("1");
  await page.getByLabel("Najmanje sati između prikaza").fill("0,5");
  await page.getByRole("switch", { name: "Prikazuj pop-up na sajtu" }).click();

  // The preview shows the overlay as visitors will see it.
  await page.getByRole("button", { name: "Pregled" }).click();
  const overlay = page.getByRole("dialog", { name: "Obaveštenje" });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole("button", { name: "Zatvori obaveštenje" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();

  await page.getByRole("button", { name: "Sačuvaj pop-up podešavanja" }).click();
  const saved = page.getByText("Pop-up podešavanja su uspešno sačuvana!");
  await expect(saved).toBeVisible();
  await expect(page.getByLabel("Link (opciono)")).toHaveValue("https://primer.com/akcija");
  await expect(saved).toBeHidden({ timeout: 5_000 });
});

test("a visitor sees the pop-up 1.5 s after the home page loads, once a day", async ({ browser }) => {
  const page = await visitorPage(browser);
  const loaded = Date.now();
  await page.goto("/", { waitUntil: "load" });
  const overlay = page.getByRole("dialog", { name: "Obaveštenje" });
  await expect(overlay).toBeHidden();
  await expect(overlay).toBeVisible({ timeout: 6_000 });
  expect(Date.now() - loaded).toBeGreaterThanOrEqual(1_400);

  // The image opens the link in a new tab, without access to this page.
  const link = overlay.getByRole("link");
  await expect(link).toHaveAttribute("href", "https://primer.com/akcija");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(overlay.getByRole("button", { name: "Zatvori obaveštenje" })).toBeFocused();

  await overlay.getByRole("button", { name: "Zatvori obaveštenje" }).click();
  await expect(overlay).toBeHidden();
  const shows = await page.evaluate(() => JSON.parse(localStorage.getItem("bv.popup.shows") ?? "[]").length);
  expect(shows).toBe(1);

  // Max 1 a day: the next visit shows nothing — the page's script decides so, and says it did.
  await page.goto("/vesti", { waitUntil: "load" });
  await expect(page.locator("[data-popup]")).toHaveAttribute("data-popup-state", "skipped");
  await expect(overlay).toHaveCount(0);
  await page.context().close();
});

test("the backdrop and Escape close it; it never appears on admin pages", async ({ browser }) => {
  const visitor = await visitorPage(browser);
  await visitor.goto("/oglasi");
  const overlay = visitor.getByRole("dialog", { name: "Obaveštenje" });
  await expect(overlay).toBeVisible({ timeout: 6_000 });
  await visitor.mouse.click(5, 5);
  await expect(overlay).toBeHidden();
  await visitor.context().close();

  const second = await visitorPage(browser);
  await second.goto("/");
  await expect(second.getByRole("dialog", { name: "Obaveštenje" })).toBeVisible({ timeout: 6_000 });
  await second.keyboard.press("Escape");
  await expect(second.getByRole("dialog", { name: "Obaveštenje" })).toBeHidden();
  await second.context().close();

  const admin = await visitorPage(browser);
  await signIn(admin);
  await admin.goto("/admin/articles", { waitUntil: "load" });
  await expect(admin.getByRole("heading", { name: "Članci" })).toBeVisible();
  // Admin pages carry neither the pop-up's settings nor the script that would show them.
  await expect(admin.locator("[data-popup]")).toHaveCount(0);
  await expect(admin.locator("script[src*='public-client'], script[src*='enhance']")).toHaveCount(0);
  await expect(admin.getByTestId("popup-overlay")).toHaveCount(0);
  await admin.context().close();
});
