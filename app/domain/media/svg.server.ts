/**
 * SVG uploads are sanitised, not pattern-matched (docs/decisions/120): the file is parsed as XML,
 * cleaned by DOMPurify's SVG profile with our stricter rules, serialised again, and the result is
 * parsed once more and must still be an `<svg>` document. What is stored is the cleaned copy.
 *
 * Removed: script, style, foreignObject, every animation element (animate*, set, discard — they can
 * write `href` or `on*` at run time), event handlers, any `href`/`xlink:href` that is not a
 * same-document `#fragment` or a raster `data:image/(png|jpeg|gif|webp)` (so `<use>`, `<image>`,
 * `<a>`, `<feImage>` reach nothing outside the file), and any attribute whose CSS reaches out
 * (`url(…)` other than `url(#…)`, `image-set()`, CSS escapes, `@import`, `expression(`).
 * Refused: entity declarations, files that do not parse, roots that are not SVG, and files over
 * the size/element limits (a DOM is built in memory). Serving keeps its sandbox CSP as a second wall.
 */
import type { DOMPurify } from "dompurify";
import { logger } from "~/lib/logger.server";
import { SVG_MAX_BYTES, SVG_MAX_ELEMENTS } from "./rules";

const SVG_NS = "http://www.w3.org/2000/svg";

export type SvgSanitizeResult =
  | { ok: true; svg: string; removed: number }
  | { ok: false; reason: "too_complex" | "invalid" };

type Purifier = { purify: DOMPurify; window: Window & typeof globalThis };
let purifier: Promise<Purifier> | undefined;

/** Tags removed on top of what DOMPurify's SVG profile already drops (names compared in lower case). */
const FORBID_TAGS = [
  "script",
  "style",
  "foreignobject",
  "animate",
  "animatecolor",
  "animatemotion",
  "animatetransform",
  "set",
  "discard",
  "handler",
  "listener",
  "iframe",
  "embed",
  "object",
];

const FRAGMENT = /^#[^\s#]*$/;
const RASTER_DATA_URI = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const URL_FUNCTION = /url\s*\(\s*(["']?)\s*([^)"'\s]*)/gi;
const RISKY_CSS =
  /\\|@import|image-set\s*\(|(?:^|[^a-z-])src\s*\(|expression\s*\(|-moz-binding|behavior\s*:|javascript:/i;

/** True for an `href` we keep: a same-document fragment or a raster data URI. */
export function isSafeSvgHref(value: string): boolean {
  const v = value.trim();
  return FRAGMENT.test(v) || RASTER_DATA_URI.test(v);
}

/** True when a (presentation or style) attribute value only ever points inside the document. */
export function isSafeSvgCss(value: string): boolean {
  if (RISKY_CSS.test(value)) return false;
  for (const match of value.matchAll(URL_FUNCTION)) {
    if (!match[2].startsWith("#")) return false;
  }
  return true;
}

function isHrefName(name: string): boolean {
  return name === "href" || name.endsWith(":href");
}

async function createPurifier(): Promise<Purifier> {
  // Loaded on the first SVG upload only: jsdom is large and most processes never need it.
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
  const window = new JSDOM("").window as unknown as Window & typeof globalThis;
  const purify = createDOMPurify(window);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (isHrefName(name) ? !isSafeSvgHref(data.attrValue) : !isSafeSvgCss(data.attrValue)) {
      data.keepAttr = false;
    }
  });
  return { purify, window };
}

function getPurifier(): Promise<Purifier> {
  purifier ??= createPurifier().catch((error: unknown) => {
    purifier = undefined;
    throw error;
  });
  return purifier;
}

function countStartTags(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/<[A-Za-z]/g)) n++;
  return n;
}

/** The root element when `text` parses as XML with an `<svg>` root in the SVG namespace. */
function parseSvgRoot(window: Purifier["window"], text: string): Element | null {
  const doc = new window.DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root?.localName !== "svg" || root.namespaceURI !== SVG_NS) return null;
  if (doc.getElementsByTagName("parsererror").length > 0) return null;
  return root;
}

export async function sanitizeSvg(text: string): Promise<SvgSanitizeResult> {
  if (Buffer.byteLength(text) > SVG_MAX_BYTES || countStartTags(text) > SVG_MAX_ELEMENTS) {
    return { ok: false, reason: "too_complex" };
  }
  // Internal DTD subsets declare entities (expansion bombs, hidden `javascript:`): never needed.
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>[]*\[/i.test(text)) return { ok: false, reason: "invalid" };

  const { purify, window } = await getPurifier();
  const root = parseSvgRoot(window, text.replace(/^\uFEFF/, ""));
  if (!root) return { ok: false, reason: "invalid" };
  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // `use` is dropped by the profile; we keep it because its href may only be a #fragment.
    ADD_TAGS: ["use"],
    // role="img" (with aria-label) is how an SVG tells screen readers what it shows.
    ADD_ATTR: ["role"],
    FORBID_TAGS,
    // A removed element takes its text with it (a <style>'s @import must not stay behind as text).
    KEEP_CONTENT: false,
    RETURN_DOM: true,
  });
  // DOMPurify also lists the <body> it wrapped the node in; that is not something it removed.
  const removed = purify.removed.filter((r) => !("element" in r) || r.element.nodeName !== "BODY").length;
  const cleaned = (body as Element).firstElementChild;
  if (!cleaned) return { ok: false, reason: "invalid" };
  const svg = new window.XMLSerializer().serializeToString(cleaned);
  // The second check: what we store must itself parse as an SVG document.
  if (!parseSvgRoot(window, svg)) {
    logger.warn({ removed }, "sanitised SVG no longer parses");
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, svg, removed };
}
