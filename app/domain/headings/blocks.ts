/**
 * An article's HTML as top-level blocks (docs/decisions/100, rule 1): which are paragraphs or
 * lines of plain text that may become headings, their text, and the range a heading replaces.
 * Pure and dependency-free (a small tag scanner: the sanitised article HTML is well-formed).
 */

/** One top-level piece of the article. Only "paragraph" and "line" blocks may become headings. */
export type Block = {
  kind: "paragraph" | "line" | "heading" | "other";
  /** The range in the HTML that a heading replaces. */
  start: number;
  end: number;
  /** The visible text, whitespace collapsed. */
  text: string;
  /** Only inline formatting inside: it may become a heading. */
  convertible: boolean;
  /** The whole block is one bold run. */
  bold: boolean;
  /** For an existing heading: its level (h1 counts as 2, h5/h6 as 4). */
  level?: number;
};

const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;

const BLOCK_TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "dl",
  "li",
  "table",
  "blockquote",
  "figure",
  "figcaption",
  "pre",
  "div",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "nav",
  "hr",
  "img",
  "iframe",
  "video",
  "audio",
  "picture",
  "form",
  "details",
  "script",
  "style",
]);
const VOID_TAGS = new Set(["hr", "img", "br", "wbr", "source", "input", "meta", "link"]);
/** Formatting that may sit inside a heading's text (it is dropped when the text becomes a heading). */
const INLINE_FORMAT = new Set(["strong", "b", "em", "i", "u", "s", "span", "mark", "small", "sub", "sup"]);

type Tag = { index: number; end: number; closing: boolean; name: string; comment: boolean };

function tagsOf(html: string, from = 0, to = html.length): Tag[] {
  const out: Tag[] = [];
  TAG.lastIndex = from;
  for (let m = TAG.exec(html); m && m.index < to; m = TAG.exec(html)) {
    out.push({
      index: m.index,
      end: m.index + m[0].length,
      closing: m[1] === "/",
      name: (m[2] ?? "").toLowerCase(),
      comment: m[0].startsWith("<!--"),
    });
  }
  return out;
}

/** Splits article HTML into its top-level blocks (rule 1). */
export function splitBlocks(html: string): Block[] {
  const tags = tagsOf(html);
  const blocks: Block[] = [];
  let runStart = 0;
  let i = 0;
  while (i < tags.length) {
    const tag = tags[i];
    if (tag.comment || tag.closing || !BLOCK_TAGS.has(tag.name)) {
      i++;
      continue;
    }
    addRun(html, runStart, tag.index, tags, blocks);
    // Find where this block ends: its matching close tag (same-name nesting counted).
    let end = html.length;
    let next = tags.length;
    if (VOID_TAGS.has(tag.name)) {
      end = tag.end;
      next = i + 1;
    } else {
      let depth = 1;
      for (let j = i + 1; j < tags.length; j++) {
        const t = tags[j];
        if (t.comment || t.name !== tag.name) continue;
        depth += t.closing ? -1 : 1;
        if (depth === 0) {
          end = t.end;
          next = j + 1;
          break;
        }
      }
    }
    blocks.push(blockFor(html, tag, end, tags.slice(i + 1, next)));
    runStart = end;
    i = next;
  }
  addRun(html, runStart, html.length, tags, blocks);
  return blocks;
}

function blockFor(html: string, open: Tag, end: number, inner: Tag[]): Block {
  const headingMatch = /^h([1-6])$/.exec(open.name);
  if (headingMatch) {
    const n = Number(headingMatch[1]);
    return {
      kind: "heading",
      start: open.index,
      end,
      text: textOf(html.slice(open.end, end)),
      convertible: false,
      bold: false,
      level: n <= 2 ? 2 : n >= 4 ? 4 : 3,
    };
  }
  if (open.name !== "p") {
    return { kind: "other", start: open.index, end, text: "", convertible: false, bold: false };
  }
  const closed = inner.length > 0 && inner[inner.length - 1].closing && inner[inner.length - 1].name === "p";
  const contentTags = closed ? inner.slice(0, -1) : inner;
  const innerEnd = closed ? inner[inner.length - 1].index : end;
  const innerHtml = html.slice(open.end, innerEnd);
  return {
    kind: "paragraph",
    start: open.index,
    end,
    text: textOf(innerHtml),
    convertible: closed && onlyInlineFormatting(contentTags),
    bold: isWhollyBold(innerHtml),
  };
}

/** Text between blocks: one "line" block per line (newline or <br> outside inline formatting). */
function addRun(html: string, from: number, to: number, allTags: Tag[], blocks: Block[]): void {
  if (from >= to) return;
  const tags = allTags.filter((t) => t.index >= from && t.end <= to);
  const cuts: { start: number; end: number }[] = [];
  let segStart = from;
  let depth = 0;
  let cursor = from;
  const cutText = (textFrom: number, textTo: number) => {
    for (let k = textFrom; k < textTo; k++) {
      if (html[k] === "\n" && depth === 0) {
        cuts.push({ start: segStart, end: k });
        segStart = k + 1;
      }
    }
  };
  for (const tag of tags) {
    cutText(cursor, tag.index);
    cursor = tag.end;
    if (tag.comment) continue;
    if (tag.name === "br" && depth === 0) {
      cuts.push({ start: segStart, end: tag.index });
      segStart = tag.end;
      continue;
    }
    if (VOID_TAGS.has(tag.name)) continue;
    depth += tag.closing ? -1 : 1;
    if (depth < 0) depth = 0;
  }
  cutText(cursor, to);
  cuts.push({ start: segStart, end: to });

  for (const cut of cuts) {
    const raw = html.slice(cut.start, cut.end);
    const text = textOf(raw);
    if (!text) continue;
    const lead = raw.length - raw.trimStart().length;
    const trail = raw.length - raw.trimEnd().length;
    const start = cut.start + lead;
    const end = cut.end - trail;
    const segTags = tags.filter((t) => t.index >= start && t.end <= end);
    blocks.push({
      kind: "line",
      start,
      end,
      text,
      convertible: balancedInline(segTags),
      bold: isWhollyBold(html.slice(start, end)),
    });
  }
}

function onlyInlineFormatting(tags: Tag[]): boolean {
  return tags.every((t) => t.comment || INLINE_FORMAT.has(t.name));
}

function balancedInline(tags: Tag[]): boolean {
  const stack: string[] = [];
  for (const t of tags) {
    if (t.comment) continue;
    if (!INLINE_FORMAT.has(t.name)) return false;
    if (t.closing) {
      if (stack.pop() !== t.name) return false;
    } else stack.push(t.name);
  }
  return stack.length === 0;
}

function isWhollyBold(innerHtml: string): boolean {
  const m = /^\s*<(strong|b)(?:\s[^>]*)?>([\s\S]*)<\/\1>\s*$/i.exec(innerHtml);
  if (!m) return false;
  return !new RegExp(`</${m[1]}>`, "i").test(m[2]);
}

// --- Text helpers ------------------------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function collapseWhitespace(text: string): string {
  return text.replace(/[\s\u00a0]+/g, " ").trim();
}

/** The visible text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  const stripped = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g, (_tag, name: string) =>
      INLINE_FORMAT.has(name.toLowerCase()) ? "" : " ",
    );
  return collapseWhitespace(decodeEntities(stripped));
}

/** Escapes text for HTML the way the article sanitiser writes text (& < > only). */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
