import { expect, type Page, test } from "@playwright/test";
import { buildArticles, isLegacyArticle } from "../../app/demo/articles";
import { articlePath } from "../../app/domain/articles/slug";
import { convertHeadings } from "../../app/domain/headings/detect";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

/**
 * The AI headings screen on the demo data: every 8th demo article has its headings typed as
 * paragraphs (app/demo/articles.ts), and ids are list positions + 1.
 */
const DEMO = buildArticles().map((a, i) => ({ ...a, id: i + 1, legacy: isLegacyArticle(i) }));
const PUBLISHED = DEMO.filter((a) => a.status === "publish").sort((a, b) => b.id - a.id);
const LEGACY = PUBLISHED.find((a) => a.legacy) as (typeof DEMO)[number];
const HEADED = PUBLISHED.find((a) => !a.legacy) as (typeof DEMO)[number];
const EXPECTED = convertHeadings(LEGACY.content as string).headings;

test.describe.configure({ mode: "serial" });

async function openPreview(page: Page, title: string) {
  await page.getByRole("button", { name: `Pregled: ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: /^Pregled naslova: / });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an editor has no AI headings screen", async ({ page }) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  await expect(
    page.getByRole("navigation", { name: "Admin navigacija" }).getByRole("link", { name: "AI naslovi" }),
  ).toHaveCount(0);
  const response = await page.goto("/admin/headings");
  expect(response?.status()).toBe(403);
});

test("the admin previews and converts one article, sees its headings on the public page, then restores it", async ({
  page,
}) => {
  expect(EXPECTED.length).toBeGreaterThan(1);
  const first = EXPECTED[0];
  await signIn(page);
  await page
    .getByRole("navigation", { name: "Admin navigacija" })
    .getByRole("link", { name: "AI naslovi" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "AI naslovi" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toContainText("Prikazano 1–100 od");

  // Its row says how many headings it would get.
  const row = page.getByTestId(`heading-row-${LEGACY.id}`);
  await expect(row).toContainText("Na čekanju");
  await expect(row).toContainText(`${EXPECTED.length} naslov`);

  // Preview: before and after side by side, the headings listed and marked.
  let dialog = await openPreview(page, LEGACY.title);
  await expect(dialog.getByTestId("found-headings").getByRole("listitem")).toHaveCount(EXPECTED.length);
  await expect(dialog.getByTestId("found-headings")).toContainText(`H${first.level}`);
  await expect(dialog.getByRole("region", { name: "Pre" })).toContainText(first.text);
  await expect(
    dialog.getByRole("region", { name: "Posle" }).getByRole("heading", { name: first.text }),
  ).toHaveAttribute("data-heading", "new");
  await expect(
    dialog.getByRole("region", { name: "Pre" }).getByRole("heading", { name: first.text }),
  ).toHaveCount(0);

  await dialog.getByRole("button", { name: /^Konvertuj \(/ }).click();
  await expect(dialog.getByText(`Članak je konvertovan: ${EXPECTED.length} naslov`)).toBeVisible();
  await expect(dialog.getByText("Konvertovan", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Vrati prethodni sadržaj" })).toBeVisible();
  await dialog.getByRole("button", { name: "Zatvori", exact: true }).click();
  await expect(row).toContainText("Konvertovan");

  // The public page now has the headings.
  const publicPage = await page.context().newPage();
  await publicPage.goto(articlePath(LEGACY));
  const body = publicPage.locator("main");
  await expect(body.getByRole("heading", { level: first.level, name: first.text })).toBeVisible();
  for (const h of EXPECTED)
    await expect(body.getByRole("heading", { level: h.level, name: h.text })).toHaveCount(1);

  // Restore from the preview: the article is as it was, and marked as restored.
  dialog = await openPreview(page, LEGACY.title);
  await dialog.getByRole("button", { name: "Vrati prethodni sadržaj" }).click();
  await expect(dialog.getByText("Prethodni sadržaj članka je vraćen.")).toBeVisible();
  await expect(dialog.getByText("vraćen na prethodni sadržaj")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("vraćen");

  await publicPage.reload();
  await expect(publicPage.locator("main").getByRole("heading", { name: first.text })).toHaveCount(0);
  await expect(publicPage.locator("main").getByText(first.text, { exact: true })).toBeVisible();
});

test("an article that already has headings has nothing to convert", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/headings");
  await expect(page.getByTestId(`heading-row-${HEADED.id}`)).toContainText("nema");
  const dialog = await openPreview(page, HEADED.title);
  await expect(dialog.getByText("U ovom članku nema pasusa koji bi postali naslovi.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Konvertuj/ })).toHaveCount(0);
});

test("Convert all runs in the background with progress that survives navigation, and stops", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/headings");
  await page.getByRole("button", { name: "Konvertuj sve" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Konvertovati sve članke?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Konvertuj sve" }).click();
  await expect(page.getByText("Konverzija svih članaka je pokrenuta u pozadini.")).toBeVisible();

  const job = page.getByTestId("headings-job");
  await expect(job).toContainText("Konverzija svih članaka je u toku");
  await expect(page.getByRole("button", { name: "Konvertuj sve" })).toBeDisabled();
  // Progress moves on its own (the screen follows the job every 2 s).
  await expect(page.getByTestId("headings-job-progress")).toContainText(/konvertovano: [1-9]/, {
    timeout: 15_000,
  });

  // Away and back: the job kept running on the server.
  await page.goto("/admin");
  await page.goto("/admin/headings");
  await expect(job).toContainText(/u toku|zaustavlja/);
  const progress = await page.getByTestId("headings-job-progress").innerText();
  expect(progress).toMatch(/^[\d.]+ od [\d.]+ članaka/);

  await job.getByRole("button", { name: "Zaustavi" }).click();
  await expect(page.getByText("Zaustavljanje je zatraženo; posao staje posle tekućeg članka.")).toBeVisible();
  await expect(job).toContainText("Konverzija svih članaka je zaustavljena", { timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Konvertuj sve" })).toBeEnabled();
  // The ones converted so far are listed as converted.
  await page.getByLabel("Prikaži").selectOption("converted");
  await expect(page).toHaveURL(/stanje=converted/);
  await expect(page.getByTestId("result-count")).toContainText("Prikazano 1–");
  await expect(page.getByRole("button", { name: /^Pregled: / }).first()).toBeVisible();
});
