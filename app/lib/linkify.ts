/**
 * Web addresses in text that visitors type (forum posts, later listings) become links; everything
 * else stays text. Pure: it returns segments, and the component that renders them
 * (components/visitor-text.tsx) lets React escape every character, so nothing typed can become
 * markup. Only `http:` and `https:` links are made (a bare `www.` gets `https://`); `javascript:`,
 * `data:` and every other scheme stay plain text.
 */
export type TextSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** The rel of every visitor link: no ranking credit, marked as user content, no window.opener. */
export const VISITOR_LINK_REL = "nofollow ugc noopener";

/**
 * A candidate address: a scheme or "www." at a word start, then anything up to white space or a
 * character that never belongs to a typed address in running text (quotes, angle brackets,
 * backtick).
 */
const CANDIDATE = /(?<![\p{L}\p{N}_@.])(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than the address ("vidi https://x.com."). */
const TRAILING = /[.,;:!?…]+$/u;
const PAIRS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
/** Longest address turned into a link; longer text stays plain (a pasted blob, not a link). */
export const MAX_LINK_LENGTH = 2000;

/** Drops trailing punctuation and closing brackets that have no opening partner inside the URL. */
function trimTail(candidate: string): string {
  let url = candidate;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, "");
    const last = url.at(-1);
    if (last && last in PAIRS) {
      const open = PAIRS[last];
      const opens = url.split(open).length - 1;
      const closes = url.split(last).length - 1;
      if (closes > opens) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

/** The href for a typed address, or null when it is not a plain http(s) address with a host. */
export function safeHref(typed: string): string | null {
  const withScheme = /^www\./i.test(typed) ? `https://${typed}` : typed;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (!url.hostname.includes(".") || url.username || url.password) return null;
  return url.href;
}

export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  // Where the text not yet emitted starts; a candidate that is not a safe address stays in it.
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index ?? 0;
    const candidate = trimTail(match[0]);
    const href = candidate.length <= MAX_LINK_LENGTH ? safeHref(candidate) : null;
    if (!href) continue;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    segments.push({ kind: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}
