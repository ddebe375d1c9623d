/**
 * Heading detection (spec §5): which paragraphs of an article are really headings, and at which
 * level. Pure and dependency-free; the AI headings screen, its preview and the background job all
 * use it. The rules, in the order they apply (docs/decisions/100):
 *
 * 1. Only a paragraph can become a heading: a `<p>` block whose content is text with inline
 *    formatting at most (no link, image or line break), or one line of plain text between blocks.
 *    Everything else (lists, tables, images, quotes, existing headings) is left exactly as it is.
 * 2. Never a heading: text under 5 or over 100 characters, or with more than one period; a
 *    fragment that ends with a comma or semicolon; a list item ("- …", "• …").
 * 3. Pattern-based levels:
 *    - h2: a Markdown "# …" or "## …" line; text in capitals only ("NOVA PRAVILA ZA CDL");
 *      a paragraph that is bold as a whole ("<p><strong>Uslovi</strong></p>");
 *    - h3: "### …"; a numbered section ("1. Uvod", "2) Cene");
 *    - h4: "#### …" or deeper; a sub-numbered section ("1.1 Oprema"); a short label that ends with
 *      a colon ("Potrebna dokumenta:", the colon is dropped).
 *    Pattern headings other than Markdown do not end with a period either.
 * 4. Otherwise a short capitalised phrase (up to 8 words, first letter a capital, not ending with
 *    a period, comma, semicolon, colon or exclamation mark, no "key: value" colon, no address)
 *    becomes h3.
 * 5. Context: the last block of an article is never a heading (nothing follows it); numbered
 *    lines next to other numbered lines are a list, not sections; three or more short phrases in a
 *    row are a list too; a second consecutive h3 (directly after an h3, found or already there)
 *    becomes h4.
 */

export type HeadingLevel = 2 | 3 | 4;
export type HeadingRule = "markdown" | "uppercase" | "bold" | "numbered" | "subnumbered" | "label" | "phrase";

export type DetectedHeading = { level: HeadingLevel; text: string; rule: HeadingRule };

export const HEADING_MIN_LENGTH = 5;
export const HEADING_MAX_LENGTH = 100;
export const PHRASE_MAX_WORDS = 8;

// --- Text rules --------------------------------------------------------------------------------

/** Spec §5: under 5 or over 100 characters, or more than one period, is never a heading. */
export function canBeHeading(text: string): boolean {
  const t = text.trim();
  if (t.length < HEADING_MIN_LENGTH || t.length > HEADING_MAX_LENGTH) return false;
  return countPeriods(t) <= 1;
}

function countPeriods(text: string): number {
  let n = 0;
  for (const ch of text) if (ch === ".") n++;
  return n;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

const OPENING_QUOTES = /^["'„“”«»‘’(]+/u;

/** The first letter (after opening quotes) is a capital. */
export function isCapitalised(text: string): boolean {
  const first = text.trim().replace(OPENING_QUOTES, "").charAt(0);
  return /\p{Lu}/u.test(first);
}

/** Every letter is a capital (at least four letters): "NOVA PRAVILA". */
export function isAllCaps(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 4) return false;
  return letters.every((l) => /\p{Lu}/u.test(l));
}

const LIST_MARKER = /^(?:[-*+•–—▪►]\s)/u;
const NUMBERED = /^\d{1,2}[.)]\s+["'„“«(]?\p{Lu}/u;
const SUBNUMBERED = /^\d{1,2}\.\d{1,2}[.)]?\s+["'„“«(]?\p{Lu}/u;
const NUMBERED_LINE = /^\d{1,2}(?:\.\d{1,2})?[.)]?\s/;
const MARKDOWN = /^(#{1,6})\s+(.*?)(?:\s+#+)?$/;
const ADDRESS = /@|https?:|www\./i;

function endsWithPeriod(text: string): boolean {
  return /\.$/.test(text) && !/\.\.\.$|…$/.test(text);
}

/** A short capitalised phrase (spec §5): up to 8 words, not ending with a period. */
export function isShortPhrase(text: string): boolean {
  const t = text.trim();
  if (!isCapitalised(t)) return false;
  if (wordCount(t) > PHRASE_MAX_WORDS) return false;
  if (/[.,;:!]$/.test(t)) return false;
  if (t.includes(":")) return false;
  return !ADDRESS.test(t);
}

function accept(text: string, level: HeadingLevel, rule: HeadingRule): DetectedHeading | null {
  const t = text.trim();
  if (!canBeHeading(t)) return null;
  if (/[,;]$/.test(t)) return null;
  if (rule !== "markdown" && endsWithPeriod(t)) return null;
  return { level, text: t, rule };
}

/**
 * The level a paragraph's text would get on its own (rules 2–4), before the context rules.
 * `bold`: the whole paragraph is one bold run.
 */
export function classifyText(raw: string, options: { bold?: boolean } = {}): DetectedHeading | null {
  // Most paragraphs are long sentences: reject them before any pattern runs.
  if (raw.length > HEADING_MAX_LENGTH * 3) return null;
  const text = collapseWhitespace(raw);
  if (!text || text.length > HEADING_MAX_LENGTH + 8) return null;
  const md = MARKDOWN.exec(text);
  if (md) {
    const hashes = md[1].length;
    return accept(md[2], hashes <= 2 ? 2 : hashes === 3 ? 3 : 4, "markdown");
  }
  if (LIST_MARKER.test(text)) return null;
  if (isAllCaps(text)) return accept(text, 2, "uppercase");
  if (SUBNUMBERED.test(text)) return accept(text, 4, "subnumbered");
  if (NUMBERED.test(text)) return accept(text, 3, "numbered");
  if (options.bold) return /!$/.test(text) ? null : accept(text, 2, "bold");
  const label = /^(.+?)\s*:$/.exec(text);
  if (label) {
    const body = label[1];
    if (
      isCapitalised(body) &&
      wordCount(body) <= PHRASE_MAX_WORDS &&
      !body.includes(":") &&
      !ADDRESS.test(body)
    )
      return accept(body, 4, "label");
    return null;
  }
  if (isShortPhrase(text)) return accept(text, 3, "phrase");
  return null;
}

// --- Blocks ------------------------------------------------------------------------------------

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

function collapseWhitespace(text: string): string {
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

// --- Detection with context --------------------------------------------------------------------

export type PlannedHeading = DetectedHeading & { block: Block };

/** Which blocks become headings, at which level (rules 1–5). */
export function planHeadings(all: readonly Block[]): PlannedHeading[] {
  // Empty paragraphs (spacers such as <p>&nbsp;</p>) are not content: they neither end an
  // article nor separate two headings.
  const blocks = all.filter((b) => !(b.kind === "paragraph" && b.convertible && !b.text));
  const candidates = blocks.map((b) => (b.convertible ? classifyText(b.text, { bold: b.bold }) : null));

  // The last block has nothing to introduce.
  if (candidates.length > 0) candidates[candidates.length - 1] = null;

  // Numbered lines next to other numbered lines are a list.
  const numbered = blocks.map(
    (b) => (b.kind === "paragraph" || b.kind === "line") && NUMBERED_LINE.test(b.text),
  );
  candidates.forEach((c, i) => {
    if (c && (c.rule === "numbered" || c.rule === "subnumbered") && (numbered[i - 1] || numbered[i + 1])) {
      candidates[i] = null;
    }
  });

  // Three or more short phrases in a row are a list, not headings.
  for (let i = 0; i < candidates.length; ) {
    if (candidates[i]?.rule !== "phrase") {
      i++;
      continue;
    }
    let j = i;
    while (j < candidates.length && candidates[j]?.rule === "phrase") j++;
    if (j - i >= 3) for (let k = i; k < j; k++) candidates[k] = null;
    i = j;
  }

  // A second consecutive h3 becomes h4.
  const planned: PlannedHeading[] = [];
  let previousWasH3 = false;
  blocks.forEach((block, i) => {
    const c = candidates[i];
    if (c) {
      const level: HeadingLevel = c.level === 3 && previousWasH3 ? 4 : c.level;
      planned.push({ ...c, level, block });
      previousWasH3 = c.level === 3;
      return;
    }
    previousWasH3 = block.kind === "heading" && block.level === 3;
  });
  return planned;
}

/** The headings an article would get (what the screen counts and the preview lists). */
export function detectHeadings(html: string): DetectedHeading[] {
  return planHeadings(splitBlocks(html)).map(({ level, text, rule }) => ({ level, text, rule }));
}

export type Conversion = { html: string; headings: DetectedHeading[] };

/**
 * The article with its detected paragraphs turned into headings; everything else is left byte for
 * byte. `mark` adds `data-heading="new"` to the new headings (the preview highlights them; the
 * article sanitiser would drop the attribute, so saved content never carries it).
 */
export function convertHeadings(html: string, options: { mark?: boolean } = {}): Conversion {
  const planned = planHeadings(splitBlocks(html));
  let out = html;
  for (let i = planned.length - 1; i >= 0; i--) {
    const { level, text, block } = planned[i];
    const attr = options.mark ? ' data-heading="new"' : "";
    out = `${out.slice(0, block.start)}<h${level}${attr}>${escapeText(text)}</h${level}>${out.slice(block.end)}`;
  }
  return { html: out, headings: planned.map(({ level, text, rule }) => ({ level, text, rule })) };
}
