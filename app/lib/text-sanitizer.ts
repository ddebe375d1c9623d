/**
 * Spec §5 text sanitiser for text that visitors type (company requests, forum posts …).
 * The text is stored as plain text and React escapes it on render; this removes what has no
 * business in plain text (script and iframe blocks, javascript:, inline on-handlers,
 * data:text/html) and bounds its length.
 */
export const MAX_TEXT_LENGTH = 10000;
export const MAX_EMAIL_LENGTH = 254;

const BLOCKS = /<(script|iframe)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An opening or closing script/iframe tag left without its pair. */
const LONE_TAGS = /<\/?(script|iframe)\b[^>]*>?/gi;
const JAVASCRIPT_SCHEME = /javascript\s*:/gi;
const DATA_HTML = /data\s*:\s*text\/html[^\s"'<>]*/gi;
/** onclick=, onerror = … (an attribute-like on-handler, not words such as "online"). */
const ON_HANDLERS = /\bon[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi;

export function sanitizeText(input: unknown, maxLength = MAX_TEXT_LENGTH): string {
  if (typeof input !== "string") return "";
  let text = input;
  // Repeat until stable, so that nested tricks ("jajavascript:vascript:") do not survive one pass.
  for (let i = 0; i < 5; i++) {
    const next = text
      .replace(BLOCKS, "")
      .replace(LONE_TAGS, "")
      .replace(JAVASCRIPT_SCHEME, "")
      .replace(DATA_HTML, "")
      .replace(ON_HANDLERS, "");
    if (next === text) break;
    text = next;
  }
  return text.trim().slice(0, maxLength).trim();
}

/** The e-mail shape of spec §5 (text, an @, text, a dot, text), no spaces, at most 254 characters. */
export function isValidEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
