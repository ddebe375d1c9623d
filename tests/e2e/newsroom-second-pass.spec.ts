import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/auth";
import { BASE_URL, EDITOR } from "./support/env";

/**
 * The newsroom's second pass (issue 27): what an editor still tripped over, each at 1280 and
 * 390 px — meta texts that follow the title, a refused save seen where the editor is, the toolbar
 * under the phone's admin bar, a scheduled article in the list, a typed space outside a mark, one
 * labelled time zone, pasted and dropped images, a link without a selection, tables an editor
 * edits, revocable preview links, deleting a used image, and the back office in Serbian.
 */

// One worker runs the tests in file order; each makes its own articles and files, so one that fails
// does not stop the others.

const stamp = Date.now().toString(36);
const WIDTHS = [1280, 390] as const;
// Items whose fault does not depend on the width (a mark's edge, the link command, the image
// deletion dialog) run at one width: the editor is the same code at both, and each run costs ~12 s.
const ONE_WIDTH = { typing: [1280], link: [390], imageDeletion: [1280] } as const;
const editor = (page: Page) => page.getByRole("textbox", { name: "Sadržaj *" });
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Alati za sadržaj" });
const stored = (page: Page) => page.locator('input[name="content"]');

async function png(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A signed-in page of `width` × 900 (another browser context: another editor, or another tab). */
async function signedIn(browser: Browser, width: number, who = { email: "", password: "" }) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: "America/New_York",
  });
  const page = await context.newPage();
  if (who.email) await signIn(page, who.email, who.password);
  else await signIn(page);
  return page;
}

/** An article saved through the form's POST (as the form sends it); its id. */
async function createArticle(
  page: Page,
  fields: {
    title: string;
    excerpt?: string;
    content?: string;
    intent?: "publish" | "draft";
    date?: string;
    image?: string;
  },
): Promise<number> {
  const response = await page.request.post("/admin/articles/new", {
    form: {
      title: fields.title,
      excerpt: fields.excerpt ?? "Kratak opis za test.",
      content: fields.content ?? "<p>Tekst članka za test.</p>",
      author: "Redakcija",
      publishedDate: fields.date ?? "2026-01-15T10:00",
      category: "Vesti",
      featuredImage: fields.image ?? "/demo/truck-2.svg",
      metaTitle: "",
      metaDescription: "",
      slug: "",
      tagsPending: "",
      intent: fields.intent ?? "publish",
    },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const list = await (await page.request.get(`/admin/articles?q=${encodeURIComponent(fields.title)}`)).text();
  const id = Number(/data-testid="article-(?:row|card)-(\d+)"/.exec(list)?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

/** Uploads an image into the library as the picker does; the stored item. */
async function uploadImage(request: APIRequestContext, name: string, color: string) {
  const response = await request.post("/admin/api/media", {
    multipart: {
      intent: "upload",
      bucket: "images",
      profile: "library",
      file: { name, mimeType: "image/png", buffer: await png(320, 200, color) },
    },
    headers: { Origin: BASE_URL },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { item: { url: string; name: string; displayName: string } }).item;
}

/** The library's stored words of the file named `name`. */
async function mediaWords(request: APIRequestContext, name: string) {
  const page = (await (
    await request.get(`/admin/api/media?bucket=images&q=${encodeURIComponent(name)}`)
  ).json()) as { items: { displayName: string; alt: string; caption: string }[] };
  return page.items.find((item) => item.displayName === name) ?? null;
}

/** What a visitor's page of the article says in its head. */
async function publicHead(request: APIRequestContext, id: number) {
  const html = await (await request.get(`/article/${id}`)).text();
  const attr = (re: RegExp) => (re.exec(html)?.[1] ?? "").replace(/&amp;/g, "&");
  return {
    html,
    title: attr(/<title>([^<]*)<\/title>/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    description: attr(/<meta name="description" content="([^"]*)"/),
  };
}

/** Dispatches a paste of `files` (and no text) into the editor, as a screenshot paste does. */
async function pasteFiles(
  page: Page,
  files: { name: string; type: string; bytes: number[] | null; size?: number }[],
) {
  await editor(page).evaluate((el, items) => {
    const transfer = new DataTransfer();
    for (const f of items) {
      const body = f.bytes ? new Uint8Array(f.bytes) : new Uint8Array(f.size ?? 0);
      transfer.items.add(new File([body], f.name, { type: f.type }));
    }
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, files);
}

async function pasteHtml(page: Page, html: string) {
  await editor(page).evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/html", data);
    transfer.setData("text/plain", "x");
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, html);
}

test("1. meta title and description left empty follow later edits of the title and excerpt (a new article and a stored one)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const title = `Meta prati naslov ${stamp}`;
  const id = await createArticle(page, { title, excerpt: "Prvi opis." });
  expect((await publicHead(request, id)).ogTitle).toBe(title);

  await page.goto(`/admin/articles/edit/${id}`);
  await expect(editor(page)).toBeVisible();
  await expect(page.getByLabel("Meta naslov")).toHaveValue("");
  await expect(page.getByLabel("Meta opis")).toHaveValue("");
  await page.getByLabel("Naslov *", { exact: true }).fill(`${title} — izmenjen`);
  await page.getByLabel("Kratak opis *", { exact: true }).fill("Drugi opis.");
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page.getByText("Članak je sačuvan i objavljen.")).toBeVisible();
  const head = await publicHead(request, id);
  expect(head.title).toContain(`${title} — izmenjen`);
  expect(head.ogTitle).toBe(`${title} — izmenjen`);
  expect(head.description).toBe("Drugi opis.");

  // A demo article stored with its title copied into the meta title behaves as if it were empty.
  await page.goto("/admin/articles?status=published&page=4");
  const demoEdit = page.getByRole("link", { name: "Izmeni" }).first();
  const demoId = Number(/\/edit\/(\d+)/.exec((await demoEdit.getAttribute("href")) ?? "")?.[1]);
  await page.goto(`/admin/articles/edit/${demoId}`);
  await expect(editor(page)).toBeVisible();
  await expect(page.getByLabel("Meta naslov")).toHaveValue("");
  const demoTitle = `Nov naslov demo članka ${stamp}`;
  await page.getByLabel("Naslov *", { exact: true }).fill(demoTitle);
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page.getByText("Članak je sačuvan i objavljen.")).toBeVisible();
  expect((await publicHead(request, demoId)).ogTitle).toBe(demoTitle);
});

for (const width of WIDTHS) {
  test(`2. a save refused for a newer version is seen where the editor pressed it (${width} px)`, async ({
    browser,
  }) => {
    const first = await signedIn(browser, width);
    const id = await createArticle(first, { title: `Sukob ${width} ${stamp}` });
    await first.goto(`/admin/articles/edit/${id}`);
    await expect(editor(first)).toBeVisible();
    const second = await signedIn(browser, width, { email: EDITOR.email, password: EDITOR.password });
    await second.goto(`/admin/articles/edit/${id}`);
    await expect(editor(second)).toBeVisible();

    await first.getByLabel("Kratak opis *", { exact: true }).fill("Prva izmena.");
    await first.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
    await expect(first.getByText("Članak je sačuvan i objavljen.")).toBeVisible();

    await second.getByLabel("Kratak opis *", { exact: true }).fill("Druga izmena.");
    const save = second.getByRole("button", { name: "Sačuvaj / Objavi" });
    await save.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await save.click();
    const conflict = second.getByRole("dialog", { name: "Vaše izmene nisu sačuvane" });
    await expect(conflict).toBeInViewport();
    await expect(conflict).toContainText("članak je u međuvremenu sačuvao");
    // The focus went to it: Enter or Space chooses there, not in the form below.
    expect(await conflict.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await conflict.getByRole("button", { name: "Sačuvaj moju kao novu reviziju" }).click();
    await expect(second.getByText("Članak je sačuvan i objavljen.")).toBeVisible();
    await first.context().close();
    await second.context().close();
  });
}

for (const width of WIDTHS) {
  test(`3. the editor's toolbar stays in view, never under the admin bar, while writing (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page);
    await page.goto("/admin/articles/new");
    await expect(editor(page)).toBeVisible();
    await editor(page).click();
    for (let i = 0; i < 30; i++) {
      await page.keyboard.insertText(`Red ${i} teksta koji se piše.`);
      await page.keyboard.press("Enter");
    }
    // Scrolled down into the text: the toolbar has stuck to the top of what is visible.
    await page.evaluate(() => {
      const bars = document.querySelector('[data-testid="editor-bars"]') as HTMLElement;
      window.scrollTo(0, bars.getBoundingClientRect().top + window.scrollY + 300);
    });
    const select = toolbar(page).getByLabel("Vrsta pasusa");
    await expect(select).toBeInViewport();
    const covered = await select.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !(hit === el || el.contains(hit));
    });
    expect(covered).toBe(false);
    for (const name of ["Podebljano", "Kurziv", "Podvučeno", "Lista sa tačkama", "Citat"]) {
      await expect(toolbar(page).getByRole("button", { name, exact: true })).toBeInViewport();
    }
    // For a person to look at (docs/testing.md): the editor while writing, at this width.
    await page.screenshot({ path: test.info().outputPath(`editor-writing-${width}.png`) });
  });
}

test("4. a scheduled article keeps the list whole: actions inside the card at 1280, the title readable at 390", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const title = `Zakazana za decembar ${stamp}`;
  const id = await createArticle(page, { title, date: "2027-12-01T08:00" });
  await page.goto(`/admin/articles?status=zakazano&q=${encodeURIComponent(title)}`);
  const row = page.getByTestId(`article-row-${id}`);
  await expect(row).toContainText("Zakazano");
  await expect(row).toContainText("1. 12. 2027. 08:00");
  // The table's own scroller (DataTable's safety net) has nothing to scroll: all of it is in view.
  const scroller = page.locator("table").filter({ has: row }).locator("xpath=..");
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const box = await scroller.boundingBox();
  const deleteBox = await row.getByRole("button", { name: "Obriši" }).boundingBox();
  expect(deleteBox && box && deleteBox.x + deleteBox.width <= box.x + box.width).toBe(true);
  await expect(row.getByRole("button", { name: "Obriši" })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("columnheader", { name: "Akcije" })).toBeInViewport({ ratio: 1 });

  await page.setViewportSize({ width: 390, height: 844 });
  const phoneCard = page.getByTestId(`article-card-${id}`);
  await expect(phoneCard).toContainText("Zakazano");
  await expect(phoneCard).toContainText("1. 12. 2027. 08:00");
  const titleBox = await phoneCard.getByRole("link", { name: title }).boundingBox();
  expect(titleBox?.width ?? 0).toBeGreaterThan(150);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const width of ONE_WIDTH.typing) {
  test(`5. a space typed before a mark stays outside it (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto("/admin/articles/new");
    await expect(editor(page)).toBeVisible();
    await editor(page).click();
    await page.keyboard.type("Reč ispred ");
    await page.keyboard.press("Control+u");
    await page.keyboard.type("podvučeno");
    await page.keyboard.press("Control+u");
    await page.keyboard.type(" posle, pa ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("podebljano");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(" kraj.");
    await expect(stored(page)).toHaveValue(
      "<p>Reč ispred <u>podvučeno</u> posle, pa <strong>podebljano</strong> kraj.</p>",
    );
  });
}

test("6. every time on the article form is New York's and says so, whatever the browser's zone", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: "Asia/Tokyo",
  });
  const page = await context.newPage();
  await signIn(page);
  const id = await createArticle(page, { title: `Vremenska zona ${stamp}` });
  await page.goto(`/admin/articles/edit/${id}`);
  await expect(editor(page)).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Kratak opis *", { exact: true }).fill("Izmena za automatsko čuvanje.");
  const status = page.getByTestId("autosave-status");
  await expect(status).toContainText("automatski sačuvan", { timeout: 15_000 });
  await expect(status).toContainText("(vreme u Njujorku)");
  const shown = Number(/u (\d{2}):\d{2}:\d{2}/.exec((await status.textContent()) ?? "")?.[1]);
  const newYorkHour = (at: number) =>
    Number(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/New_York",
        hour: "2-digit",
        hourCycle: "h23",
      }).format(at),
    );
  expect([newYorkHour(Date.now()), newYorkHour(Date.now() - 60_000)]).toContain(shown);
  await expect(page.getByTestId("revisions").getByRole("heading")).toContainText("vreme u Njujorku");
  await expect(page.getByText("Vreme u Njujorku", { exact: true })).toBeVisible();
  // The autosaved draft offered back on the next visit (another tab) says its zone too.
  const again = await context.newPage();
  await again.goto(`/admin/articles/edit/${id}`);
  await expect(again.getByTestId("draft-offer")).toContainText("vreme u Njujorku");
  await context.close();
});

test("7. images pasted from the clipboard and dropped as files upload, then ask for their alt text, saved on the file too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto("/admin/articles/new");
  await expect(editor(page)).toBeVisible();
  await editor(page).click();
  await page.keyboard.type("Snimak ekrana ispod.");

  // A screenshot from the clipboard.
  const pasted = `snimak-${stamp}.png`;
  await pasteFiles(page, [{ name: pasted, type: "image/png", bytes: [...(await png(300, 160, "#0f766e"))] }]);
  const words = page.getByRole("dialog", { name: "Opis i potpis slike" });
  await expect(words).toBeVisible();
  // Behind the modal dialog the editor is hidden from roles: found by its element.
  await expect(page.locator(".ProseMirror figure img")).toHaveAttribute("src", /^\/media\/images\/.+\.png$/);
  await words.getByLabel("Opis slike (alt tekst)").fill("Snimak ekrana sa mape");
  await words.getByLabel("Potpis ispod slike").fill("Izvor: redakcija");
  await words.getByRole("button", { name: "Sačuvaj" }).click();
  await expect(editor(page).getByRole("img", { name: "Snimak ekrana sa mape" })).toBeVisible();
  await expect(editor(page).locator("figcaption")).toHaveText("Izvor: redakcija");
  await expect.poll(async () => (await mediaWords(page.request, pasted))?.alt).toBe("Snimak ekrana sa mape");

  // Too large: the library's limit and message, nothing inserted.
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await pasteFiles(page, [{ name: "veliki.png", type: "image/png", bytes: null, size: 6 * 1024 * 1024 }]);
  await expect(page.getByText("Slika je prevelika. Maksimalna veličina je 5MB.")).toBeVisible();
  await expect(editor(page).locator("figure img")).toHaveCount(1);

  // The image dialog's upload keeps the alt text typed there on the file.
  await toolbar(page).getByRole("button", { name: "Dodaj sliku" }).click();
  const dialog = page.getByRole("dialog", { name: "Dodaj sliku" });
  await dialog.getByLabel("Opis slike (alt tekst)").fill("Kamion iz dijaloga");
  const fromDialog = `dijalog-${stamp}.png`;
  await dialog
    .getByLabel(/ili otpremite sliku/)
    .setInputFiles({ name: fromDialog, mimeType: "image/png", buffer: await png(200, 120, "#b45309") });
  await expect(editor(page).getByRole("img", { name: "Kamion iz dijaloga" })).toBeVisible();
  await expect.poll(async () => (await mediaWords(page.request, fromDialog))?.alt).toBe("Kamion iz dijaloga");

  // At 390 px a file dragged from the desktop onto the text.
  await page.setViewportSize({ width: 390, height: 844 });
  const dropped = `prevuceno-${stamp}.png`;
  const bytes = [...(await png(240, 160, "#1d4ed8"))];
  await editor(page).evaluate(
    (el, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
      const paragraph = el.querySelector("p") as HTMLElement;
      const box = paragraph.getBoundingClientRect();
      const at = { clientX: box.left + 5, clientY: box.top + box.height / 2 };
      el.dispatchEvent(
        new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true, ...at }),
      );
      el.dispatchEvent(
        new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true, ...at }),
      );
    },
    { name: dropped, bytes },
  );
  await expect(words).toBeVisible();
  await words.getByLabel("Opis slike (alt tekst)").fill("Prevučena slika");
  await words.getByRole("button", { name: "Sačuvaj" }).click();
  await expect(editor(page).getByRole("img", { name: "Prevučena slika" })).toBeVisible();
  await expect(editor(page).locator("figure img")).toHaveCount(3);
  await expect.poll(async () => (await mediaWords(page.request, dropped))?.alt).toBe("Prevučena slika");
});

for (const width of ONE_WIDTH.link) {
  test(`8. "Dodaj link" with nothing selected inserts the link at the cursor; the spec's messages stay (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto("/admin/articles/new");
    await expect(editor(page)).toBeVisible();
    await editor(page).click();
    await page.keyboard.type("Pravila su ");
    await toolbar(page).getByRole("button", { name: "Dodaj link" }).click();
    const dialog = page.getByRole("dialog", { name: "Dodaj link" });
    await expect(dialog).toContainText("Prvo označite tekst u sadržaju koji želite da pretvorite u link.");
    await dialog.getByLabel("URL adrese").fill("ne valja adresa");
    await dialog.getByRole("button", { name: "Umetni link" }).click();
    await expect(dialog).toContainText("Neispravan URL. Pokušajte ponovo.");
    await dialog.getByLabel("URL adrese").fill("example.com/pravila");
    await dialog.getByLabel("Tekst linka").fill("ovde");
    await dialog.getByRole("button", { name: "Umetni link" }).click();
    await expect(editor(page).getByRole("link", { name: "ovde" })).toHaveAttribute(
      "href",
      "https://example.com/pravila",
    );
    // Typing on after the link is plain text.
    await page.keyboard.type(". Vidi i ");
    await page.keyboard.press("Control+k");
    await dialog.getByLabel("URL adrese").fill("/vesti");
    await dialog.getByRole("button", { name: "Umetni link" }).click();
    await expect(stored(page)).toHaveValue(
      '<p>Pravila su <a href="https://example.com/pravila" target="_blank" rel="noopener noreferrer">ovde</a>. Vidi i <a href="/vesti">/vesti</a></p>',
    );
    // A selection of blank text is still refused with the spec's words.
    await page.keyboard.type(" x");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Shift+ArrowLeft");
    await toolbar(page).getByRole("button", { name: "Dodaj link" }).click();
    await expect(page.getByText("Označeni tekst je prazan.")).toBeVisible();
  });
}

test("9. an editor edits a pasted and an inserted table (rows, columns, header row); the public table scrolls in its box at 390 px", async ({
  browser,
}) => {
  const page = await signedIn(browser, 1280, { email: EDITOR.email, password: EDITOR.password });
  await page.goto("/admin/articles/new");
  await expect(editor(page)).toBeVisible();
  await page.getByLabel("Naslov *", { exact: true }).fill(`Cene goriva po državama ${stamp}`);
  await page.getByLabel("Kratak opis *", { exact: true }).fill("Tabela cena.");
  await page.getByLabel("Glavna slika *", { exact: true }).fill("/demo/truck-3.svg");
  await editor(page).click();
  await page.keyboard.type("Uvod.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Kraj.");
  await page.keyboard.press("Home");
  await pasteHtml(
    page,
    "<table><tr><th>Država</th><th>Dizel</th><th>Benzin</th><th>Putarina</th><th>Parking</th><th>Napomena</th></tr>" +
      "<tr><td>Texas</td><td>3,10</td><td>2,80</td><td>nema</td><td>besplatan</td><td>najjeftinije gorivo na jugu, proverite cene pre puta</td></tr></table>",
  );
  const table = editor(page).locator("table").first();
  await expect(table.locator("th")).toHaveCount(6);
  await table.getByText("Texas").click();
  const tools = page.getByRole("toolbar", { name: "Alati za tabelu" });
  await expect(tools).toBeVisible();
  await tools.getByRole("button", { name: "Red ispod" }).click();
  await expect(table.locator("tr")).toHaveCount(3);
  await table.locator("tr").nth(2).locator("td").first().click();
  await page.keyboard.type("Ohio");
  await page.keyboard.press("Tab");
  await page.keyboard.type("3,40");
  await tools.getByRole("button", { name: "Kolona desno" }).click();
  await expect(table.locator("tr").first().locator("th")).toHaveCount(7);
  // The new column, right of "3,40", goes again.
  await table.locator("tr").nth(2).locator("td").nth(2).click();
  await tools.getByRole("button", { name: "Obriši kolonu" }).click();
  await expect(table.locator("tr").first().locator("th")).toHaveCount(6);
  await tools.getByRole("button", { name: "Prvi red je zaglavlje" }).click();
  await expect(table.locator("th")).toHaveCount(0);
  await tools.getByRole("button", { name: "Prvi red je zaglavlje" }).click();
  await expect(table.locator("th")).toHaveCount(6);

  // A new table from the toolbar, at the end.
  await editor(page).click();
  await page.keyboard.press("Control+End");
  await toolbar(page).getByRole("button", { name: "Tabela" }).click();
  await expect(editor(page).locator("table")).toHaveCount(2);
  await page.keyboard.type("Kolona A");
  await expect(stored(page)).toHaveValue(/<thead><tr><th>Kolona A<\/th><th><\/th><th><\/th><\/tr><\/thead>/);
  await expect(stored(page)).toHaveValue(/<td>Ohio<\/td><td>3,40<\/td>/);

  await page.screenshot({ path: test.info().outputPath("editor-table-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page.getByText("Članak je kreiran i objavljen.")).toBeVisible();
  const list = await (
    await page.request.get(`/admin/articles?q=${encodeURIComponent(`Cene goriva po državama ${stamp}`)}`)
  ).text();
  const id = Number(/data-testid="article-(?:row|card)-(\d+)"/.exec(list)?.[1]);
  await page.context().close();

  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const view = await visitor.newPage();
  const response = await view.goto(`/article/${id}`);
  expect(response?.status()).toBe(200);
  const publicTable = view.locator("table").first();
  await expect(publicTable.locator("thead th").first()).toHaveText("Država");
  await expect(publicTable).toContainText("Ohio");
  expect(await publicTable.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.close();
});

test("10. preview links are listed with their expiry and can be revoked; a publish and a move back to draft stop them", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const title = `Nacrt za pregled ${stamp}`;
  const id = await createArticle(page, { title, intent: "draft" });
  await page.goto(`/admin/articles/edit/${id}`);
  await expect(editor(page)).toBeVisible();
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const view = await visitor.newPage();

  await page.getByRole("button", { name: "Pregled za deljenje" }).click();
  const links = page.getByTestId("preview-link");
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText(
    /bez prijave do \d{1,2}\. \d{1,2}\. \d{4}\. \d{2}:\d{2} \(vreme u Njujorku\)/,
  );
  const first = await links.first().getByRole("textbox").inputValue();
  expect((await view.goto(first))?.status()).toBe(200);
  await expect(view.getByTestId("preview-ribbon")).toBeVisible();

  await links.first().getByRole("button", { name: "Opozovi" }).click();
  await expect(page.getByText("Link za pregled je opozvan: više ne radi.")).toBeVisible();
  await expect(links).toHaveCount(0);
  expect((await view.goto(first))?.status()).toBe(404);

  // A new link; the article is published: the link shows the public page, not a preview.
  await page.getByRole("button", { name: "Pregled za deljenje" }).click();
  await expect(links).toHaveCount(1);
  const second = await links.first().getByRole("textbox").inputValue();
  await page.getByRole("button", { name: "Sačuvaj / Objavi" }).click();
  await expect(page.getByText("Članak je sačuvan i objavljen.")).toBeVisible();
  await view.goto(second);
  await expect(view).toHaveURL(new RegExp(`/article/[^/]+-${id}$`));
  await expect(view.getByTestId("preview-ribbon")).toHaveCount(0);
  // Moved back to draft: the link is dead, the draft is not shown.
  await page.goto(`/admin/articles/edit/${id}`);
  await expect(editor(page)).toBeVisible();
  await page.getByRole("button", { name: "Sačuvaj kao nacrt" }).click();
  await expect(page.getByText("Članak je sačuvan kao nacrt.")).toBeVisible();
  expect((await view.goto(second))?.status()).toBe(404);
  await visitor.close();
});

for (const width of ONE_WIDTH.imageDeletion) {
  test(`11. deleting a used image offers to cancel or to replace it everywhere; the article never shows a broken image (${width} px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    const old = await uploadImage(page.request, `stara-${width}-${stamp}.png`, "#dc2626");
    const fresh = await uploadImage(page.request, `nova-${width}-${stamp}.png`, "#16a34a");
    const title = `Članak sa slikom ${width} ${stamp}`;
    const id = await createArticle(page, {
      title,
      image: old.url,
      content: `<p>Uvod.</p><figure><img src="${old.url}" alt="Stara"></figure>`,
    });

    await page.goto(`/admin/media?q=${encodeURIComponent(old.displayName)}`);
    await page
      .getByRole("button", { name: `Obriši ${old.displayName}` })
      .first()
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Brisanje fajla" });
    await expect(confirm.getByTestId("media-usage")).toContainText(title);
    await expect(confirm.getByRole("button", { name: "Obriši", exact: true })).toHaveCount(0);
    await expect(confirm.getByRole("button", { name: "Otkaži" })).toBeVisible();
    await confirm.getByRole("button", { name: "Izaberi sliku za zamenu…" }).click();
    const picker = page.getByTestId("image-picker-modal");
    await picker.getByLabel("Pretraga slika").fill(fresh.displayName);
    await picker.getByRole("button", { name: "Izaberi", exact: true }).first().click();
    await expect(confirm.getByTestId("media-replacement")).toContainText(fresh.displayName);
    await confirm.getByRole("button", { name: "Zameni svuda i obriši" }).click();
    await expect(
      page.getByText(`Fajl ${old.displayName} je zamenjen svuda gde se koristio i obrisan.`),
    ).toBeVisible();

    const html = (await publicHead(request, id)).html;
    expect(html).toContain(fresh.url);
    expect(html).not.toContain(old.url);
    expect((await request.get(old.url)).status()).toBe(404);
  });
}

test("13. the back office speaks Serbian: the sidebar fits 1280×800, the log's fields, the upload limits, no 'bucket'", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Admin navigacija" });
  const entries = nav.getByRole("link");
  expect(await entries.count()).toBeGreaterThanOrEqual(17);
  for (const entry of await entries.all()) await expect(entry).toBeInViewport({ ratio: 1 });
  expect(await nav.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  await expect(page.getByRole("button", { name: "Odjavi se" })).toBeInViewport();
  await expect(nav).not.toContainText("Audit log");

  // The log's "Izmene" in words, not field names.
  const id = await createArticle(page, { title: `Dnevnik ${stamp}` });
  await page.request.post(`/admin/articles/edit/${id}`, {
    form: {
      title: `Dnevnik ${stamp} izmenjen`,
      excerpt: "Novi opis.",
      content: "<p>Tekst.</p>",
      author: "Redakcija",
      publishedDate: "2026-01-16T10:00",
      category: "Vesti",
      featuredImage: "/demo/truck-4.svg",
      tagsPending: "",
      intent: "publish",
    },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  await nav.getByRole("link", { name: "Dnevnik izmena" }).click();
  await expect(page.getByRole("heading", { name: "Dnevnik izmena" })).toBeVisible();
  const row = page
    .locator("table tbody tr")
    .filter({ hasText: `#${id}` })
    .first();
  await expect(row).toContainText("Naslov");
  await expect(row).toContainText("Glavna slika");
  await expect(row).not.toContainText("featuredImage");
  await expect(row).not.toContainText("publishedDate");

  // One limit text per upload, the one the server enforces; no "bucket".
  await page.goto("/admin/media");
  await expect(page.getByRole("main")).toContainText("najviše 10 MB po fajlu");
  await expect(page.getByRole("main")).not.toContainText(/bucket/i);
  await page.goto("/admin/articles/new");
  await expect(editor(page)).toBeVisible();
  await toolbar(page).getByRole("button", { name: "Dodaj sliku" }).click();
  await expect(page.getByRole("dialog", { name: "Dodaj sliku" })).toContainText("najviše 5 MB");
  await page.keyboard.press("Escape");
  await toolbar(page).getByRole("button", { name: "Izaberi iz biblioteke" }).click();
  const picker = page.getByTestId("image-picker-modal");
  await expect(picker).toContainText("najviše 5 MB");
  await expect(picker).not.toContainText(/bucket/i);
});
