import sanitizeHtml from "sanitize-html";
import { isEmbedProvider } from "./embeds";
import { isSafeArticleUrl } from "./urls";

export { isSafeArticleUrl };

/**
 * Article HTML is untrusted (pasted from anywhere, typed by any editor): it is cleaned with an
 * explicit allowlist on save, again on every render (public page, admin view) and in the browser
 * for the form's live preview. Everything not listed here is dropped; the text inside a dropped
 * tag is kept, except for script/style/iframe-like blocks whose content goes with them.
 *
 * - headings h2–h4 (an h1 becomes h2: the page title is the only h1), p, br, strong/b, em/i, u, s,
 *   blockquote, ul/ol/li, figure/figcaption, table basics, hr, code/pre;
 * - a: href only http(s), relative (/…) or a fragment (#…); target only `_blank`, which always
 *   gets rel="noopener noreferrer"; any other rel/target is removed;
 * - img: src only http(s) or relative, plus alt, width, height (digits) and loading (lazy|eager);
 *   an image left without a source is removed;
 * - figure: only `data-embed` = youtube|vimeo, the marker of a video placeholder (embeds.ts).
 *
 * Pure and isomorphic (no style parsing, which needs Node): safe to import in the browser.
 */

const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "hr",
  "code",
  "pre",
];

const DIGITS = /^\d{1,4}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
    figure: ["data-embed"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
  ],
  parseStyleAttributes: false,
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const href = attribs.href?.trim();
      if (href && isSafeArticleUrl(href, { fragment: true })) out.href = href;
      if (attribs.target === "_blank") {
        out.target = "_blank";
        out.rel = "noopener noreferrer";
      }
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const src = attribs.src?.trim();
      if (src && isSafeArticleUrl(src, { fragment: false })) out.src = src;
      if (attribs.alt !== undefined) out.alt = attribs.alt;
      if (attribs.width && DIGITS.test(attribs.width)) out.width = attribs.width;
      if (attribs.height && DIGITS.test(attribs.height)) out.height = attribs.height;
      if (attribs.loading === "lazy" || attribs.loading === "eager") out.loading = attribs.loading;
      return { tagName, attribs: out };
    },
    figure: (tagName, attribs) => {
      const out: Record<string, string> = {};
      const embed = attribs["data-embed"];
      if (isEmbedProvider(embed)) out["data-embed"] = embed;
      return { tagName, attribs: out };
    },
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs) }),
    th: (tagName, attribs) => {
      const out = spans(attribs);
      if (["row", "col", "rowgroup", "colgroup"].includes(attribs.scope ?? "")) out.scope = attribs.scope;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

function spans(attribs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  if (attribs.colspan && DIGITS.test(attribs.colspan)) out.colspan = attribs.colspan;
  if (attribs.rowspan && DIGITS.test(attribs.rowspan)) out.rowspan = attribs.rowspan;
  return out;
}

/** The article HTML with only the allowlisted tags and attributes (see the module comment). */
export function sanitizeArticleHtml(html: string): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS);
}
