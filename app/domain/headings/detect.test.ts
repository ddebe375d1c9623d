import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "~/domain/articles/sanitize";
import { canBeHeading, classifyText, convertHeadings, detectHeadings, splitBlocks } from "./detect";

const BODY = "<p>Ovo je običan pasus sa više rečenica. On nikada nije naslov. Ima i treću rečenicu.</p>";
const levels = (html: string) => detectHeadings(html).map((h) => `h${h.level}:${h.text}`);

describe("spec §5: what is never a heading", () => {
  it("refuses text under 5 or over 100 characters", () => {
    expect(canBeHeading("Cene")).toBe(false);
    expect(canBeHeading("Cenee")).toBe(true);
    expect(canBeHeading("A".repeat(100))).toBe(true);
    expect(canBeHeading("A".repeat(101))).toBe(false);
    expect(classifyText("Opis")).toBeNull();
    expect(classifyText("## Opis")).toBeNull();
    expect(classifyText(`NASLOV ${"A".repeat(95)}`)).toBeNull();
  });

  it("refuses text with more than one period, whatever the pattern", () => {
    expect(canBeHeading("Dr. Petrović")).toBe(true);
    expect(canBeHeading("Dr. Petrović i sin d.o.o")).toBe(false);
    expect(classifyText("1.1. Oprema kamiona")).toBeNull();
    expect(classifyText("U.S. DOT BROJ")).toBeNull();
    expect(classifyText("## Pravila D.O.T")).toBeNull();
  });

  it("refuses list items and fragments", () => {
    expect(classifyText("- Kamion Volvo")).toBeNull();
    expect(classifyText("• Oprema u kabini")).toBeNull();
    expect(classifyText("Plata i bonusi,")).toBeNull();
  });
});

describe("spec §5: pattern-based levels h2, h3, h4", () => {
  it("Markdown markers give their level (# and ## h2, ### h3, #### and deeper h4)", () => {
    expect(classifyText("# Nova pravila")).toMatchObject({
      level: 2,
      text: "Nova pravila",
      rule: "markdown",
    });
    expect(classifyText("## Nova pravila")).toMatchObject({ level: 2, text: "Nova pravila" });
    expect(classifyText("### Kazne i kontrole")).toMatchObject({ level: 3, text: "Kazne i kontrole" });
    expect(classifyText("#### Česta pitanja")).toMatchObject({ level: 4, text: "Česta pitanja" });
    expect(classifyText("###### Česta pitanja ##")).toMatchObject({ level: 4, text: "Česta pitanja" });
  });

  it("text in capitals only is h2 (Latin and Cyrillic)", () => {
    expect(classifyText("NOVA PRAVILA ZA CDL")).toMatchObject({ level: 2, rule: "uppercase" });
    expect(classifyText("НОВА ПРАВИЛА")).toMatchObject({ level: 2, rule: "uppercase" });
    expect(classifyText("NE VOZITE BEZ ODMORA.")).toBeNull();
  });

  it("a paragraph bold as a whole is h2", () => {
    expect(classifyText("Šta se tačno menja", { bold: true })).toMatchObject({ level: 2, rule: "bold" });
    expect(classifyText("Pozovite odmah!", { bold: true })).toBeNull();
    expect(classifyText("Rok je kraj meseca.", { bold: true })).toBeNull();
  });

  it("a numbered section is h3, a sub-numbered one h4", () => {
    expect(classifyText("1. Uvod u pravila")).toMatchObject({ level: 3, rule: "numbered" });
    expect(classifyText("2) Cene i uslovi")).toMatchObject({ level: 3, rule: "numbered" });
    expect(classifyText("1.2 Oprema kamiona")).toMatchObject({ level: 4, rule: "subnumbered" });
    expect(classifyText("1. maj je praznik")).toBeNull();
  });

  it("a short label ending with a colon is h4, without the colon", () => {
    expect(classifyText("Potrebna dokumenta:")).toMatchObject({
      level: 4,
      text: "Potrebna dokumenta",
      rule: "label",
    });
    expect(classifyText("Telefon: 555-1234:")).toBeNull();
  });
});

describe("spec §5: short capitalised phrases become h3", () => {
  it("accepts up to 8 words starting with a capital and not ending with a period", () => {
    expect(classifyText("Šta kažu iskusni vozači")).toMatchObject({ level: 3, rule: "phrase" });
    expect(classifyText("Šta kažu iskusni vozači?")).toMatchObject({ level: 3 });
    expect(classifyText("Jedan dva tri četiri pet šest sedam osam")).toMatchObject({ level: 3 });
    expect(classifyText("„Najteži trenuci“ na putu")).toMatchObject({ level: 3 });
  });

  it("refuses more than 8 words, a small first letter and a final period", () => {
    expect(classifyText("Jedan dva tri četiri pet šest sedam osam devet")).toBeNull();
    expect(classifyText("šta kažu iskusni vozači")).toBeNull();
    expect(classifyText("Vozači su zadovoljni.")).toBeNull();
  });

  it("refuses exclamations, key: value lines and addresses", () => {
    expect(classifyText("Pozovite nas odmah!")).toBeNull();
    expect(classifyText("Telefon: 555-1234")).toBeNull();
    expect(classifyText("Pišite na posao@firma.com")).toBeNull();
    expect(classifyText("Više na www.primer.com")).toBeNull();
  });
});

describe("context rules", () => {
  it("a second consecutive h3 becomes h4", () => {
    const html = `<p>Dokumenta u kabini</p><p>Šta proverava inspektor</p>${BODY}`;
    expect(levels(html)).toEqual(["h3:Dokumenta u kabini", "h4:Šta proverava inspektor"]);
  });

  it("counts an h3 already in the article as the first one", () => {
    expect(levels(`<h3>Pre polaska</h3><p>Tokom vožnje kroz grad</p>${BODY}`)).toEqual([
      "h4:Tokom vožnje kroz grad",
    ]);
    expect(levels(`<h2>Pre polaska</h2><p>Tokom vožnje kroz grad</p>${BODY}`)).toEqual([
      "h3:Tokom vožnje kroz grad",
    ]);
  });

  it("an h3 after content, or after an h2, stays h3", () => {
    const html = `<p><strong>Kazne i kontrole</strong></p><p>Česta pitanja vozača</p>${BODY}<p>Saveti za vlasnike</p>${BODY}`;
    expect(levels(html)).toEqual(["h2:Kazne i kontrole", "h3:Česta pitanja vozača", "h3:Saveti za vlasnike"]);
  });

  it("the last block of an article is never a heading", () => {
    expect(levels(`${BODY}<p>Srećan put, kolege</p>`)).toEqual([]);
    expect(levels(`${BODY}<p>Srećan put kolege</p><p>&nbsp;</p>`)).toEqual([]);
  });

  it("three or more short phrases in a row are a list, not headings", () => {
    const html = `<p>Kamion Volvo VNL</p><p>Godište 2019</p><p>Motor Volvo D13</p>${BODY}`;
    expect(levels(html)).toEqual([]);
  });

  it("numbered lines next to each other are a list, not sections", () => {
    expect(levels(`<p>1. Uzmite dokumenta</p><p>2. Idite na vagu</p>${BODY}`)).toEqual([]);
    expect(levels(`<p>1. Uzmite dokumenta</p>${BODY}<p>2. Idite na vagu</p>${BODY}`)).toEqual([
      "h3:1. Uzmite dokumenta",
      "h3:2. Idite na vagu",
    ]);
  });
});

describe("what a heading can be made of", () => {
  it("works on plain-text lines as on <p> blocks", () => {
    const plain =
      "Uvodni tekst članka. Ima dve rečenice.\nŠta se menja\nNova pravila stupaju na snagu. Važe za sve.\n";
    const out = convertHeadings(plain);
    expect(out.html).toBe(
      "Uvodni tekst članka. Ima dve rečenice.\n<h3>Šta se menja</h3>\nNova pravila stupaju na snagu. Važe za sve.\n",
    );
    expect(convertHeadings(`<p>Šta se menja</p>${BODY}`).html).toBe(`<h3>Šta se menja</h3>${BODY}`);
  });

  it("treats <br> in plain text as a line break", () => {
    const html = `Uvod ide ovde. Dve rečenice.<br>Šta se menja<br>Tekst posle naslova. I još jedna.`;
    expect(convertHeadings(html).html).toBe(
      "Uvod ide ovde. Dve rečenice.<br><h3>Šta se menja</h3><br>Tekst posle naslova. I još jedna.",
    );
  });

  it("leaves paragraphs with links, images or line breaks, and every other block, untouched", () => {
    const html = [
      '<p><a href="https://primer.com">Posetite sajt</a></p>',
      '<p><img src="/demo/truck-1.svg" alt="Kamion"></p>',
      "<p>Prvi red<br>Drugi red</p>",
      "<ul><li>Kratka stavka liste</li></ul>",
      "<blockquote>Citat vozača</blockquote>",
      "<table><tr><td>Ćelija tabele</td></tr></table>",
      BODY,
    ].join("\n");
    expect(convertHeadings(html)).toEqual({ html, headings: [] });
  });

  it("changes nothing outside the converted paragraphs, byte for byte", () => {
    const before = `<p>Uvod.   Sa  razmacima.</p>\n<p  class="x">Važna napomena</p>\n<ul>\n <li>A</li>\n</ul>\n${BODY}`;
    const { html } = convertHeadings(before);
    expect(html).toBe(
      `<p>Uvod.   Sa  razmacima.</p>\n<h3>Važna napomena</h3>\n<ul>\n <li>A</li>\n</ul>\n${BODY}`,
    );
  });

  it("keeps the text of inline formatting and entities, escaped again", () => {
    expect(convertHeadings(`<p>Vozači <em>i</em> kompanije &amp; firme</p>${BODY}`).html).toBe(
      `<h3>Vozači i kompanije &amp; firme</h3>${BODY}`,
    );
    expect(convertHeadings(`<p>Cene &lt;posebne&gt; ponude</p>${BODY}`).html).toBe(
      `<h3>Cene &lt;posebne&gt; ponude</h3>${BODY}`,
    );
  });

  it("marks new headings only when asked", () => {
    expect(convertHeadings(`<p>Šta se menja</p>${BODY}`, { mark: true }).html).toBe(
      `<h3 data-heading="new">Šta se menja</h3>${BODY}`,
    );
  });

  it("splits the article into its top-level blocks", () => {
    const blocks = splitBlocks(`<p>A</p>tekst\n<b>Jaki</b> red<div><p>unutra</p></div>`);
    expect(blocks.map((b) => [b.kind, b.text, b.convertible])).toEqual([
      ["paragraph", "A", true],
      ["line", "tekst", true],
      ["line", "Jaki red", true],
      ["other", "", false],
    ]);
  });
});

describe("the output passes the article sanitiser", () => {
  const samples = [
    `<p><strong>Šta se tačno menja</strong></p><p>Tekst. Još teksta.</p><p><img src="/demo/truck-2.svg" alt="a" width="1200" height="675" loading="lazy"></p><p>Najvažnije u kratkim crtama</p><ul><li>Jedan</li></ul><p><strong>Kontakt</strong></p><p>Pozovite nas na broj (555) 123-4567.</p>`,
    `<p>NOVA PRAVILA ZA CDL</p>${BODY}<p>Potrebna dokumenta:</p><ul><li>Pasoš</li></ul><p>## Česta pitanja</p>${BODY}`,
    `Uvod &amp; tekst. Druga rečenica.\nŠta kažu „vozači“\nTekst posle. I još.`,
  ];
  it.each(samples)("is unchanged by sanitizeArticleHtml: %#", (raw) => {
    const { html, headings } = convertHeadings(sanitizeArticleHtml(raw));
    expect(headings.length).toBeGreaterThan(0);
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it("gives the demo article its h2/h3 structure back", () => {
    const { headings } = convertHeadings(sanitizeArticleHtml(samples[0]));
    expect(headings.map((h) => `h${h.level}:${h.text}`)).toEqual([
      "h2:Šta se tačno menja",
      "h3:Najvažnije u kratkim crtama",
      "h2:Kontakt",
    ]);
  });
});
