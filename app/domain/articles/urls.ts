/** The URLs article HTML and the main image may use (see sanitize.ts). */

/** A URL allowed in href/src: http(s), or relative to this site (/path, not //host), or #fragment. */
export function isSafeArticleUrl(value: string, options: { fragment: boolean }): boolean {
  const url = value.trim();
  if (url.startsWith("#")) return options.fragment;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  return /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url);
}
