/**
 * The demo's Cyrillic articles and slugs: the site's own transliteration (app/domain/cyrillic), so
 * the demo writes Cyrillic the way the Cyrillic pages do.
 */

import { slugText } from "~/domain/articles/slug";
import { createTransliterator } from "~/domain/cyrillic/transliterate";

export type Script = "latin" | "cyrillic";

const transliterator = createTransliterator();

export function toCyrillic(text: string): string {
  return transliterator.toCyrillic(text);
}

/** Serbian Cyrillic → Latin. */
export function toLatin(text: string): string {
  return transliterator.toLatin(text);
}

export function inScript(text: string, script: Script): string {
  return script === "cyrillic" ? toCyrillic(text) : text;
}

/**
 * URL slug as the spec's helper makes it (app/domain/articles/slug.ts): Cyrillic transliterated,
 * lowercased, only a-z, 0-9 and hyphens, at most 100 characters.
 */
export function slugify(text: string): string {
  return slugText(text);
}
