import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SVG_MAX_BYTES, SVG_MAX_ELEMENTS } from "./rules";
import { isSafeSvgCss, isSafeSvgHref, sanitizeSvg } from "./svg.server";

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (body: string, attrs = "") => `<svg ${NS}${attrs}>${body}</svg>`;
const SVG_WITH_SCRIPT = Buffer.from(svg("<script>alert(1)</script>")).toString("base64");

/**
 * Known SVG XSS and data-leak vectors. The first five got past the old pattern filter (issue 8);
 * every external reference points at evil.example, so "inert" includes "evil.example is gone".
 */
const VECTORS: [string, string][] = [
  [
    "entity-encoded javascript: in xlink:href",
    svg(
      '<a xlink:href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)"><rect width="9" height="9"/></a>',
    ),
  ],
  ["hex-entity javascript: in href", svg('<a href="&#x6A;avascript&#x3A;alert(1)"><text>x</text></a>')],
  [
    "<animate values=…> writing href",
    svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text y="20">klik</text></a>'),
  ],
  [
    '<animate attributeName="href" to=…>',
    svg('<a><animate attributeName="xlink:href" begin="0" to="javascript:alert(1)"/><text>x</text></a>'),
  ],
  [
    '<set attributeName="onmouseover">',
    svg('<rect width="9" height="9"><set attributeName="onmouseover" to="alert(1)"/></rect>'),
  ],
  [
    "@im\\port inside <style>",
    svg(
      '<style>@im\\port url("https://evil.example/x.css"); rect { fill: red }</style><rect width="9" height="9"/>',
    ),
  ],
  ["<script>", svg("<script>alert(document.cookie)</script>")],
  [
    "prefixed svg:script",
    `<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>`,
  ],
  ["external script src", svg('<script xlink:href="https://evil.example/x.js"/>')],
  ["onload on the root", `<svg ${NS} onload="alert(1)"><rect width="9" height="9"/></svg>`],
  ["event handler on a shape", svg('<circle r="5" onclick="alert(1)" onmouseover="alert(2)"/>')],
  [
    "foreignObject with an iframe",
    svg(
      '<foreignObject width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>',
    ),
  ],
  [
    "XHTML iframe directly inside svg",
    svg('<iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/>'),
  ],
  ["plain javascript: link", svg('<a href="javascript:alert(1)"><text>x</text></a>')],
  [
    "javascript: with whitespace and a tab",
    svg('<a xlink:href="  java\tscript:alert(1)"><text>x</text></a>'),
  ],
  ["external <image>", svg('<image href="https://evil.example/track.png" width="1" height="1"/>')],
  ["<image> with an SVG data URI", svg(`<image href="data:image/svg+xml;base64,${SVG_WITH_SCRIPT}"/>`)],
  [
    "<image> with data:text/html",
    svg('<image xlink:href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"/>'),
  ],
  ["external <use>", svg('<use href="https://evil.example/sprite.svg#icon"/>')],
  ["<use> with an SVG data URI", svg(`<use xlink:href="data:image/svg+xml;base64,${SVG_WITH_SCRIPT}#x"/>`)],
  [
    "external feImage",
    svg('<filter id="f"><feImage href="https://evil.example/x.png"/></filter><rect filter="url(#f)"/>'),
  ],
  ["external url() in fill", svg('<rect width="9" height="9" fill="url(https://evil.example/p.svg#g)"/>')],
  [
    "external url() in a style attribute",
    svg('<rect width="9" height="9" style="fill:url(\'https://evil.example/p.svg#g\')"/>'),
  ],
  ["CSS-escaped url in a style attribute", svg('<rect style="fill:\\75rl(https://evil.example/p#g)"/>')],
  [
    "image-set() in a style attribute",
    svg("<rect style=\"fill:image-set('https://evil.example/a.png' 1x)\"/>"),
  ],
  ["animateMotion onbegin", svg('<animateMotion onbegin="alert(1)" dur="1s"/>')],
  [
    "animateTransform",
    svg('<rect><animateTransform attributeName="transform" type="rotate" onend="alert(1)"/></rect>'),
  ],
  ["discard onbegin", svg('<discard onbegin="alert(1)"/>')],
  ["SVG Tiny handler element", svg('<handler type="application/ecmascript">alert(1)</handler>')],
  [
    "xml-stylesheet processing instruction",
    `<?xml-stylesheet href="https://evil.example/x.css" type="text/css"?>${svg('<rect width="9" height="9"/>')}`,
  ],
  ["processing instruction inside", svg('<?xml-stylesheet href="https://evil.example/y.css"?><rect/>')],
];

/** What "inert" means for the stored copy, checked on the text itself. */
function expectInert(out: string) {
  expect(out).not.toMatch(/javascript/i);
  expect(out).not.toMatch(/evil\.example/);
  expect(out).not.toMatch(/alert/);
  expect(out).not.toMatch(
    /<(?:[\w-]+:)?(?:script|style|foreignObject|animate\w*|set|discard|handler|iframe)\b/i,
  );
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/<\?/);
  for (const [, value] of out.matchAll(/href="([^"]*)"/g)) expect(isSafeSvgHref(value)).toBe(true);
}

describe("sanitizeSvg: known SVG XSS vectors come out inert", () => {
  it(`covers at least 15 vectors (${VECTORS.length})`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(15);
  });
  it.each(VECTORS)("%s", async (_name, input) => {
    const result = await sanitizeSvg(input);
    // Either refused outright or stored clean; never stored as it came.
    if (!result.ok) return;
    expectInert(result.svg);
    expect(result.svg).toMatch(/^<(?:[\w-]+:)?svg[\s>]/);
  });
});

describe("sanitizeSvg: refusals", () => {
  it("refuses entity declarations (expansion bombs, hidden javascript:)", async () => {
    const doc = `<!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]>${svg('<a href="&x;"><rect/></a>')}`;
    expect(await sanitizeSvg(doc)).toEqual({ ok: false, reason: "invalid" });
  });
  it("refuses what does not parse or is not an SVG document", async () => {
    expect(await sanitizeSvg(svg("<rect>"))).toEqual({ ok: false, reason: "invalid" });
    expect(await sanitizeSvg("<svg><rect/></svg>")).toEqual({ ok: false, reason: "invalid" });
    expect(await sanitizeSvg('<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>')).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
  it("refuses files over the size or element limit before building a DOM", async () => {
    const many = svg("<g/>".repeat(SVG_MAX_ELEMENTS + 1));
    expect(await sanitizeSvg(many)).toEqual({ ok: false, reason: "too_complex" });
    const big = svg(`<desc>${"x".repeat(SVG_MAX_BYTES)}</desc>`);
    expect(await sanitizeSvg(big)).toEqual({ ok: false, reason: "too_complex" });
  });
});

describe("sanitizeSvg: a normal drawing survives", () => {
  const PIXEL_PNG =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  const drawing = `<?xml version="1.0" encoding="UTF-8"?>
<!-- made by hand -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg ${NS} viewBox="0 0 200 100" width="200" height="100" role="img" aria-label="Kamion">
  <title>Kamion</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#60a5fa"/><stop offset="1" stop-color="#dbeafe"/></linearGradient>
    <symbol id="wheel" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#18181b"/></symbol>
    <clipPath id="clip"><rect width="200" height="100" rx="8"/></clipPath>
  </defs>
  <g clip-path="url(#clip)">
    <rect width="200" height="100" fill="url(#sky)"/>
    <path d="M20 70 H150 V40 H20Z" style="fill:#dc2626;stroke:#7f1d1d;stroke-width:2"/>
    <use href="#wheel" x="30" y="65" width="20" height="20"/>
    <use xlink:href="#wheel" x="120" y="65" width="20" height="20"/>
    <image href="data:image/png;base64,${PIXEL_PNG}" x="180" y="5" width="10" height="10"/>
    <a href="#top"><text x="100" y="20" font-family="DejaVu Sans" text-anchor="middle">BALKAN VOZAČI</text></a>
  </g>
</svg>`;

  it("keeps shapes, gradients, symbols, fragment and raster data references", async () => {
    const result = await sanitizeSvg(drawing);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const kept of [
      'viewBox="0 0 200 100"',
      'fill="url(#sky)"',
      'clip-path="url(#clip)"',
      'style="fill:#dc2626;stroke:#7f1d1d;stroke-width:2"',
      'href="#wheel"',
      'xlink:href="#wheel"',
      `href="data:image/png;base64,${PIXEL_PNG}"`,
      "<linearGradient",
      "<title>Kamion</title>",
      "BALKAN VOZAČI",
    ]) {
      expect(result.svg).toContain(kept);
    }
    expect(result.removed).toBe(0);
  });

  it("renders exactly as the original", async () => {
    const result = await sanitizeSvg(drawing);
    if (!result.ok) throw new Error("refused");
    const render = (text: string) => sharp(Buffer.from(text)).raw().toBuffer({ resolveWithObject: true });
    const [before, after] = await Promise.all([render(drawing), render(result.svg)]);
    expect(after.info).toEqual(before.info);
    expect(after.data.equals(before.data)).toBe(true);
  });

  it("keeps the demo illustrations whole", async () => {
    const dir = path.resolve("public/demo");
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".svg"))) {
      const text = fs.readFileSync(path.join(dir, file), "utf8");
      const result = await sanitizeSvg(text);
      expect(result.ok && result.removed, file).toBe(0);
    }
  });
});

describe("isSafeSvgHref / isSafeSvgCss", () => {
  it("allows only same-document fragments and raster data URIs as href", () => {
    expect(isSafeSvgHref("#a")).toBe(true);
    expect(isSafeSvgHref("data:image/webp;base64,AAAA")).toBe(true);
    expect(isSafeSvgHref("data:image/svg+xml;base64,AAAA")).toBe(false);
    expect(isSafeSvgHref("other.svg#a")).toBe(false);
    expect(isSafeSvgHref("/media/x.png")).toBe(false);
    expect(isSafeSvgHref("https://example.com/#a")).toBe(false);
  });
  it("allows url(#…) and plain values, nothing that fetches", () => {
    expect(isSafeSvgCss("url(#g)")).toBe(true);
    expect(isSafeSvgCss("fill: url('#g'); stroke: #000")).toBe(true);
    expect(isSafeSvgCss("url(x.svg#g)")).toBe(false);
    expect(isSafeSvgCss("url( 'https://e.example/x' )")).toBe(false);
    expect(isSafeSvgCss("fill:\\75rl(x)")).toBe(false);
    expect(isSafeSvgCss("@import 'x.css'")).toBe(false);
  });
});
