/**
 * Serbian Latin ↔ Cyrillic conversion and slugs for the demo data. Serbian maps one letter to one
 * letter, except the Latin digraphs lj, nj and dž, which are single Cyrillic letters.
 */

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

const CYRILLIC_TO_LATIN: Record<string, string> = Object.fromEntries(
  Object.entries(LATIN_TO_CYRILLIC).map(([latin, cyrillic]) => [cyrillic, latin]),
);

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

export function toLatin(text: string): string {
  let out = "";
  for (const char of text) {
    const lower = char.toLowerCase();
    const latin = CYRILLIC_TO_LATIN[lower];
    if (latin === undefined) out += char;
    else if (char === lower) out += latin;
    else out += latin[0].toUpperCase() + latin.slice(1);
  }
  return out;
}

export function inScript(text: string, script: Script): string {
  return script === "cyrillic" ? toCyrillic(text) : text;
}

const ASCII_FOLD: Record<string, string> = { č: "c", ć: "c", š: "s", ž: "z", đ: "dj" };

/**
 * URL slug as the spec's helper makes it: Cyrillic transliterated, lowercased, only a-z, 0-9 and
 * hyphens, at most 100 characters.
 */
export function slugify(text: string): string {
  const folded = toLatin(text)
    .toLowerCase()
    .replace(/[čćšžđ]/g, (c) => ASCII_FOLD[c])
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  return folded
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/, "");
}
