/** Spec §9: link labels in the newsletter are cut at 30 characters. */
export const LINK_LABEL_MAX = 30;

/** The label cut to 30 characters, with an ellipsis when something was cut. */
export function truncateLabel(label: string, max = LINK_LABEL_MAX): string {
  const text = label.trim().replace(/\s+/g, " ");
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join("").trimEnd()}…`;
}

/** `https://www.balkanvozaci.com/article/x-12` → `balkanvozaci.com/article/x-12` (cut to 30). */
export function urlLabel(url: string, max = LINK_LABEL_MAX): string {
  let text = url;
  try {
    const u = new URL(url);
    text = `${u.hostname.replace(/^www\./, "")}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    // Not an absolute URL: label it as written.
  }
  return truncateLabel(text, max);
}

/** An excerpt short enough for an e-mail card (whole words, at most `max` characters). */
export function shortExcerpt(text: string, max = 220): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}

/** The plain-text part: headings as written (html-to-text would shout them in capitals). */
export const PLAIN_TEXT_OPTIONS = {
  selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })),
};
