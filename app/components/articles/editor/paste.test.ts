/**
 * Paste arrives clean (issue 20): clipboard HTML as Google Docs, Word and a browser put it on the
 * clipboard (fixtures/), cleaned and parsed by the editor's schema, gives only the structure an
 * article allows — headings, paragraphs, bold/italic/underline, lists, links, images — and none
 * of the styles, classes, scripts, ads or buttons. Compared in canonical form (normalize.ts):
 * attribute order differs between DOM implementations.
 */
import fs from "node:fs";
import path from "node:path";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { type DomEnv, inertBody, parseArticleDom, serializeArticleDoc } from "./html";
import { canonicalArticleHtml } from "./normalize";
import { cleanPastedHtml } from "./paste";

const env: DomEnv = { document: parseHTML("<!doctype html><html><body></body></html>").document };
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

/** What the editor holds after the paste, as the HTML it saves. */
function pasted(html: string): string {
  return serializeArticleDoc(parseArticleDom(inertBody(cleanPastedHtml(html, env), env)), env);
}

function expectPaste(html: string, expected: string) {
  const got = pasted(html);
  expect(canonicalArticleHtml(got, env)).toBe(canonicalArticleHtml(expected, env));
  expect(got).not.toMatch(/style=|class=|<span|<div|<script|<iframe|<button|docs-internal|Mso|o:p/);
}

const EXT = 'target="_blank" rel="noopener noreferrer"';

describe("paste from other applications", () => {
  it("Google Docs: headings, bold/italic/underline/strike from styles, lists, links (Google's redirect undone)", () => {
    expectPaste(
      fixture("google-docs.html"),
      `<h2>Nova pravila o satima vožnje</h2>
      <p>Od prvog marta <strong>svi vozači</strong> moraju da vode <em>elektronski dnevnik</em>, a stari papirni obrasci se <u>više ne priznaju</u><s>odmah</s>.</p>
      <h2>Šta se menja</h2>
      <ul><li>Pauza od 30 minuta posle 8 sati vožnje</li><li><strong>Najviše 11 sati</strong> za volanom u smeni</li></ul>
      <ol><li>Preuzmite aplikaciju</li><li>Povežite je sa kamionom</li></ol>
      <h3>Izvor</h3>
      <p>Sve detalje objavila je <a href="https://www.fmcsa.dot.gov/regulations/hours-of-service" ${EXT}>agencija FMCSA</a> (vidi i <a href="https://www.dot.gov/" ${EXT}>DOT</a>).</p>`,
    );
  });

  it("Word: title, nested bullet list and numbered list rebuilt from mso-list paragraphs, no local images", () => {
    expectPaste(
      fixture("word-desktop.html"),
      `<h2>Zimska vožnja kroz Stenovite planine</h2>
      <h2>Pre polaska</h2>
      <p>Prevoj Vail je često zatvoren, a <strong>lanci su obavezni</strong> od oktobra do maja. Proverite i <em>prognozu</em> i <u>stanje puteva</u> pre nego što krenete.</p>
      <ul><li><p>Lanci za sve pogonske točkove</p><ul><li>Proverite propise države Colorado</li></ul></li><li>Ćebe, voda i hrana za dva dana</li></ul>
      <p>Koraci ako vas zatekne mećava:</p>
      <ol><li>Stanite na prvo bezbedno mesto</li><li>Javite se dispečeru</li></ol>
      <p>Stanje puteva objavljuje <a href="https://www.cotrip.org/" ${EXT}>COtrip</a>.</p>`,
    );
  });

  it("a web page: figure with caption kept, ads, scripts, buttons, tracking pixels and relative links gone", () => {
    expectPaste(
      fixture("web-page.html"),
      `<h2>Cena dizela porasla šestu nedelju zaredom</h2>
      <p>Autor: Jovan Petrović · 24. novembar</p>
      <figure><img src="https://cdn.truck-news.example.com/2026/11/diesel-pump.jpg" alt="Pumpa za dizel na odmorištu" width="800" height="450" loading="lazy"><figcaption>Foto: Reuters</figcaption></figure>
      <p>Prosečna cena galona dizela porasla je za <strong>šest centi</strong>, na 3,89 dolara, objavila je <a href="https://www.eia.gov/petroleum/gasdiesel/" ${EXT}>EIA</a>. Najskuplje je u <em>Kaliforniji</em>.</p>
      <p>Analitičari očekuju da cene <strong>ostanu visoke</strong> do kraja zime.</p>
      <blockquote><p>Zima je uvek skuplja za prevoznike.</p><p>— Marija Ilić, dispečer</p></blockquote>
      <h3>Povezano</h3>
      <ul><li>Parking za kamione u Ohaju</li><li><a href="https://www.truck-news.example.com/vesti/putarine" ${EXT}>Nove putarine u Illinoisu</a></li></ul>`,
    );
  });

  it("keeps plain text and drops what is only empty lines", () => {
    expectPaste(
      "<p>Jedan</p><p>&nbsp;</p><br><p><span style='font-weight:bold'>Dva</span></p>",
      "<p>Jedan</p><p><strong>Dva</strong></p>",
    );
  });
});
