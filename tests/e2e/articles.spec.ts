import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { EDITOR } from "./support/env";

/**
 * Admin articles (spec §2 Articles, §5 Article form and Add link, §8): the demo seed's 5,200
 * articles, searched without diacritics, filtered through the URL, edited with a link on selected
 * text and an image from the library, and seen on the public page.
 */

test.describe.configure({ mode: "serial" });

const list = (page: Page) => page.locator("table tbody tr");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Pretraga članaka" });

/** The ids of the rows shown in the desktop table. */
async function rowIds(page: Page): Promise<number[]> {
  const ids = await list(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid") ?? ""));
  return ids.map((id) => Number(id.replace("article-row-", "")));
}

/** The visual editor (its document) and the HTML it hands to the form. */
const editor = (page: Page) => page.getByRole("textbox", { name: "Sadržaj *" });
const contentHtml = (page: Page) => page.locator('input[name="content"]');

/**
 * Selects the first occurrence of `text` in the editor (null: a caret at the start, nothing
 * selected), and returns once ProseMirror has taken the selection: it reads the DOM selection on
 * the document's `selectionchange` with a listener added before this one, so the event this waits
 * for has been handled by the editor first.
 */
async function selectInContent(page: Page, text: string | null) {
  await editor(page).evaluate(async (el, needle) => {
    const selection = window.getSelection() as Selection;
    const where = () =>
      [selection.anchorNode, selection.anchorOffset, selection.focusNode, selection.focusOffset] as const;
    const before = where();
    // After focus(): the editor's focus handler starts its observer (and its listener) again.
    (el as HTMLElement).focus();
    const handled = new Promise<void>((resolve) =>
      document.addEventListener("selectionchange", () => resolve(), { once: true }),
    );
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let found = false;
    for (let node = walker.nextNode(); node && !found; node = walker.nextNode()) {
      const at = needle === null ? 0 : (node.nodeValue ?? "").indexOf(needle);
      if (at >= 0) {
        selection.setBaseAndExtent(node, at, node, at + (needle?.length ?? 0));
        found = true;
      }
    }
    if (!found) throw new Error(`"${needle}" not in the content`);
    // Nothing changed, nothing to wait for (no event comes).
    if (where().every((part, i) => part === before[i])) return;
    await handled;
  }, text);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("the editor finds an article by words typed without diacritics; filters live in the URL", async ({
  page,
}) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  // The dashboard's quick action appears once the articles screen exists.
  await expect(page.getByRole("link", { name: "Novi članak" })).toHaveAttribute(
    "href",
    "/admin/articles/new",
  );
  await page
    .getByRole("navigation", { name: "Admin navigacija" })
    .getByRole("link", { name: "Članci" })
    .click();
  await expect(page.getByRole("heading", { name: "Članci" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toContainText(/Prikazano 1–20 od 5\.\d{3} rezultata/);
  await expect(list(page)).toHaveCount(20);
  await expect(searchBox(page)).toHaveAttribute("placeholder", /više od 4000 članaka/);

  // Debounced: one navigation after typing stops, with q in the URL.
  await searchBox(page).pressSequentially("radnim satima vozaca", { delay: 20 });
  await expect(page).toHaveURL(/[?&]q=radnim\+satima\+vozaca/);
  await expect(list(page).first()).toContainText("radnim satima vozača");

  // Filters go into the URL too, and survive a reload and back.
  await page.getByRole("combobox", { name: "Status" }).selectOption("published");
  await expect(page).toHaveURL(/status=published/);
  await expect(list(page).first()).toContainText("Objavljeno");
  const found = await page.getByTestId("result-count").innerText();
  await page.getByRole("combobox", { name: "Kategorija" }).selectOption("Vesti");
  await expect(page).toHaveURL(/category=Vesti/);
  await page.reload();
  await expect(searchBox(page)).toHaveValue("radnim satima vozaca");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("published");
  await expect(page.getByRole("combobox", { name: "Kategorija" })).toHaveValue("Vesti");
  await expect(list(page).first()).toContainText("Objavljeno");
  await page.goBack();
  await expect(page).not.toHaveURL(/category=Vesti/);
  await expect(page.getByRole("combobox", { name: "Kategorija" })).toHaveValue("");
  await expect(page.getByTestId("result-count")).toHaveText(found);

  // The stored spelling works in a shared link too.
  await page.goto("/admin/articles?status=publish&category=Oglasi&page=2");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("published");
  await expect(page.getByRole("link", { name: "2", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("result-count")).toContainText("Prikazano 21–40");
  await expect(page.getByRole("navigation", { name: "Stranice članaka" }).getByRole("link")).toHaveCount(7);
});

test("the popular checkbox saves in place", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/articles?popular=no&category=Oglasi");
  await page.waitForLoadState("networkidle"); // hydrated: the checkbox is React's
  const [id] = await rowIds(page);
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/admin/articles"),
  );
  // Clicking saves at once; with popular=no in the URL the row then leaves the list.
  await page.getByTestId(`article-row-${id}`).getByRole("checkbox").click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId(`article-row-${id}`)).toHaveCount(0);
  await page.goto("/admin/articles?popular=yes&category=Oglasi");
  await page.waitForLoadState("networkidle");
  const row = page.getByTestId(`article-row-${id}`);
  await expect(row.getByRole("checkbox")).toBeChecked();
  const unsaved = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/admin/articles"),
  );
  await row.getByRole("checkbox").click();
  expect((await unsaved).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId(`article-row-${id}`)).toHaveCount(0);
});

test("edit: a link on selected text and an image from the library, saved, seen at the public URL", async ({
  page,
}) => {
  await signIn(page, EDITOR.email, EDITOR.password);
  await page.goto("/admin/articles?q=radnim+satima+vozaca&status=published");
  await page.waitForLoadState("networkidle");
  const [id] = await rowIds(page);
  await page.getByTestId(`article-row-${id}`).getByRole("link", { name: "Izmeni" }).click();
  await expect(page.getByRole("heading", { name: "Izmena članka" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const content = contentHtml(page);
  const original = await content.inputValue();
  const word = /<p>([A-Za-zČčĆćŠšŽžĐđ]{6,})/.exec(original)?.[1];
  expect(word, "a paragraph starting with a word").toBeTruthy();

  const toolbar = page.getByRole("toolbar", { name: "Alati za sadržaj" });
  // With nothing selected, "Dodaj link" says spec §5's message, word for word, in a dialog that
  // also offers to insert the link at the cursor (issue 27 item 8); cancelled here.
  await selectInContent(page, null);
  await toolbar.getByRole("button", { name: "Dodaj link" }).click();
  const insertDialog = page.getByRole("dialog", { name: "Dodaj link" });
  await expect(insertDialog).toContainText(
    "Prvo označite tekst u sadržaju koji želite da pretvorite u link.",
  );
  await insertDialog.getByRole("button", { name: "Otkaži" }).click();
  await expect(insertDialog).toBeHidden();

  await selectInContent(page, word as string);
  await toolbar.getByRole("button", { name: "Dodaj link" }).click();
  const dialog = page.getByRole("dialog", { name: "Dodaj link" });
  await dialog.getByLabel("URL adrese").fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Dodaj link" }).click();
  await expect(dialog.getByText("Neispravan URL. Pokušajte ponovo.")).toBeVisible();
  await expect(dialog.getByLabel("URL adrese")).toHaveValue("javascript:alert(1)");
  await dialog.getByLabel("URL adrese").fill("www.fmcsa.dot.gov");
  await dialog.getByRole("button", { name: "Dodaj link" }).click();
  await expect(dialog).toBeHidden();
  await expect(content).toHaveValue(
    new RegExp(
      `<a href="https://www\\.fmcsa\\.dot\\.gov" target="_blank" rel="noopener noreferrer">${word}</a>`,
    ),
  );
  await expect(editor(page).getByRole("link", { name: word as string })).toHaveAttribute(
    "href",
    "https://www.fmcsa.dot.gov",
  );

  // An image from the library (uploaded into it first: the demo library starts empty), at the end.
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await toolbar.getByRole("button", { name: "Izaberi iz biblioteke" }).click();
  const library = page.getByTestId("image-picker-modal");
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  await library
    .getByTestId("image-picker-upload")
    .setInputFiles({ name: "kamion-e2e.png", mimeType: "image/png", buffer: png });
  await library.getByRole("button", { name: "Izaberi", exact: true }).first().click();
  await expect(library).toBeHidden();
  await expect(content).toHaveValue(
    /<figure><img src="\/media\/images\/[^"]+" alt="" loading="lazy"><\/figure>/,
  );
  const imageSrc = /<img src="([^"]+)"/.exec((await content.inputValue()).split("<figure>").pop() ?? "")?.[1];

  // Saving an edit returns to the list, with its filters.
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page).toHaveURL(/\/admin\/articles\?q=radnim\+satima\+vozaca&status=published/);
  await expect(page.getByText("Članak je sačuvan i objavljen.")).toBeVisible();

  // The admin view shows the public link; the public page shows the link and the image.
  await page.goto(`/admin/articles/${id}`);
  await page.waitForLoadState("networkidle");
  const publicLink = page.getByTestId("public-link");
  const href = (await publicLink.getAttribute("href")) as string;
  expect(href).toMatch(new RegExp(`^/article/[a-z0-9-]+-${id}$`));
  await page.goto(href);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator("article").getByRole("link", { name: word as string })).toHaveAttribute(
    "href",
    "https://www.fmcsa.dot.gov",
  );
  // Served through its WebP variants, like a featured image (decision 262).
  const key = (imageSrc as string).replace("/media/images/", "");
  await expect(page.locator(`article img[src^="/media/images/_v/${key}/"][srcset*="${key}"]`)).toHaveCount(1);
});

test("a failed validation keeps everything typed; a new draft is created, viewed and deleted", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/articles/new");
  await page.waitForLoadState("networkidle");
  const title = `E2E Članak ${Date.now()}`;
  await page.getByLabel("Naslov *", { exact: true }).fill(title);
  await editor(page).click();
  await page.keyboard.type("Sadržaj probe");
  // Add image: by upload (the library's rules) or by address.
  await page
    .getByRole("toolbar", { name: "Alati za sadržaj" })
    .getByRole("button", { name: "Dodaj sliku" })
    .click();
  const imageDialog = page.getByRole("dialog", { name: "Dodaj sliku" });
  await imageDialog
    .getByLabel(/otpremite sliku/)
    .setInputFiles({ name: "beleska.txt", mimeType: "text/plain", buffer: Buffer.from("tekst") });
  await expect(imageDialog.getByText("Molimo odaberite sliku (JPG, PNG, GIF, WebP)")).toBeVisible();
  await imageDialog.getByLabel("Adresa slike").fill("/demo/truck-2.svg");
  await imageDialog.getByLabel("Opis slike (alt tekst)").fill("Kamion");
  await imageDialog.getByRole("button", { name: "Dodaj sliku" }).click();
  await expect(contentHtml(page)).toHaveValue(/<img src="\/demo\/truck-2\.svg" alt="Kamion"/);
  await expect(editor(page).getByRole("img", { name: "Kamion" })).toBeVisible();

  const tags = page.getByPlaceholder("Upišite tag i pritisnite Enter");
  for (const tag of ["CDL", " ", "cdl", "ELD"]) {
    await tags.fill(tag);
    await tags.press("Enter");
  }
  await expect(page.getByRole("list", { name: "Tagovi" }).getByRole("listitem")).toHaveText(["CDL×", "ELD×"]);
  await expect(page.getByLabel("Slug (URL)", { exact: true })).toHaveAttribute(
    "placeholder",
    /^e2e-clanak-\d+$/,
  );

  // Excerpt and main image are missing.
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page.getByText("Kratak opis je obavezan.")).toBeVisible();
  await expect(page.getByText("Glavna slika je obavezna.")).toBeVisible();
  await expect(page.getByLabel("Naslov *", { exact: true })).toHaveValue(title);
  await expect(contentHtml(page)).toHaveValue(/Sadržaj probe/);
  await expect(page.getByRole("list", { name: "Tagovi" }).getByRole("listitem")).toHaveCount(2);

  await page.getByLabel("Kratak opis *", { exact: true }).fill("Kratak opis probe");
  await page.getByLabel("Glavna slika *", { exact: true }).fill("/demo/truck-3.svg");
  await page.getByRole("button", { name: "Sačuvaj kao nacrt" }).click();
  // The flash comes through a cookie, not the address, and shows once.
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByText("Članak je kreiran kao nacrt.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Članci" })).toBeVisible();
  await expect(page.getByText("Članak je kreiran kao nacrt.")).toHaveCount(0);

  await searchBox(page).fill(title.toLowerCase().replace("č", "c"));
  await expect(page).toHaveURL(/q=e2e/);
  const row = list(page).filter({ hasText: title });
  await expect(row).toContainText("Nacrt");
  await row.getByRole("link", { name: "Pogledaj" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByTestId("public-link")).toHaveAttribute("href", /^\/article\/e2e-clanak-\d+-\d+$/);

  await page.getByRole("button", { name: "Obriši" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Da li ste sigurni da želite da obrišete ovaj članak?");
  await confirm.getByRole("button", { name: "Obriši" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByText("Članak je obrisan.")).toBeVisible();
});

test("'Sačuvaj / Objavi' publishes a new article; 'Sačuvaj kao nacrt' takes it back to a draft", async ({
  page,
}) => {
  await signIn(page);
  await page.goto("/admin/articles/new");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("article-status")).toContainText("još nije sačuvan");
  const title = `E2E Objava ${Date.now()}`;
  await page.getByLabel("Naslov *", { exact: true }).fill(title);
  // Enter in a one-line field does not publish the article half-written.
  await page.getByLabel("Naslov *", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/admin\/articles\/new$/);
  await page.getByLabel("Kratak opis *", { exact: true }).fill("Opis objave");
  await editor(page).click();
  await page.keyboard.type("Objavljeno jednim klikom.");
  await page.getByLabel("Glavna slika *", { exact: true }).fill("/demo/truck-1.svg");
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/);
  await expect(page.getByText("Članak je kreiran i objavljen.")).toBeVisible();

  await searchBox(page).fill(title.toLowerCase());
  await expect(page).toHaveURL(/q=e2e/);
  const row = list(page).filter({ hasText: title });
  await expect(row).toContainText("Objavljeno");
  await row.getByRole("link", { name: "Izmeni" }).click();
  await expect(page.getByTestId("article-status")).toContainText("Objavljeno");
  await page.getByRole("button", { name: "Sačuvaj kao nacrt" }).click();
  await expect(page.getByText("Članak je sačuvan kao nacrt.")).toBeVisible();
  await expect(list(page).filter({ hasText: title })).toContainText("Nacrt");
});

test("delete from the list asks first and removes the row", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/articles?status=draft&category=Oglasi");
  await page.waitForLoadState("networkidle");
  const [id] = await rowIds(page);
  await page.getByTestId(`article-row-${id}`).getByRole("button", { name: "Obriši" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Da li ste sigurni da želite da obrišete ovaj članak?");
  await confirm.getByRole("button", { name: "Otkaži" }).click();
  await expect(page.getByTestId(`article-row-${id}`)).toBeVisible();
  await page.getByTestId(`article-row-${id}`).getByRole("button", { name: "Obriši" }).click();
  await confirm.getByRole("button", { name: "Obriši" }).click();
  await expect(page.getByText("Članak je obrisan.")).toBeVisible();
  await expect(page.getByTestId(`article-row-${id}`)).toHaveCount(0);
});
