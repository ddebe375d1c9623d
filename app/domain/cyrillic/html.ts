/**
 * A rendered page in the reader's script (docs/decisions/211): one pass over the finished HTML that
 * converts what people read — text, the alt/title/aria-label/placeholder attributes, the texts of
 * the description and share tags, the text of JSON-LD — and on a Cyrillic page points the site's own
 * links at its Cyrillic pages. It never touches markup, other attributes, URLs, e-mail addresses,
 * `<script>`/`<style>`, `<code>`/`<pre>`/`<kbd>`/`<samp>`/`<textarea>` (typed text stays as typed),
 * or an element marked with its own `lang` (`lang="en"`, the other script's switch) or
 * `translate="no"`.
 *
 * The input is our own renderer's output (React): attribute values are quoted and escaped, tags
 * are well formed. Anything unexpected is copied as it is.
 */
import { jsonLdString } from "~/lib/json-ld";
import { transliteratorFor } from "./transliterate";
import { cyrillicLink, HTML_LANG, type Script } from "./urls";

export type HtmlScriptOptions = {
  /** Converts a piece of text (HTML text: character references are kept as they are). */
  text: (text: string) => string;
  /** The value of `<html lang>` and JSON-LD `inLanguage` in the target script. */
  lang: string;
  /** Rewrites a link of the site (href, action, canonical, JSON-LD URLs); absent: links unchanged. */
  link?: (url: string) => string;
  /** Set by the pass itself: the page's marked names (see keepingMarkedNames), and the conversion of JSON-LD texts. */
  keep?: readonly string[];
  json?: (text: string) => string;
};

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);
/** Elements whose text is code or typed by the visitor: copied as it is. */
const VERBATIM = new Set(["code", "pre", "kbd", "samp", "var", "textarea"]);
/** Attributes people read. */
const TEXT_ATTRIBUTES = new Set(["alt", "title", "aria-label", "placeholder"]);
/** Attributes that hold a link of the site. */
const LINK_ATTRIBUTES = new Set(["href", "action", "formaction", "data-endpoint"]);
/** `<meta name|property=… content=…>` whose content is text. */
const META_TEXT = new Set([
  "description",
  "og:title",
  "og:description",
  "og:site_name",
  "og:image:alt",
  "twitter:title",
  "twitter:description",
  "twitter:image:alt",
  "article:section",
  "article:tag",
]);
const META_LINK = new Set(["og:url"]);
/** An attribute the pass may change or must know about, anywhere in the page (one sweep). */
const ATTRIBUTE_SWEEP =
  /\s(href|action|formaction|data-endpoint|alt|title|aria-label|placeholder|content|lang|translate|hreflang)=("?)/gi;

/** JSON-LD keys whose values are not text: kept, or rewritten as links. */
const JSON_LINK_KEYS = new Set(["url", "@id", "mainEntityOfPage", "sameAs", "item"]);
const JSON_KEPT_KEYS = new Set([
  "@context",
  "@type",
  "image",
  "logo",
  "contentUrl",
  "thumbnailUrl",
  "embedUrl",
  "datePublished",
  "dateModified",
  "dateCreated",
  "datePosted",
  "validThrough",
  "uploadDate",
  "telephone",
  "priceCurrency",
  "currency",
  "unitText",
  "addressCountry",
  "addressRegion",
  "postalCode",
  "identifier",
  "employmentType",
  "interactionType",
  "availability",
  "itemCondition",
  // An address as the post writes it (search engines match it with their maps).
  "addressLocality",
  "streetAddress",
]);

/** The interesting attributes of a tag, with their (double-quoted, as React writes them) values. */
const META_KEY = /\s(?:name|property)="([^"]*)"/;

/** The index just past the `>` that ends the tag opened at `start` (quotes respected), or -1. */
function tagEnd(html: string, start: number): number {
  let gt = html.indexOf(">", start);
  if (gt === -1) return -1;
  // Almost always right away: the quotes before the ">" pair up (React escapes ">" in values).
  let quote = html.indexOf('"', start);
  while (quote !== -1 && quote < gt) {
    const close = html.indexOf('"', quote + 1);
    if (close === -1) return -1;
    if (close > gt) gt = html.indexOf(">", close);
    if (gt === -1) return -1;
    quote = html.indexOf('"', close + 1);
  }
  return gt + 1;
}

/** Where a tag name that starts at `start` ends (letters, then letters, digits, hyphens). */
function tagNameEnd(html: string, start: number): number {
  let i = start;
  for (; i < html.length; i++) {
    const c = html.charCodeAt(i) | 32; // lower case
    const letter = c >= 97 && c <= 122;
    if (letter) continue;
    const digitOrHyphen = (c >= 48 && c <= 57) || html.charCodeAt(i) === 45;
    if (i === start || !digitOrHyphen) break;
  }
  return i;
}

/** Where `</name` starts after `from` (our renderer writes tags in lowercase; others are found too). */
function closingTag(html: string, name: string, from: number): number {
  const lower = html.indexOf(`</${name}`, from);
  if (lower !== -1) return lower;
  const pattern = new RegExp(`</${name}`, "gi");
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

// One flat scanner on purpose: it runs over every served page, and its steps (text, tags, scripts,
// attributes) share the cursor, the verbatim state and the attribute sweep kept in locals.
export function transliterateHtml(html: string, pageOptions: HtmlScriptOptions): string {
  const options = keepingMarkedNames(html, pageOptions);
  const { text: convert, link } = options;
  // Only what changes is written: `out` holds the page up to `copied`; the rest is still `html`.
  let out = "";
  let copied = 0;
  const replace = (from: number, to: number, value: string) => {
    out += html.slice(copied, from) + value;
    copied = to;
  };
  let i = 0;
  /** The element whose content is copied as it is, and how deep inside same-named ones we are. */
  let verbatim: { name: string; depth: number } | null = null;
  /** The next attribute of interest (ATTRIBUTE_SWEEP), found once for the whole page. */
  let next_: RegExpExecArray | null | undefined; // undefined: not looked yet; null: none left
  const sweep = (from: number) => {
    ATTRIBUTE_SWEEP.lastIndex = from;
    return ATTRIBUTE_SWEEP.exec(html);
  };

  while (i < html.length) {
    const lt = html.indexOf("<", i);
    const textEnd = lt === -1 ? html.length : lt;
    if (textEnd > i && !verbatim) {
      const text = html.slice(i, textEnd);
      const converted = convert(text);
      if (converted !== text) replace(i, textEnd, converted);
    }
    if (lt === -1) break;

    // Comments, doctype, processing instructions: copied.
    const next = html.charCodeAt(lt + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      const end = html.startsWith("<!--", lt) ? html.indexOf("-->", lt + 4) + 3 : html.indexOf(">", lt) + 1;
      i = end <= 0 ? html.length : end;
      continue;
    }
    const nameStart = next === 47 /* / */ ? lt + 2 : lt + 1;
    const nameEnd = tagNameEnd(html, nameStart);
    const end = nameEnd > nameStart ? tagEnd(html, lt) : -1;
    if (end === -1) {
      // A lone "<" in text (React escapes it, so this is not ours): copied.
      i = lt + 1;
      continue;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    i = end;

    if (next === 47 /* / */) {
      if (verbatim && verbatim.name === name && --verbatim.depth === 0) verbatim = null;
      continue;
    }

    const selfClosing = VOID.has(name) || html.charCodeAt(end - 2) === 47;
    if (verbatim && verbatim.name === name && !selfClosing) verbatim.depth++;

    if (name === "script" || name === "style") {
      const close = closingTag(html, name, end);
      const contentEnd = close === -1 ? html.length : close;
      if (name === "script" && !verbatim && html.slice(lt, end).includes('type="application/ld+json"')) {
        const content = html.slice(end, contentEnd);
        const converted = convertJsonLd(content, options);
        if (converted !== content) replace(end, contentEnd, converted);
      }
      i = contentEnd;
      continue;
    }

    // Most tags carry only classes: one sweep over the page finds the next attribute of interest,
    // and a tag before it is passed over without being looked at.
    if (next_ === undefined || (next_ !== null && next_.index < lt)) next_ = sweep(lt);
    let own = false;
    if (next_ && next_.index < end) {
      const found: { attribute: string; from: number; to: number }[] = [];
      let hreflang = false;
      while (next_ && next_.index < end) {
        const attribute = next_[1].toLowerCase();
        const from = next_.index + next_[0].length;
        const to = next_[2] === '"' ? html.indexOf('"', from) : from;
        if (attribute === "hreflang") hreflang = true;
        else if (attribute === "translate") own ||= html.startsWith('no"', from);
        else {
          if (attribute === "lang" && name !== "html") own = true;
          if (to > from || next_[2] === '"') found.push({ attribute, from, to });
        }
        next_ = sweep(to + 1);
      }
      const readable = !verbatim && !own;
      const metaKey = name === "meta" ? (META_KEY.exec(html.slice(lt, end))?.[1] ?? "") : "";
      for (const { attribute, from, to } of found) {
        const value = html.slice(from, to);
        let next = value;
        if (attribute === "lang") next = name === "html" ? options.lang : value;
        else if (TEXT_ATTRIBUTES.has(attribute)) next = readable ? convert(value) : value;
        else if (LINK_ATTRIBUTES.has(attribute)) next = link && !hreflang ? link(value) : value;
        else if (attribute === "content") {
          if (readable && META_TEXT.has(metaKey)) next = convert(value);
          else if (link && META_LINK.has(metaKey)) next = link(value);
        }
        if (next !== value) replace(from, to, next);
      }
    }
    if (!verbatim && !selfClosing && (own || VERBATIM.has(name))) verbatim = { name, depth: 1 };
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** A JSON document's texts in the target script (keys, links and codes kept; see JSON-LD). */
export function transliterateJson(json: string, options: HtmlScriptOptions): string {
  try {
    return JSON.stringify(convertJsonValue(JSON.parse(json), "", options));
  } catch {
    return json;
  }
}

const MARKUP = /^\s*<[a-z][a-z0-9]*[\s>/]/i;

/**
 * Names a component marked to stay as written (`translate="no"` around plain text: a company's or
 * a brand's name, components/brand-name.tsx) stay so wherever else the page repeats them — its
 * title, description, structured data and other text — so one name never comes out half in each
 * script. Returns the options with a text conversion that leaves those names alone.
 */
function keepingMarkedNames(html: string, options: HtmlScriptOptions): HtmlScriptOptions {
  if (options.keep) return options;
  const names = new Set<string>();
  // Found from each `translate="no"` (a page has a few), not by one expression over the whole page.
  for (let at = html.indexOf(MARK); at !== -1; at = html.indexOf(MARK, at + MARK.length)) {
    const open = html.lastIndexOf("<", at);
    const textStart = html.indexOf(">", at) + 1;
    const textEnd = html.indexOf("<", textStart);
    if (open === -1 || textStart === 0 || textEnd === -1) continue;
    const name = html.slice(textStart, textEnd).trim();
    // Only an element that holds just its text (an address drawn in pieces is kept where it is).
    const tag = html.slice(open + 1, html.indexOf(" ", open));
    if (!html.startsWith(`</${tag}>`, textEnd)) continue;
    if (name.length >= 3 && /\p{L}/u.test(name)) names.add(name);
  }
  // A name the page shows only where it is marked needs nothing more (a banner's company).
  const repeated = [...names].filter((name) => {
    const raw = unescapeText(name);
    return occurrences(html, name) + (raw === name ? 0 : occurrences(html, raw)) > 1;
  });
  if (repeated.length === 0) return options;
  const escaped = repeated.sort((a, b) => b.length - a.length);
  const raw = escaped.map(unescapeText);
  const convert = options.text;
  return {
    ...options,
    keep: raw,
    text: convertAround(escaped, convert),
    json: convertAround(raw, convert),
  };
}

const MARK = ' translate="no"';

function occurrences(html: string, text: string): number {
  let n = 0;
  for (let at = html.indexOf(text); at !== -1 && n < 2; at = html.indexOf(text, at + text.length)) n++;
  return n;
}

function unescapeText(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** A conversion that leaves `names` (longest first) as they are wherever a text holds them. */
function convertAround(
  names: readonly string[],
  convert: (text: string) => string,
): (text: string) => string {
  const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  return (text) => {
    pattern.lastIndex = 0;
    let match = pattern.exec(text);
    if (!match) return convert(text);
    let out = "";
    let at = 0;
    for (; match !== null; match = pattern.exec(text)) {
      out += convert(text.slice(at, match.index)) + match[0];
      at = match.index + match[0].length;
    }
    return out + convert(text.slice(at));
  };
}

function convertJsonLd(content: string, options: HtmlScriptOptions): string {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return content;
  }
  return jsonLdString(convertJsonValue(value, "", options));
}

function convertJsonValue(value: unknown, key: string, options: HtmlScriptOptions): unknown {
  if (typeof value === "string") {
    if (key === "inLanguage") return options.lang;
    if (JSON_LINK_KEYS.has(key) || /^https?:\/\//.test(value))
      return options.link ? options.link(value) : value;
    if (JSON_KEPT_KEYS.has(key)) return value;
    // HTML in a value (a JobPosting's description): its text, never its tags.
    if (MARKUP.test(value)) return transliterateHtml(value, { text: options.text, lang: options.lang });
    return (options.json ?? options.text)(value);
  }
  if (Array.isArray(value)) return value.map((item) => convertJsonValue(item, key, options));
  if (value !== null && typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) result[k] = convertJsonValue(v, k, options);
    return result;
  }
  return value;
}

/**
 * HTML written in Latin, in the given script: a Cyrillic page of the site (server/http/scripts.ts)
 * or an e-mail to a reader who reads Cyrillic. Links of the site (under `origin`) move to their
 * Cyrillic twins.
 */
export function htmlInScript(
  html: string,
  script: Script,
  { origin, latinOnly }: { origin: string; latinOnly: string },
): string {
  if (script === "lat") return html;
  return transliterateHtml(html, {
    text: transliteratorFor(latinOnly).toCyrillic,
    lang: HTML_LANG.cir,
    link: (url) => cyrillicLink(url, origin),
  });
}

/** Plain text written in Latin (addresses and links kept), in the given script. */
export function textInScript(text: string, script: Script, latinOnly: string): string {
  return script === "lat" ? text : transliteratorFor(latinOnly).toCyrillic(text);
}
