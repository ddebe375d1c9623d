import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "./sanitize";

describe("sanitizeArticleHtml (allowlist)", () => {
  it("keeps the article vocabulary", () => {
    const html =
      "<h2>Naslov</h2><h3>Pod</h3><h4>Manji</h4><p>Tekst <strong>jak</strong> <b>b</b> <em>e</em> <i>i</i> <u>u</u> <s>s</s><br></p>" +
      "<blockquote>Citat</blockquote><ul><li>a</li></ul><ol><li>b</li></ol><hr><pre><code>kod</code></pre>" +
      '<figure><img src="/demo/truck-1.svg" alt="Kamion" width="800" height="600" loading="lazy"><figcaption>Opis</figcaption></figure>' +
      '<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>';
    expect(sanitizeArticleHtml(html)).toBe(
      html
        .replace("<br>", "<br />")
        .replace("<hr>", "<hr />")
        .replace('loading="lazy">', 'loading="lazy" />'),
    );
  });

  it("drops scripts, iframes, styles and their content", () => {
    expect(
      sanitizeArticleHtml("<p>a</p><script>alert(1)</script><style>p{}</style><iframe src=x>y</iframe>"),
    ).toBe("<p>a</p>");
  });

  it("drops event handlers, styles and classes", () => {
    expect(sanitizeArticleHtml('<p onclick="x()" style="color:red" class="c">t</p>')).toBe("<p>t</p>");
    expect(sanitizeArticleHtml('<img src="/a.jpg" onerror="x()">')).toBe('<img src="/a.jpg" />');
  });

  it("keeps only http(s), relative and # links", () => {
    expect(sanitizeArticleHtml('<a href="https://a.com">x</a>')).toBe('<a href="https://a.com">x</a>');
    expect(sanitizeArticleHtml('<a href="/vesti">x</a>')).toBe('<a href="/vesti">x</a>');
    expect(sanitizeArticleHtml('<a href="#deo">x</a>')).toBe('<a href="#deo">x</a>');
    expect(sanitizeArticleHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="data:text/html,x">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="//evil.com">x</a>')).toBe("<a>x</a>");
    expect(sanitizeArticleHtml('<a href="mailto:a@b.c">x</a>')).toBe("<a>x</a>");
  });

  it("normalises target and rel", () => {
    expect(sanitizeArticleHtml('<a href="https://a.com" target="_blank">x</a>')).toBe(
      '<a href="https://a.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="/a" target="_top" rel="opener">x</a>')).toBe('<a href="/a">x</a>');
  });

  it("removes images without a safe source and odd attribute values", () => {
    expect(
      sanitizeArticleHtml('<p><img src="javascript:x"><img src="data:image/svg+xml;base64,AAA">t</p>'),
    ).toBe("<p>t</p>");
    expect(sanitizeArticleHtml('<img src="//evil.com/a.png">')).toBe("");
    expect(sanitizeArticleHtml('<img src="https://a.com/x.jpg" width="100%" loading="soon" alt="a">')).toBe(
      '<img src="https://a.com/x.jpg" alt="a" />',
    );
  });

  it("turns h1 into h2 and unknown tags into their text", () => {
    expect(sanitizeArticleHtml("<h1>Veliki</h1><div><span>tekst</span></div>")).toBe("<h2>Veliki</h2>tekst");
  });

  it("escapes text", () => {
    expect(sanitizeArticleHtml('<p>a < b & "c"</p>')).toBe('<p>a &lt; b &amp; "c"</p>');
    expect(sanitizeArticleHtml("")).toBe("");
  });
});
