import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VisitorText } from "./visitor-text";

const render = (text: string) => renderToStaticMarkup(<VisitorText text={text} />);

/**
 * Our div, or our link: an http(s) href with no quote in it, our rel, target and class; inside the
 * link our address span with its wrap points (components/address-text.tsx).
 */
const ALLOWED_TAG =
  /^(<div class="[a-z -]+">|<\/div>|<a href="https?:\/\/[^"<>\s]*" rel="nofollow ugc noopener" target="_blank" class="[a-z0-9: -]+">|<\/a>|<span translate="no">|<\/span>|<wbr\/>)$/;

/**
 * What a visitor types must never run as script: each attempt below is rendered the way every
 * forum page renders visitor text, and the markup must hold no element, attribute or URL the
 * visitor wrote.
 */
describe("VisitorText: nothing a visitor types becomes markup", () => {
  const attempts = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(1)>',
    '<a href="javascript:alert(1)">klik</a>',
    "javascript:alert(document.cookie)",
    "<iframe src=https://evil.example.com></iframe>",
    'https://a.example.com/"onmouseover="alert(1)',
    "https://a.example.com/'><script>alert(1)</script>",
    "www.a.example.com/<img src=x onerror=alert(1)>",
    "<style>body{display:none}</style>",
  ];

  for (const text of attempts) {
    it(`escapes ${JSON.stringify(text)}`, () => {
      const html = render(text);
      // Every real "<" in the output opens one of our own tags, with only our own attributes; the
      // visitor's "<" and quotes are all escaped (&lt; &quot;) inside text or the href.
      for (const tag of html.match(/<[^>]*>/g) ?? []) {
        expect(tag, html).toMatch(ALLOWED_TAG);
      }
      expect(html).not.toContain("<script");
      expect(html.replace(/<[^>]*>/g, "")).not.toMatch(/[<>]/);
    });
  }

  it("renders links with the visitor rel and keeps the line breaks", () => {
    const html = render("Red jedan\nhttps://fmcsa.dot.gov");
    expect(html).toBe(
      '<div class="whitespace-pre-line break-words">Red jedan\n<a href="https://fmcsa.dot.gov/" rel="nofollow ugc noopener" target="_blank" class="font-medium text-brand-700 underline hover:text-brand-900"><span translate="no">https://<wbr/>fmcsa.<wbr/>dot.<wbr/>gov</span></a></div>',
    );
  });
});
