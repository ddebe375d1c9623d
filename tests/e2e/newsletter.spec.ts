import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./support/auth";

/**
 * The newsletter end to end on the embedded default (no Mailgun: the local outbox): a visitor
 * subscribes from the footer at phone width (in place, and without JavaScript as a form post); an
 * admin generates a manual newsletter of three articles, previews it and sends it to all active
 * subscribers; the message in the outbox carries the subscriber's own unsubscribe link and the
 * RFC 8058 headers; the subscriber leaves with one click, and a mail provider's one-click POST
 * (no origin of ours) is accepted too.
 */
test.describe.configure({ mode: "serial" });

const STAMP = Date.now();
const EMAIL = `e2e-${STAMP}@example.com`;
const NO_JS_EMAIL = `e2e-nojs-${STAMP}@example.com`;

async function footerSignup(page: Page, email: string) {
  const footer = page.locator("footer");
  await footer.getByLabel("Adresa za newsletter").fill(email);
  await footer.getByRole("button", { name: "Prijavi se" }).click();
  return footer;
}

test("a visitor subscribes from the footer at phone width, in place", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/vesti");
  const footer = await footerSignup(page, "nije-adresa");
  await expect(footer.getByRole("alert")).toHaveText("Molimo unesite validnu email adresu");
  await expect(footer.getByLabel("Adresa za newsletter")).toBeFocused();

  await footerSignup(page, EMAIL);
  await expect(footer.getByRole("status")).toHaveText("Uspešno ste se pretplatili na naš newsletter!");
  await expect(page).toHaveURL(/\/vesti$/);
  await expect(footer.getByLabel("Adresa za newsletter")).toHaveValue("");

  await footerSignup(page, EMAIL.toUpperCase());
  await expect(footer.getByRole("status")).toHaveText("Već ste pretplaćeni na naš newsletter");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("without JavaScript the footer signup is a plain form post to /newsletter", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/");
  await footerSignup(page, NO_JS_EMAIL);
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(page.getByRole("status")).toHaveText("Uspešno ste se pretplatili na naš newsletter!");
  await context.close();
});

async function unsubscribeLinkFor(page: Page, email: string): Promise<string> {
  await page.getByLabel(/Prikaži kako je vidi primalac/).fill(email);
  await page.getByRole("button", { name: "Prikaži" }).click();
  await expect(page.getByTestId("outbox-recipient")).toHaveText(email);
  const header = (await page.getByTestId("outbox-header-List-Unsubscribe").innerText()).trim();
  expect(header).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/newsletter\/odjava\?id=\d+&token=[\w-]+>$/);
  return header.slice(1, -1);
}

async function subscriberStatus(page: Page, email: string) {
  await page.goto(`/admin/newsletter?q=${encodeURIComponent(email)}`);
  const row = page
    .locator('[data-testid^="subscriber-row-"], [data-testid^="subscriber-card-"]')
    .filter({ hasText: email });
  return row.first().getByText(/^(Aktivan|Neaktivan)$/);
}

test("an admin sends a manual newsletter of three articles; a recipient unsubscribes with one click", async ({
  page,
  request,
}: {
  page: Page;
  request: APIRequestContext;
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter", exact: true })).toBeVisible();
  await expect(page.getByTestId("newsletter-stats")).toContainText("Aktivni");

  await page.getByRole("button", { name: "+ Novi newsletter" }).click();
  const dialog = page.getByRole("dialog", { name: "Novi newsletter" });
  await dialog.getByRole("button", { name: "Pošalji newsletter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Molimo prvo generisite newsletter i odaberite primaoce",
  );
  await dialog.getByRole("button", { name: "Generiši newsletter" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Molimo odaberite najmanje jedan članak");

  const boxes = dialog.getByRole("checkbox");
  await expect(boxes).toHaveCount(20);
  const titles: string[] = [];
  for (let i = 0; i < 3; i++) {
    await boxes.nth(i).check();
    titles.push((await dialog.locator("li").nth(i).locator("span.font-medium").innerText()).trim());
  }
  await dialog.getByRole("button", { name: "Generiši newsletter" }).click();
  const phone = dialog.frameLocator('iframe[title="Pregled newsletter-a na telefonu"]');
  for (const title of titles)
    await expect(phone.getByRole("heading", { name: title, exact: true })).toBeVisible();
  await expect(phone.getByText("2.700.000+ pregleda mesečno", { exact: false })).toBeVisible();
  await dialog.getByRole("tab", { name: "Desktop" }).click();
  await expect(dialog.locator('iframe[title="Pregled newsletter-a na desktopu"]')).toBeVisible();
  await expect(dialog.getByRole("radio", { name: /Svim aktivnim pretplatnicima/ })).toBeChecked();

  await dialog.getByRole("button", { name: "Pošalji newsletter" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Poslati newsletter?" });
  await confirm.getByRole("button", { name: "Pošalji" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Slanje newsletter-a je pokrenuto.", { exact: false })).toBeVisible();
  const send = page.locator('[data-testid^="send-"]').first();
  await expect(send).toContainText("Sačuvano u outboxu", { timeout: 30_000 });
  await expect(send).toContainText("lokalni outbox (nije poslato)");

  // Reopened, the dialog starts over (spec §4: after a send everything resets).
  await page.getByRole("button", { name: "+ Novi newsletter" }).click();
  await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(0);
  await expect(dialog.locator("iframe")).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: /Lokalni outbox/ }).click();
  await page.locator('a[href*="otvori=ref-nl-"]').first().click();
  const link = await unsubscribeLinkFor(page, EMAIL);
  await expect(page.getByTestId("outbox-header-List-Unsubscribe-Post")).toHaveText(
    "List-Unsubscribe=One-Click",
  );
  const footerLink = page
    .frameLocator('iframe[title="Pregled newsletter-a na telefonu"]')
    .getByRole("link", { name: "Odjavite se jednim klikom" });
  await expect(footerLink).toHaveAttribute("href", link);

  // A provider's one-click POST for another recipient: no Origin header, still accepted.
  const other = (await page.locator("#outbox-recipients option").nth(1).getAttribute("value")) ?? "";
  const otherLink = await unsubscribeLinkFor(page, other);
  const oneClick = await request.post(otherLink, { form: { "List-Unsubscribe": "One-Click" } });
  expect(oneClick.status()).toBe(200);

  // The subscriber opens their own link: one confirming click.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole("heading", { name: /^Odjava sa newsletter/ })).toBeVisible();
  await expect(page.getByText(/^e2•••@example\.com$/)).toBeVisible();
  await page.getByRole("button", { name: "Odjavi me" }).click();
  await expect(page.getByRole("status")).toHaveText("Uspešno ste se odjavili sa newsletter-a");

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(await subscriberStatus(page, EMAIL)).toHaveText("Neaktivan");
  await expect(await subscriberStatus(page, other)).toHaveText("Neaktivan");
  await expect(await subscriberStatus(page, NO_JS_EMAIL)).toHaveText("Aktivan");
});

test("a tampered unsubscribe link is refused", async ({ page }) => {
  const response = await page.goto("/newsletter/odjava?id=1&token=pogresan");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Došlo je do greške prilikom odjave");
  await expect(page.getByRole("button", { name: "Odjavi me" })).toHaveCount(0);
});

test("the test e-mail checks the address and, without Mailgun, says it was kept in the outbox", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/newsletter");
  await page.getByRole("button", { name: "Test email" }).click();
  const dialog = page.getByRole("dialog", { name: "Test email" });
  await dialog.getByLabel("Email adresa").fill("los@adresa");
  await dialog.getByRole("button", { name: "Pošalji test email" }).click();
  await expect(dialog.getByText("Molimo unesite validnu email adresu")).toBeVisible();
  await dialog.getByLabel("Email adresa").fill("urednik@example.com");
  await dialog.getByRole("button", { name: "Pošalji test email" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    "Mailgun nije podešen: test email za urednik@example.com je sačuvan u lokalnom outboxu i nije poslat.",
  );
});
