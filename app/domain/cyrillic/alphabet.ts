/**
 * Serbian's two alphabets, letter by letter (Vuk's Cyrillic and Gaj's Latin). Thirty letters each,
 * one to one, except that three Cyrillic letters are written in Latin with two: љ lj, њ nj, џ dž.
 * Pure; used by the page transliteration (./transliterate.ts) and the article slugs.
 */

/** Cyrillic letter → Latin, lowercase. */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  ђ: "đ",
  е: "e",
  ж: "ž",
  з: "z",
  и: "i",
  ј: "j",
  к: "k",
  л: "l",
  љ: "lj",
  м: "m",
  н: "n",
  њ: "nj",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  ћ: "ć",
  у: "u",
  ф: "f",
  х: "h",
  ц: "c",
  ч: "č",
  џ: "dž",
  ш: "š",
};

/** Latin letter (digraphs included) → Cyrillic, lowercase. */
export const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CYRILLIC_TO_LATIN).map(([cyrillic, latin]) => [latin, cyrillic]),
);

/** Any letter of the Serbian Cyrillic alphabet (either case). */
export const CYRILLIC_LETTER = /[ЂЈ-ЋЏА-Ша-шђј-ћџ]/;

const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;

/**
 * Serbian Cyrillic → Latin, keeping case: "Љубав" → "Ljubav", "ЉУБАВ" → "LJUBAV" (a digraph is
 * written in capitals when the letter after it is a capital, or when it ends a word in capitals).
 * Other characters, other Cyrillic alphabets' letters included, are kept as they are.
 */
export function cyrillicToLatin(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const lower = char.toLowerCase();
    const latin = CYRILLIC_TO_LATIN[lower];
    if (latin === undefined) {
      out += char;
    } else if (char === lower) {
      out += latin;
    } else if (latin.length === 1) {
      out += latin.toUpperCase();
    } else {
      const next = text[i + 1] ?? "";
      const previous = text[i - 1] ?? "";
      const capitals = UPPER.test(next) || (!LETTER.test(next) && UPPER.test(previous));
      out += capitals ? latin.toUpperCase() : latin[0].toUpperCase() + latin.slice(1);
    }
  }
  return out;
}

/**
 * One Latin word → Cyrillic, letter by letter, the digraphs lj, nj and dž read as one letter except
 * across `noDigraphAt` (the index of the second letter of a pair that is two letters, as in
 * "kon|jugacija"). Characters that are not Serbian Latin letters are kept.
 */
export function latinWordToCyrillic(word: string, noDigraphAt = -1): string {
  let out = "";
  let i = 0;
  while (i < word.length) {
    const char = word[i];
    const lower = char.toLowerCase();
    if (i + 1 < word.length && i + 1 !== noDigraphAt && (lower === "l" || lower === "n" || lower === "d")) {
      const pair = lower + word[i + 1].toLowerCase();
      const digraph = pair === "lj" || pair === "nj" || pair === "dž" ? LATIN_TO_CYRILLIC[pair] : undefined;
      if (digraph) {
        out += char === lower ? digraph : digraph.toUpperCase();
        i += 2;
        continue;
      }
    }
    const cyrillic = LATIN_TO_CYRILLIC[lower];
    out += cyrillic === undefined ? char : char === lower ? cyrillic : cyrillic.toUpperCase();
    i++;
  }
  return out;
}
