/**
 * Serbian Latin ↔ Cyrillic conversion and slugs for the demo data. Serbian maps one letter to one
 * letter, except the Latin digraphs lj, nj and dž, which are single Cyrillic letters.
 */

import { cyrillicToLatin, slugText } from "~/domain/articles/slug";

export type Script = "latin" | "cyrillic";

const LATIN_TO_CYRILLIC: Record<string, string> = {
  a: "а",
  b: "б",
  c: "ц",
  č: "ч",
  ć: "ћ",
  d: "д",
  dž: "џ",
  đ: "ђ",
  e: "е",
  f: "ф",
  g: "г",
  h: "х",
  i: "и",
  j: "ј",
  k: "к",
  l: "л",
  lj: "љ",
  m: "м",
  n: "н",
  nj: "њ",
  o: "о",
  p: "п",
  r: "р",
  s: "с",
  š: "ш",
  t: "т",
  u: "у",
  v: "в",
  z: "з",
  ž: "ж",
};

/** A run of letters and digits, hyphenated runs included ("CDL-A", "I-80", "e-pošta"). */
const TOKEN = /[A-Za-z0-9ČĆŽŠĐčćžšđ]+(?:-[A-Za-z0-9ČĆŽŠĐčćžšđ]+)*/g;
const DIGRAPH_FIRST = /^(lj|nj|dž)/i;
/** Serbian acronyms, which Cyrillic text writes in Cyrillic. */
const SERBIAN_ACRONYMS = new Set(["SAD"]);

/**
 * Tokens that stay in Latin inside Cyrillic text, as Serbian print does: codes and acronyms
 * (CDL-A, I-80, X15, FMCSA) and foreign words spelt with letters Serbian lacks (q, w, x, y).
 */
function staysLatin(token: string): boolean {
  if (SERBIAN_ACRONYMS.has(token)) return false;
  const isCode =
    /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/.test(token) && /[A-Z]/.test(token) && token.replace(/-/g, "").length >= 2;
  return isCode || /[qwxy]/i.test(token);
}

function convertToken(token: string): string {
  let out = "";
  let i = 0;
  while (i < token.length) {
    const letter = token.slice(i).match(DIGRAPH_FIRST)?.[0] ?? token[i];
    const cyrillic = LATIN_TO_CYRILLIC[letter.toLowerCase()] ?? letter;
    const isUpper = letter[0] !== letter[0].toLowerCase();
    out += isUpper ? cyrillic.toUpperCase() : cyrillic;
    i += letter.length;
  }
  return out;
}

export function toCyrillic(text: string): string {
  return text.replace(TOKEN, (token: string) => (staysLatin(token) ? token : convertToken(token)));
}

/** Serbian Cyrillic → Latin; the article slug helper owns the table (app/domain/articles/slug.ts). */
export function toLatin(text: string): string {
  return cyrillicToLatin(text);
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
