/**
 * Matched words in search results (docs/decisions/200). A text is returned as segments — plain
 * strings, each marked hit or not — which the page renders as text and `<mark>` elements, so
 * React escapes every character: visitor text never becomes HTML. The matching folds the text the
 * way the database does (`foldWithMap`), so "dordevic" marks "Đorđević" and "возач" marks "vozač".
 *
 * Pure: no database, shared by the server and the tests.
 */
import { type FoldedText, foldWithMap } from "./normalize";

export type Segment = { text: string; hit: boolean };

/** Where the folded terms occur in the original text: sorted, merged ranges [from, to). */
function hitRanges(folded: FoldedText, terms: readonly string[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const term of terms) {
    if (term === "") continue;
    let at = folded.text.indexOf(term);
    while (at !== -1) {
      ranges.push([folded.from[at], folded.to[at + term.length - 1]]);
      at = folded.text.indexOf(term, at + term.length);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

function segmentsOf(text: string, ranges: readonly [number, number][], start = 0, end = text.length) {
  const out: Segment[] = [];
  let at = start;
  for (const [from, to] of ranges) {
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (b <= a) continue;
    if (a > at) out.push({ text: text.slice(at, a), hit: false });
    out.push({ text: text.slice(a, b), hit: true });
    at = b;
  }
  if (at < end) out.push({ text: text.slice(at, end), hit: false });
  return out;
}

/** The whole text, with every occurrence of the folded terms marked. */
export function highlight(text: string, terms: readonly string[]): Segment[] {
  return segmentsOf(text, hitRanges(foldWithMap(text), terms));
}

/** Whether any segment is a hit. */
export function hasHit(segments: readonly Segment[]): boolean {
  return segments.some((s) => s.hit);
}

export const SNIPPET_LENGTH = 180;

/**
 * A window of about `length` characters around the first match, cut at word boundaries, with
 * "…" where text was left out and every match inside marked. Null when no term occurs in the text.
 */
export function snippet(text: string, terms: readonly string[], length = SNIPPET_LENGTH): Segment[] | null {
  const source = text.replace(/\s+/g, " ").trim();
  const ranges = hitRanges(foldWithMap(source), terms);
  if (ranges.length === 0) return null;
  let start = 0;
  let end = source.length;
  if (source.length > length) {
    // The first match a third of the way in, so the reader sees what leads up to it.
    start = Math.max(0, Math.min(ranges[0][0] - Math.floor(length / 3), source.length - length));
    if (start > 0) {
      const space = source.indexOf(" ", start);
      start = space !== -1 && space < ranges[0][0] ? space + 1 : start;
    }
    end = Math.min(source.length, start + length);
    if (end < source.length) {
      const space = source.lastIndexOf(" ", end);
      end = space > start + length / 2 && space >= ranges[0][1] ? space : end;
    }
  }
  const segments = segmentsOf(source, ranges, start, end);
  if (start > 0) segments.unshift({ text: "… ", hit: false });
  if (end < source.length) segments.push({ text: " …", hit: false });
  return segments;
}

/** The beginning of a text (no match in it), cut at a word, as one plain segment. */
export function leadOf(text: string, length = SNIPPET_LENGTH): Segment[] {
  const source = text.replace(/\s+/g, " ").trim();
  if (source.length <= length) return source ? [{ text: source, hit: false }] : [];
  const space = source.lastIndexOf(" ", length);
  const cut = space > length / 2 ? space : length;
  return [{ text: `${source.slice(0, cut)} …`, hit: false }];
}

/** The first of the texts that contains a term, as a snippet; else the lead of the first text. */
export function bestSnippet(texts: readonly string[], terms: readonly string[]): Segment[] {
  for (const text of texts) {
    const found = snippet(text, terms);
    if (found) return found;
  }
  return leadOf(texts[0] ?? "");
}
