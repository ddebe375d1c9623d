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

import { type Block, collapseWhitespace, escapeText, splitBlocks } from "./blocks";

export { type Block, splitBlocks } from "./blocks";

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
