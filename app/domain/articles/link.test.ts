import { describe, expect, it } from "vitest";
import { LINK_MESSAGES } from "~/messages/articles";
import { fieldMessage } from "~/messages/fields";
import {
  applyLink as apply,
  checkLinkSelection as checkSelection,
  imageHtml,
  insertAt,
  type LinkResult,
  linkHtml,
  normalizeLinkUrl as normalize,
} from "./link";

/** A rule's answer as the editor shows it: the value, or the refusal's words. */
function said<T>(result: LinkResult<T>) {
  return result.ok ? result : { ok: false as const, message: fieldMessage(result.code) };
}
const checkLinkSelection = (...args: Parameters<typeof checkSelection>) => said(checkSelection(...args));
const normalizeLinkUrl = (url: string) => said(normalize(url));
const applyLink = (...args: Parameters<typeof apply>) => said(apply(...args));

describe("checkLinkSelection (spec §5, Add link)", () => {
  it("asks to select text first when nothing is selected", () => {
    expect(checkLinkSelection("<p>Tekst</p>", 4, 4)).toEqual({
      ok: false,
      message: "Prvo označite tekst u sadržaju koji želite da pretvorite u link.",
    });
  });
  it("refuses a selection of only blanks", () => {
    expect(checkLinkSelection("a   b", 1, 4)).toEqual({ ok: false, message: "Označeni tekst je prazan." });
    expect(checkLinkSelection("a \n\t b", 1, 5)).toEqual({
      ok: false,
      message: LINK_MESSAGES.emptySelection,
    });
  });
  it("returns the selected text, whichever way it was selected", () => {
    expect(checkLinkSelection("<p>Vozači</p>", 3, 9)).toEqual({ ok: true, value: "Vozači" });
    expect(checkLinkSelection("<p>Vozači</p>", 9, 3)).toEqual({ ok: true, value: "Vozači" });
  });
});

describe("normalizeLinkUrl", () => {
  it.each([
    ["/vesti", "/vesti"],
    ["#odeljak", "#odeljak"],
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["http://example.com", "http://example.com"],
    ["HTTPS://Example.com", "HTTPS://Example.com"],
    ["example.com", "https://example.com"],
    ["www.fmcsa.dot.gov/regulations", "https://www.fmcsa.dot.gov/regulations"],
    ["example.com:8080/x", "https://example.com:8080/x"],
    ["  balkanvozaci.com  ", "https://balkanvozaci.com"],
    ["//cdn.example.com/x", "https://cdn.example.com/x"],
  ])("%s → %s", (input, expected) => {
    expect(normalizeLinkUrl(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    "",
    "   ",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<b>x</b>",
    "mailto:a@b.com",
    "ftp://example.com",
    "not a url",
    "primer",
    "#",
    "https://",
    "http://exa mple.com",
    "/\\evil.com",
  ])("refuses %j with the spec's message", (input) => {
    expect(normalizeLinkUrl(input)).toEqual({ ok: false, message: "Neispravan URL. Pokušajte ponovo." });
  });
});

describe("applyLink", () => {
  const content = "<p>Pročitajte pravila FMCSA ovde.</p>";
  const start = content.indexOf("pravila");
  const end = start + "pravila FMCSA".length;

  it("wraps the selection in a link, adding https:// when the scheme is missing", () => {
    const result = applyLink(content, start, end, "fmcsa.dot.gov");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.content).toBe(
      '<p>Pročitajte <a href="https://fmcsa.dot.gov" target="_blank" rel="noopener noreferrer">pravila FMCSA</a> ovde.</p>',
    );
    expect(result.value.caret).toBe(result.value.content.indexOf("</a>") + 4);
  });

  it("keeps a relative link on the site without a new tab", () => {
    const result = applyLink(content, start, end, "/vesti");
    expect(result.ok && result.value.content).toBe(
      '<p>Pročitajte <a href="/vesti">pravila FMCSA</a> ovde.</p>',
    );
  });

  it("checks the selection before the URL, and changes nothing on an error", () => {
    expect(applyLink(content, 3, 3, "javascript:x")).toEqual({
      ok: false,
      message: LINK_MESSAGES.noSelection,
    });
    expect(applyLink(content, start, end, "javascript:x")).toEqual({
      ok: false,
      message: LINK_MESSAGES.invalidUrl,
    });
  });

  it("escapes quotes in the URL", () => {
    expect(linkHtml('/a"onmouseover="x', "t")).toBe('<a href="/a&quot;onmouseover=&quot;x">t</a>');
  });
});

describe("insertAt / imageHtml", () => {
  it("inserts at the caret or replaces the selection", () => {
    expect(insertAt("abc", 1, 1, "X")).toEqual({ content: "aXbc", caret: 2 });
    expect(insertAt("abc", 0, 2, "X")).toEqual({ content: "Xc", caret: 1 });
  });
  it("builds a lazy figure image with escaped attributes", () => {
    expect(imageHtml("/media/a.jpg", 'Kamion "X"')).toBe(
      '<figure><img src="/media/a.jpg" alt="Kamion &quot;X&quot;" loading="lazy"></figure>',
    );
  });
});
