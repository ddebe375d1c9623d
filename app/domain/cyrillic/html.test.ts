import { describe, expect, it } from "vitest";
import { transliterateHtml, transliterateJson } from "./html";
import { createTransliterator } from "./transliterate";
import { cyrillicLink } from "./urls";

const ORIGIN = "https://balkanvozaci.com";
const t = createTransliterator();
const toCyrillic = (html: string) =>
  transliterateHtml(html, { text: t.toCyrillic, lang: "sr-Cyrl", link: (url) => cyrillicLink(url, ORIGIN) });
const toLatin = (html: string) => transliterateHtml(html, { text: t.toLatin, lang: "sr-Latn" });

describe("a page in Cyrillic", () => {
  it("converts text and the attributes people read, nothing else", () => {
    const html =
      '<html lang="sr-Latn"><head><title>Vesti — Balkan Vozači</title></head><body><p class="text-slate-600" id="uvod" data-x="vozači">Vozači <b>kamiona</b> &amp; prikolica</p>' +
      '<img src="/media/images/vozac.jpg" alt="Vozač kamiona" title="Slika vozača" width="10"><input placeholder="Pretraga" value="vozač"><a aria-label="Sve vesti" href="/vesti">Sve</a></body></html>';
    expect(toCyrillic(html)).toBe(
      '<html lang="sr-Cyrl"><head><title>Вести — Балкан Возачи</title></head><body><p class="text-slate-600" id="uvod" data-x="vozači">Возачи <b>камиона</b> &amp; приколица</p>' +
        '<img src="/media/images/vozac.jpg" alt="Возач камиона" title="Слика возача" width="10"><input placeholder="Претрага" value="vozač"><a aria-label="Све вести" href="/cir/vesti">Све</a></body></html>',
    );
  });

  it("points the site's own pages at their Cyrillic twins, and nothing else", () => {
    const html = [
      '<a href="/">Početna</a>',
      '<a href="/article/nova-pravila-12?utm=x#komentari">a</a>',
      `<a href="${ORIGIN}/forum/3">f</a>`,
      '<form action="/forum/3" method="post"><button formAction="/forum/3/x">Pošalji</button></form>',
      '<form data-endpoint="/api/newsletter"></form>',
      '<a href="/admin">o</a>',
      '<a href="/b/14">b</a>',
      '<a href="/media/images/x.pdf">m</a>',
      '<a href="https://example.com/vesti">e</a>',
      '<a href="#sadrzaj">s</a>',
      '<a href="?page=2">p</a>',
      '<a href="mailto:info@x.com">info@x.com</a>',
      '<link rel="stylesheet" href="/assets/app.css">',
      '<a href="/cir/vesti">već</a>',
    ].join("");
    expect(toCyrillic(html)).toBe(
      [
        '<a href="/cir">Почетна</a>',
        '<a href="/cir/article/nova-pravila-12?utm=x#komentari">а</a>',
        `<a href="${ORIGIN}/cir/forum/3">ф</a>`,
        '<form action="/cir/forum/3" method="post"><button formAction="/cir/forum/3/x">Пошаљи</button></form>',
        '<form data-endpoint="/cir/api/newsletter"></form>',
        '<a href="/admin">о</a>',
        '<a href="/b/14">б</a>',
        '<a href="/media/images/x.pdf">м</a>',
        '<a href="https://example.com/vesti">е</a>',
        '<a href="#sadrzaj">с</a>',
        '<a href="?page=2">п</a>',
        '<a href="mailto:info@x.com">info@x.com</a>',
        '<link rel="stylesheet" href="/assets/app.css">',
        '<a href="/cir/vesti">већ</a>',
      ].join(""),
    );
  });

  it("keeps canonical per script and the hreflang alternates as they are", () => {
    const html =
      `<link rel="canonical" href="${ORIGIN}/vesti"><link rel="alternate" hrefLang="sr-Latn" href="${ORIGIN}/vesti">` +
      `<link rel="alternate" hrefLang="sr-Cyrl" href="${ORIGIN}/cir/vesti"><meta property="og:url" content="${ORIGIN}/vesti">` +
      '<meta name="description" content="Vesti za vozače"><meta property="og:title" content="Vesti"><meta property="og:type" content="website">';
    expect(toCyrillic(html)).toBe(
      `<link rel="canonical" href="${ORIGIN}/cir/vesti"><link rel="alternate" hrefLang="sr-Latn" href="${ORIGIN}/vesti">` +
        `<link rel="alternate" hrefLang="sr-Cyrl" href="${ORIGIN}/cir/vesti"><meta property="og:url" content="${ORIGIN}/cir/vesti">` +
        '<meta name="description" content="Вести за возаче"><meta property="og:title" content="Вести"><meta property="og:type" content="website">',
    );
  });

  it("leaves code, typed text, scripts, styles and elements in another language alone", () => {
    const html =
      "<pre>vozač <code>kamion</code></pre><p>kamion <code>vozač</code> put</p><textarea>Vozim kamion</textarea>" +
      '<script>var vozac = "<b>";</script><style>.vozac{}</style>' +
      '<p>Vozi <span lang="en">the <span>owner operator</span> road</span> dalje</p>' +
      '<a href="/lat/vesti" hreflang="sr-Latn" lang="sr-Latn" title="Latinica">Latinica</a><span translate="no">zlatibor<wbr>trucking.com</span> kraj';
    expect(toCyrillic(html)).toBe(
      "<pre>vozač <code>kamion</code></pre><p>камион <code>vozač</code> пут</p><textarea>Vozim kamion</textarea>" +
        '<script>var vozac = "<b>";</script><style>.vozac{}</style>' +
        '<p>Вози <span lang="en">the <span>owner operator</span> road</span> даље</p>' +
        '<a href="/lat/vesti" hreflang="sr-Latn" lang="sr-Latn" title="Latinica">Latinica</a><span translate="no">zlatibor<wbr>trucking.com</span> крај',
    );
  });

  it("converts the texts of JSON-LD, keeps its codes and points its URLs at the Cyrillic page", () => {
    const json = {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Nova pravila za vozače",
      author: [{ "@type": "Person", name: "Milan Đorđević" }],
      mainEntityOfPage: { "@type": "WebPage", "@id": `${ORIGIN}/article/nova-pravila-12` },
      image: [`${ORIGIN}/media/images/x.jpg`],
      datePublished: "2026-11-02T10:00:00.000Z",
      email: "info@vozaci.com",
      telephone: "(815) 555-0123",
      inLanguage: "sr-Latn",
    };
    const html = `<script type="application/ld+json">${JSON.stringify(json).replace(/</g, "\\u003c")}</script>`;
    const out = toCyrillic(html);
    const parsed = JSON.parse(out.replace(/^<script[^>]*>|<\/script>$/g, ""));
    expect(parsed).toEqual({
      ...json,
      headline: "Нова правила за возаче",
      author: [{ "@type": "Person", name: "Милан Ђорђевић" }],
      mainEntityOfPage: { "@type": "WebPage", "@id": `${ORIGIN}/cir/article/nova-pravila-12` },
      inLanguage: "sr-Cyrl",
    });
  });

  it("copies what it does not understand and returns the same string when nothing changes", () => {
    const html = '<!DOCTYPE html><!-- komentar --><div data-a="1 > 0">123</div><p>5 < 6</p>';
    expect(toCyrillic(html)).toBe(
      '<!DOCTYPE html><!-- komentar --><div data-a="1 > 0">123</div><p>5 < 6</p>',
    );
    const same = "<div><p>123 456</p></div>";
    expect(toCyrillic(same)).toBe(same);
  });
});

describe("a Latin page with Cyrillic on it", () => {
  it("shows a visitor's Cyrillic in Latin, but not the Cyrillic switch", () => {
    const html =
      '<html lang="sr-Latn"><p>Возим Freightliner у Чикаго</p><a href="/cir/forum/3" hreflang="sr-Cyrl" lang="sr-Cyrl">Ћирилица</a><textarea>Возим</textarea></html>';
    expect(toLatin(html)).toBe(
      '<html lang="sr-Latn"><p>Vozim Freightliner u Čikago</p><a href="/cir/forum/3" hreflang="sr-Cyrl" lang="sr-Cyrl">Ћирилица</a><textarea>Возим</textarea></html>',
    );
  });
});

describe("a JSON answer", () => {
  it("converts its messages", () => {
    expect(
      transliterateJson(
        '{"ok":false,"message":"Molimo unesite validnu email adresu","fieldErrors":{"email":"Obavezno"}}',
        {
          text: t.toCyrillic,
          lang: "sr-Cyrl",
        },
      ),
    ).toBe('{"ok":false,"message":"Молимо унесите валидну email адресу","fieldErrors":{"email":"Обавезно"}}');
  });
});

describe("names the page marks, and markup inside structured data (decision 261)", () => {
  it("a name marked translate=no stays whole wherever the page repeats it", () => {
    const html =
      '<html lang="sr-Latn"><head><title>Hodžić Logistics &amp; Trucking — Kompanije</title>' +
      '<meta name="description" content="Hodžić Logistics &amp; Trucking, Chicago"/>' +
      '<script type="application/ld+json">{"@type":"Organization","name":"Hodžić Logistics & Trucking","description":"Prevoz iz grada Chicago"}</script></head>' +
      '<body><h1><span translate="no">Hodžić Logistics &amp; Trucking</span></h1><p>Hodžić Logistics &amp; Trucking vozi iz grada Chicago.</p></body></html>';
    expect(toCyrillic(html)).toBe(
      '<html lang="sr-Cyrl"><head><title>Hodžić Logistics &amp; Trucking — Компаније</title>' +
        '<meta name="description" content="Hodžić Logistics &amp; Trucking, Чикаго"/>' +
        '<script type="application/ld+json">{"@type":"Organization","name":"Hodžić Logistics \\u0026 Trucking","description":"Превоз из града Чикаго"}</script></head>' +
        '<body><h1><span translate="no">Hodžić Logistics &amp; Trucking</span></h1><p>Hodžić Logistics &amp; Trucking вози из града Чикаго.</p></body></html>',
    );
  });

  it("HTML inside a JSON-LD text keeps its tags; an address keeps the post's spelling", () => {
    const html =
      '<script type="application/ld+json">{"@type":"JobPosting","description":"\\u003cp\\u003eVozač \\u003cstrong\\u003eCDL-A\\u003c/strong\\u003e\\u003c/p\\u003e","jobLocation":{"address":{"addressLocality":"Chicago","addressRegion":"IL"}}}</script>';
    const out = toCyrillic(html);
    expect(out).toContain(
      '"description":"\\u003cp\\u003eВозач \\u003cstrong\\u003eCDL-A\\u003c/strong\\u003e\\u003c/p\\u003e"',
    );
    expect(out).toContain('"addressLocality":"Chicago"');
  });
});
