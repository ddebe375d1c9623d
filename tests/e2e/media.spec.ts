import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

const stamp = Date.now().toString(36);

async function png(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; type: string; buffer: Buffer }[]) {
  const payload = files.map((f) => ({ name: f.name, type: f.type, b64: f.buffer.toString("base64") }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const dt = new DataTransfer();
    for (const f of items) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    return dt;
  }, payload);
  await page.dispatchEvent('[data-testid="media-drop-zone"]', "dragover", { dataTransfer });
  await page.dispatchEvent('[data-testid="media-drop-zone"]', "drop", { dataTransfer });
}

/** The files on screen: grid tiles, or the list's table rows or phone cards (whichever is shown). */
const shownFiles = (page: Page) =>
  page
    .locator('[data-testid="media-item"], [data-testid^="media-row-"], [data-testid^="media-card-"]')
    .filter({ visible: true });

test.describe.configure({ mode: "serial" });

test("the media manager takes several files by drag-and-drop, lists them, and deletes one after confirmation", async ({
  page,
}) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  await page
    .getByRole("navigation", { name: "Admin navigacija" })
    .getByRole("link", { name: "Mediji" })
    .click();
  await expect(page).toHaveURL(/\/admin\/media$/);
  await expect(page.getByRole("heading", { name: "Mediji" })).toBeVisible();

  await dropFiles(page, [
    { name: `kamion-${stamp}-a.png`, type: "image/png", buffer: await png(1600, 900, "#1d4ed8") },
    { name: `kamion-${stamp}-b.png`, type: "image/png", buffer: await png(640, 480, "#b91c1c") },
    {
      name: `logo-${stamp}.svg`,
      type: "image/svg+xml",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
      ),
    },
    { name: `ugovor-${stamp}.pdf`, type: "application/pdf", buffer: Buffer.from("%PDF-1.7") },
  ]);
  await expect(page.getByText("Preskočeno fajlova nedozvoljenog tipa: 1.")).toBeVisible();
  await expect(page.getByTestId("upload-list").getByText("Otpremljeno")).toHaveCount(3);

  await page.getByLabel("Pretraga medija").fill(stamp);
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const items = page.getByTestId("media-item");
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: `kamion-${stamp}-a.png` })).toBeVisible();
  await expect(items.filter({ hasText: `logo-${stamp}.svg` })).toBeVisible();

  // Served with the stored type and the long cache; the WebP variant exists beside the original.
  const src = await page.getByRole("link", { name: "Otvori" }).first().getAttribute("href");
  const original = await page.request.get(src!);
  expect(original.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(["image/png", "image/svg+xml"]).toContain(original.headers()["content-type"]);

  // List view, then type filter in the URL.
  await page.getByRole("link", { name: "Lista" }).click();
  await expect(page).toHaveURL(/view=list/);
  await page.getByLabel("Tip").selectOption("video");
  await expect(page).toHaveURL(/type=video/);
  await expect(page.getByText("Nema fajlova.")).toBeVisible();
  await page.getByLabel("Tip").selectOption("image");
  await expect(shownFiles(page)).toHaveCount(3);

  // Delete one with confirmation.
  const svgRow = shownFiles(page).filter({ hasText: `logo-${stamp}.svg` });
  const svgUrl = await svgRow.getByRole("link", { name: "Otvori" }).getAttribute("href");
  const svg = await page.request.get(svgUrl!);
  expect(svg.headers()["content-type"]).toBe("image/svg+xml");
  expect(svg.headers()["content-security-policy"]).toContain("sandbox");
  await page
    .getByRole("button", { name: `Obriši logo-${stamp}.svg` })
    .filter({ visible: true })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`logo-${stamp}.svg`);
  await dialog.getByRole("button", { name: "Obriši" }).click();
  await expect(page.getByText(`Fajl logo-${stamp}.svg je obrisan.`)).toBeVisible();
  await expect(shownFiles(page)).toHaveCount(2);
  expect((await page.request.get(svgUrl!)).status()).toBe(404);
});

test("the image picker uploads (image only, 5 MB), searches, deletes with confirmation and selects", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/settings");
  const field = page.getByTestId("image-field-defaultArticleImage");
  await field.getByRole("button", { name: "Izaberi iz biblioteke" }).click();
  const modal = page.getByTestId("image-picker-modal");
  await expect(modal).toBeVisible();

  const input = modal.getByTestId("image-picker-upload");
  await input.setInputFiles({ name: "beleska.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
  await expect(modal.getByText("Molimo odaberite sliku (JPG, PNG, GIF, WebP)")).toBeVisible();
  await input.setInputFiles({
    name: "ogromna.png",
    mimeType: "image/png",
    buffer: Buffer.concat([await png(10, 10, "#000"), Buffer.alloc(5 * 1024 * 1024 + 10)]),
  });
  await expect(modal.getByText("Slika je prevelika. Maksimalna veličina je 5MB.")).toBeVisible();
  // Declared as PNG, but the bytes are not an image: the server refuses it.
  await input.setInputFiles({
    name: "lazna.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html>nije slika</html>"),
  });
  await expect(modal.getByText("Molimo odaberite sliku (JPG, PNG, GIF, WebP)")).toBeVisible();

  await input.setInputFiles({
    name: `biblioteka-${stamp}.png`,
    mimeType: "image/png",
    buffer: await png(1200, 800, "#15803d"),
  });
  await expect(modal.getByText("Slika je uspešno otpremljena.")).toBeVisible();
  // The new image comes first in the grid.
  await expect(modal.getByRole("listitem").first()).toContainText(`biblioteka-${stamp}.png`);
  await modal.getByLabel("Pretraga slika").fill(`biblioteka-${stamp}`);
  await expect(modal.getByText(`biblioteka-${stamp}.png`)).toBeVisible();
  await input.setInputFiles({
    name: `obrisi-${stamp}.png`,
    mimeType: "image/png",
    buffer: await png(300, 200, "#777"),
  });
  await expect(modal.getByRole("listitem").first()).toContainText(`obrisi-${stamp}.png`);
  await modal.getByLabel("Pretraga slika").fill(`obrisi-${stamp}`);
  await expect(modal.getByRole("listitem")).toHaveCount(1);
  await modal.getByRole("button", { name: `Obriši obrisi-${stamp}.png` }).click();
  await expect(page.getByRole("alertdialog")).toContainText(
    "Da li ste sigurni da želite da obrišete ovu sliku?",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Obriši" }).click();
  await expect(modal.getByText("Nema slika za ovu pretragu.")).toBeVisible();

  await modal.getByLabel("Pretraga slika").fill(`biblioteka-${stamp}`);
  await modal.getByRole("button", { name: "Prikaži" }).first().click();
  await expect(page.getByTestId("media-lightbox").getByRole("img")).toBeVisible();
  await page.getByTestId("media-lightbox").getByRole("button", { name: "Izaberi" }).click();
  await expect(modal).toBeHidden();
  const url = await field.getByRole("textbox").inputValue();
  expect(url).toMatch(new RegExp(`^/media/images/\\d{13}_1200x800-biblioteka-${stamp}\\.png$`));
  const variant = await page.request.get(
    url.replace("/media/images/", "/media/images/_v/").concat("/800.webp"),
  );
  expect(variant.status()).toBe(200);
  expect(variant.headers()["content-type"]).toBe("image/webp");
});

test("files in mediji can be chosen wherever an image is picked: settings, main image, article content", async ({
  page,
}) => {
  await signIn(page);
  const chooseFromMediji = async (opener: () => Promise<void>) => {
    await opener();
    const picker = page.getByTestId("image-picker-modal");
    await expect(picker).toBeVisible();
    await picker.getByLabel("Fascikla").selectOption("mediji");
    await picker.getByLabel("Pretraga slika").fill(`kamion-${stamp}-a`);
    await expect(picker.getByRole("listitem")).toHaveCount(1);
    await expect(picker.getByRole("listitem")).toContainText("mediji");
    await picker.getByRole("button", { name: "Izaberi", exact: true }).click();
    await expect(picker).toBeHidden();
  };
  const medijiUrl = new RegExp(`^/media/mediji/\\d{13}_1600x900-kamion-${stamp}-a\\.png$`);

  await page.goto("/admin/settings");
  const setting = page.getByTestId("image-field-defaultCompanyImage");
  await chooseFromMediji(() => setting.getByRole("button", { name: "Izaberi iz biblioteke" }).click());
  await expect(setting.getByRole("textbox")).toHaveValue(medijiUrl);

  await page.goto("/admin/articles/new");
  await page.waitForLoadState("networkidle");
  const main = page.getByTestId("image-field-featuredImage");
  await chooseFromMediji(() => main.getByRole("button", { name: "Izaberi iz biblioteke" }).click());
  await expect(main.getByRole("textbox")).toHaveValue(medijiUrl);
  await chooseFromMediji(() =>
    page
      .getByRole("toolbar", { name: "Alati za sadržaj" })
      .getByRole("button", { name: "Izaberi iz biblioteke" })
      .click(),
  );
  await expect(page.locator('input[name="content"]')).toHaveValue(
    new RegExp(`<img src="/media/mediji/\\d{13}_1600x900-kamion-${stamp}-a\\.png"`),
  );
});
