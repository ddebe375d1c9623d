/**
 * Text in either Serbian script (docs/decisions/211). Latin → Cyrillic letter by letter, the
 * digraphs lj, nj, dž as one letter except in the words where they are two (kon-jugacija,
 * in-jekcija, nad-živeti); never inside web and e-mail addresses, domain names, HTML character
 * references, or words that stay Latin (./foreign.ts: foreign words and names, codes,
 * abbreviations, the editors' list). Cyrillic → Latin is one to one and needs no exceptions.
 * For any Latin text, toLatin(toCyrillic(text)) === text.
 */
import { CYRILLIC_LETTER, cyrillicToLatin, latinWordToCyrillic } from "./alphabet";
import { BUILT_IN_LATIN_PHRASES, isCapitals, isShouting, staysLatin } from "./foreign";
import { mayStartPlace, placeAt } from "./place-names";

/**
 * Words in which l+j, n+j or d+ž are two letters, by their start; `|` marks where the pair splits.
 * Inflected forms follow (konjugacija, konjugacije, konjugovati).
 */
export const TWO_LETTER_PAIRS: readonly string[] = [
  "kon|jug",
  "kon|junk",
  "in|jekc",
  "in|jekt",
  "in|junkc",
  "van|jez",
  "van|jug",
  "tan|jug",
  "nad|živ",
  "nad|žnj",
  "nad|žir",
  "od|žal",
  "od|živ",
  "pod|žanr",
  "pod|žup",
];

const PAIR_STEMS = TWO_LETTER_PAIRS.map((entry) => {
  const at = entry.indexOf("|");
  return { stem: entry.replace("|", ""), at };
});

/** Where a word's digraph-looking pair splits (index of its second letter), or -1. */
export function twoLetterPairAt(word: string): number {
  const lower = word.toLowerCase();
  for (const { stem, at } of PAIR_STEMS) if (lower.startsWith(stem)) return at;
  return -1;
}

/** An HTML character reference (`&amp;`, `&#x27;`), kept as it is. */
const ENTITY = "&(?:#\\d+|#[xX][\\da-fA-F]+|[a-zA-Z][a-zA-Z\\d]*);";
const WORD = "[\\p{L}\\p{M}\\p{N}]+(?:[-'’][\\p{L}\\p{M}\\p{N}]+)*";
/** Text with only words and references (almost every text on a page). */
const SIMPLE = new RegExp(`${ENTITY}|${WORD}`, "gu");
/** Text that may hold an address: addresses first, each kept whole. */
const WITH_ADDRESSES = new RegExp(
  [
    ENTITY,
    "(?:https?:\\/\\/|www\\.)[^\\s<>\"'&]+",
    "[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+",
    "(?:[\\p{L}\\p{N}-]+\\.)+(?:com|net|org|rs|us|io|info|biz|edu|gov|me|ba|hr|eu|app|dev)(?![\\p{L}\\p{N}])(?:\\/[^\\s<>\"'&]*)?",
    WORD,
  ].join("|"),
  "gu",
);
/** Capital letters that are not Serbian words of one letter (a, i, u, o, s, k, v, e). */
const LETTER_CODE = /^[BCDFGHJLMNPRTZ]$/;
const MAY_HOLD_ADDRESS = /[@:]|\.[\p{L}\p{N}]/u;
const COMBINING = /[\u0300-\u036f]/;
const LATIN_LETTER = /[A-Za-zČĆŽŠĐčćžšđ]/;
const CYRILLIC = new RegExp(CYRILLIC_LETTER.source);

/** The editors' list (settings): one entry a line or between commas; an entry may be several words. */
export function parseLatinOnlyList(text: string): { words: Set<string>; phrases: string[] } {
  const words = new Set<string>();
  const phrases: string[] = [];
  for (const raw of text.split(/[\n,;]/)) {
    const entry = raw.trim().replace(/\s+/g, " ").toLowerCase();
    if (entry === "") continue;
    if (entry.includes(" ")) phrases.push(entry);
    else words.add(entry);
  }
  return { words, phrases };
}

export type Transliterator = {
  /** Latin → Cyrillic; `text` may be HTML text (its character references are kept). */
  toCyrillic(text: string): string;
  /** Cyrillic → Latin. */
  toLatin(text: string): string;
};

const CACHE_LIMIT = 50_000;
/**
 * Texts are remembered whole up to this many characters in all (paragraphs of a popular article,
 * labels, dates, titles come back with every render); then the memory starts again.
 */
const TEXT_CACHE_CHARACTERS = 4_000_000;
/** Longer texts (a whole pasted body) are converted each time. */
const TEXT_CACHE_MAX_LENGTH = 4_000;

/**
 * The listed names of several words ("salt lake city"), found by their first word: returns the
 * length of the listed name starting at `offset` of `text` (whose first word is `firstWord`), or 0.
 */
function phraseMatcher(
  phrases: readonly string[],
): (text: string, offset: number, firstWord: string) => number {
  const phrasesByFirstWord = new Map<string, string[]>();
  for (const phrase of phrases) {
    const first = phrase.split(/[\s.]/, 1)[0];
    const known = phrasesByFirstWord.get(first) ?? [];
    known.push(phrase);
    // Longest first, so "salt lake city" wins over a shorter name with the same first word.
    known.sort((a, b) => b.length - a.length);
    phrasesByFirstWord.set(first, known);
  }
  /** First words of the names, as they may be written: "salt", "Salt", "SALT". */
  const phraseStarts = new Set<string>();
  for (const first of phrasesByFirstWord.keys()) {
    phraseStarts.add(first);
    phraseStarts.add(first[0].toUpperCase() + first.slice(1));
    phraseStarts.add(first.toUpperCase());
  }
  return (text, offset, firstWord) => {
    if (!phraseStarts.has(firstWord)) return 0;
    const candidates = phrasesByFirstWord.get(firstWord.toLowerCase());
    if (!candidates) return 0;
    for (const phrase of candidates) {
      const end = offset + phrase.length;
      if (text.slice(offset, end).toLowerCase() !== phrase) continue;
      const after = text[end] ?? "";
      if (after === "" || !/[\p{L}\p{N}]/u.test(after)) return phrase.length;
    }
    return 0;
  };
}

/** A transliterator with the editors' list of Latin-only words and names (see parseLatinOnlyList). */
export function createTransliterator(latinOnly = ""): Transliterator {
  const list = parseLatinOnlyList(latinOnly);
  const phraseAt = phraseMatcher([...BUILT_IN_LATIN_PHRASES, ...list.phrases]);
  const cache = new Map<string, string>();
  /** Whole texts, and how many characters they hold. */
  const texts = new Map<string, string>();
  let textCharacters = 0;

  function convertWord(word: string, text: string): string {
    // "NOVO" alone is an abbreviation, in "NOVO U PONUDI" a word: not cached, it depends on the text.
    const first = word.charCodeAt(0);
    if (first >= 65 && first <= 90 && isCapitals(word)) {
      return staysLatin(word, list.words, isShouting(text))
        ? word
        : latinWordToCyrillic(word, twoLetterPairAt(word));
    }
    const cached = cache.get(word);
    if (cached !== undefined) return cached;
    const converted =
      !LATIN_LETTER.test(word) || staysLatin(word, list.words)
        ? word
        : latinWordToCyrillic(word, twoLetterPairAt(word));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, converted);
    return converted;
  }

  return {
    toCyrillic(input: string): string {
      if (!LATIN_LETTER.test(input)) return input;
      const short = input.length <= TEXT_CACHE_MAX_LENGTH;
      if (short) {
        const cached = texts.get(input);
        if (cached !== undefined) return cached;
      }
      const converted = convertText(input);
      if (short) {
        if (textCharacters > TEXT_CACHE_CHARACTERS) {
          texts.clear();
          textCharacters = 0;
        }
        texts.set(input, converted);
        textCharacters += input.length + converted.length;
      }
      return converted;
    },
    toLatin(text: string): string {
      return CYRILLIC.test(text) ? cyrillicToLatin(text) : text;
    },
  };

  /**
   * A text word by word: addresses and references kept whole; at each word, the longest of a name
   * from the Latin-only lists and a US place of the table (./us-places.ts, the place written in
   * Cyrillic as Serbian writes it; a listed name as long wins); words the editors listed stay;
   * then the word's own rules.
   */
  function convertText(input: string): string {
    const text = COMBINING.test(input) ? input.normalize("NFC") : input;
    const pattern = MAY_HOLD_ADDRESS.test(text) ? WITH_ADDRESSES : SIMPLE;
    pattern.lastIndex = 0;
    let out = "";
    let copied = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const token = match[0];
      const offset = match.index;
      const first = token.charCodeAt(0);
      // A reference (&…;), or an address: kept whole.
      if (first === 38 || (token.length > 1 && /[@/.:]/.test(token))) continue;
      const phrase = phraseAt(text, offset, token);
      const place = first >= 65 && first <= 90 && mayStartPlace(token) ? placeAt(text, offset, token) : null;
      if (place && place.length > phrase && !list.words.has(token.toLowerCase())) {
        out += text.slice(copied, offset) + place.cyrillic;
        copied = offset + place.length;
        pattern.lastIndex = copied;
        continue;
      }
      if (phrase > 0) {
        pattern.lastIndex = offset + phrase;
        continue;
      }
      // A lone capital that is no Serbian word is a code ("H — opasne materije", "klasa B"), unless
      // a dot makes it an initial ("Petar N. Jović").
      if (token.length === 1 && LETTER_CODE.test(token) && text[offset + 1] !== ".") continue;
      const converted = convertWord(token, text);
      if (converted !== token) {
        out += text.slice(copied, offset) + converted;
        copied = offset + token.length;
      }
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}

let last: { list: string; transliterator: Transliterator } | undefined;

/** The transliterator for the current list (kept while the list stays the same). */
export function transliteratorFor(latinOnly: string): Transliterator {
  if (last?.list !== latinOnly) last = { list: latinOnly, transliterator: createTransliterator(latinOnly) };
  return last.transliterator;
}
