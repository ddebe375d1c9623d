/**
 * The content editor's "add link" rules (spec §5, Add link), pure so that the browser and the
 * tests share them:
 *
 * - it needs selected text in the content: with none selected, 'Prvo označite tekst u sadržaju
 *   koji želite da pretvorite u link.'; with a selection of only blanks, 'Označeni tekst je prazan.';
 * - the URL may be relative (starts with / or #) or http(s); a missing scheme gets https:// added;
 *   anything else is 'Neispravan URL. Pokušajte ponovo.'.
 */
import { type CodeIn, codes, fail, type Result } from "~/domain/result";

/** Why a link is refused; the words are LINK_MESSAGES in app/messages/articles.ts. */
export const LINK = codes("link", ["noSelection", "emptySelection", "invalidUrl"]);
export type LinkErrorCode = CodeIn<typeof LINK>;

export type LinkResult<T> = Result<T, LinkErrorCode>;

/** Checks the textarea selection [start, end) of `content`: the selected text, or why not. */
export function checkLinkSelection(content: string, start: number, end: number): LinkResult<string> {
  const from = Math.max(0, Math.min(start, end));
  const to = Math.min(content.length, Math.max(start, end));
  if (from === to) return fail(LINK.noSelection);
  const text = content.slice(from, to);
  if (text.trim() === "") return fail(LINK.emptySelection);
  return { ok: true, value: text };
}

/** A scheme at the start ("mailto:", "javascript:"), but not a host with a port ("example.com:8080"). */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
/** A host name: labels of letters, digits and hyphens with at least one dot, or localhost. */
const HOSTNAME =
  /^(localhost|([a-z0-9\u00a1-\uffff]([a-z0-9\u00a1-\uffff-]*[a-z0-9\u00a1-\uffff])?\.)+[a-z\u00a1-\uffff]{2,})$/i;

/** The URL an editor typed, normalised: relative kept, http(s) kept, no scheme → https://. */
export function normalizeLinkUrl(raw: string): LinkResult<string> {
  const input = raw.trim();
  const invalid = fail(LINK.invalidUrl);
  if (input === "" || /\s/.test(input)) return invalid;
  if (input.startsWith("#")) return input.length > 1 ? { ok: true, value: input } : invalid;
  if (input.startsWith("/") && !input.startsWith("//")) {
    return input.startsWith("/\\") ? invalid : { ok: true, value: input };
  }
  let candidate = input;
  if (candidate.startsWith("//")) candidate = `https:${candidate}`;
  const scheme = SCHEME.exec(candidate)?.[1]?.toLowerCase();
  if (scheme === undefined) candidate = `https://${candidate}`;
  else if (scheme !== "http" && scheme !== "https") return invalid;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return invalid;
  }
  if (!/^https?:\/\//i.test(candidate) || !HOSTNAME.test(url.hostname)) return invalid;
  return { ok: true, value: candidate };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The anchor for a URL and its text: external links open in a new tab (the sanitizer adds rel). */
export function linkHtml(url: string, text: string): string {
  const external = /^https?:\/\//i.test(url);
  const target = external ? ' target="_blank" rel="noopener noreferrer"' : "";
  return `<a href="${escapeAttribute(url)}"${target}>${text}</a>`;
}

/**
 * Wraps the selection [start, end) of `content` in a link to `rawUrl`, after both checks. Returns
 * the new content and where the caret goes (after the link), or why not.
 */
export function applyLink(
  content: string,
  start: number,
  end: number,
  rawUrl: string,
): LinkResult<{ content: string; caret: number }> {
  const selection = checkLinkSelection(content, start, end);
  if (!selection.ok) return selection;
  const url = normalizeLinkUrl(rawUrl);
  if (!url.ok) return url;
  const from = Math.min(start, end);
  const to = Math.max(start, end);
  const anchor = linkHtml(url.value, selection.value);
  return {
    ok: true,
    value: { content: content.slice(0, from) + anchor + content.slice(to), caret: from + anchor.length },
  };
}

/** Inserts text at the selection [start, end) of `content` (replacing it), e.g. an image tag. */
export function insertAt(
  content: string,
  start: number,
  end: number,
  text: string,
): { content: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, content.length));
  const to = Math.min(content.length, Math.max(start, end));
  return { content: content.slice(0, from) + text + content.slice(to), caret: from + text.length };
}

/** The HTML for an image put into the content ("add image" / "choose from library"). */
export function imageHtml(src: string, alt = ""): string {
  return `<figure><img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}" loading="lazy"></figure>`;
}
