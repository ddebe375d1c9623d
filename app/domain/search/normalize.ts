/**
 * The public search's words (docs/decisions/200): what a visitor typed, cleaned and cut into
 * terms, and the folding that makes the search script- and diacritic-insensitive.
 *
 * The database compares `search_norm(text)` (migration 0019): Serbian Cyrillic → Latin, diacritics
 * dropped (unaccent), lowercase, "dj" → "d". `foldForSearch` is its JavaScript twin, used to judge
 * a term's length and to find the matched words again for highlighting; an integration test
 * (search-norm.int.test.ts) checks that both give the same result. So "vozac", "vozač" and "возач"
 * are all "vozac"; "djordjevic", "dordevic", "Đorđević" and "ђорђевић" are all "dordevic": đ is
 * written "dj" or "d" without diacritics, and folding "dj" to "d" on both sides makes either
 * spelling find the other.
 *
 * Pure: no database, shared by the server and the tests.
 */
import { cyrillicToLatin } from "~/domain/articles/slug";
import { LONGEST_PLACE_WORDS, placeForms, stateCodeForms } from "./places";

/** The longest query searched; the rest is cut (and the page says so). */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many terms are searched (each is one more condition on every candidate row). */
export const SEARCH_MAX_TERMS = 5;
/** Terms shorter than this (folded) are ignored: "i", "u", "a" would match nearly everything. */
export const SEARCH_MIN_TERM_LENGTH = 2;
/** At least one term must be this long: a trigram index needs three characters to look up. */
export const SEARCH_MIN_LEADING_TERM_LENGTH = 3;

/**
 * What unaccent() rewrites and Unicode decomposition does not (or not the same way): some letters,
 * and the quotes, dashes and ellipsis of typeset Serbian text („navodnici“, —, …).
 */
const SPECIAL_FOLDS: Record<string, string> = {
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  ß: "ss",
  æ: "ae",
  Æ: "ae",
  ø: "o",
  Ø: "o",
  ł: "l",
  Ł: "l",
  œ: "oe",
  Œ: "oe",
  þ: "th",
  Þ: "th",
  ı: "i",
  // Russian й keeps its breve in unaccent()
  й: "й",
  Й: "й",
  "„": ",,",
  "‚": ",",
  "“": '"',
  "”": '"',
  "‟": '"',
  "″": '"',
  "‘": "'",
  "’": "'",
  "‛": "'",
  "′": "'",
  "«": "<<",
  "»": ">>",
  "‐": "-",
  "‑": "-",
  "‒": "-",
  "–": "-",
  "—": "-",
  "―": "-",
  "…": "...",
};

/** One character folded: transliterated, diacritics dropped, lowercase ("Ч" → "c", "Љ" → "lj"). */
function foldCharUncached(char: string): string {
  let out = "";
  for (const c of cyrillicToLatin(char)) {
    const special = SPECIAL_FOLDS[c];
    out += special ?? c.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  }
  return out;
}

/**
 * Folding is per character, so each distinct character is folded once per process: snippets fold
 * whole article texts, and Unicode normalisation per character would cost milliseconds each.
 */
const foldCache = new Map<string, string>();
const MAX_CACHED = 10_000;

function foldChar(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : char;
  let folded = foldCache.get(char);
  if (folded === undefined) {
    folded = foldCharUncached(char);
    if (foldCache.size < MAX_CACHED) foldCache.set(char, folded);
  }
  return folded;
}

export type FoldedText = {
  /** The folded text (what `search_norm` makes of it). */
  text: string;
  /** For each UTF-16 unit of `text`: the range [from, to) of the original text it came from. */
  from: number[];
  to: number[];
};

/** Folds a text like `search_norm` and remembers where each folded character came from. */
export function foldWithMap(original: string): FoldedText {
  let folded = "";
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of original) {
    const end = index + char.length;
    const out = foldChar(char);
    for (let k = 0; k < out.length; k++) {
      from.push(index);
      to.push(end);
    }
    folded += out;
    index = end;
  }
  // "dj" → "d", left to right and without overlap, like SQL replace().
  let text = "";
  const from2: number[] = [];
  const to2: number[] = [];
  for (let i = 0; i < folded.length; i++) {
    if (folded[i] === "d" && folded[i + 1] === "j") {
      text += "d";
      from2.push(from[i]);
      to2.push(to[i + 1]);
      i++;
    } else {
      text += folded[i];
      from2.push(from[i]);
      to2.push(to[i]);
    }
  }
  return { text, from: from2, to: to2 };
}

/** `search_norm(value)` in JavaScript. */
export function foldForSearch(value: string): string {
  return foldWithMap(value).text;
}

/** One way a term is searched: its text (the database folds it) and where it may occur. */
export type TermForm = {
  text: string;
  /**
   * false: anywhere in a word (what the reader typed: "kamion" finds "kamioni"); true: at the start
   * of a word (a US place, in every spelling: "Kansas" must not find "Arkansas", and a short
   * transcription such as "Roli" must not match inside "kontroli").
   */
  wordStart: boolean;
};

export type SearchTerm = {
  /** As typed (trimmed of punctuation at its ends). */
  text: string;
  /** Folded. */
  folded: string;
  /**
   * How it is searched: as typed, plus the other spellings of a US place it names (decision 260:
   * Kansas, Kanzas and Канзас find each other; "OH" searches Ohio and Охајо, not the two letters).
   * A row matches the term when it holds any of them.
   */
  forms: TermForm[];
  /** Every form folded, for highlighting. */
  marks: string[];
};

export type SearchQuery = {
  /** The query as searched and shown: cleaned, white space collapsed, at most 100 characters. */
  text: string;
  terms: SearchTerm[];
  /** Words left out: too short, or past the 5th term. */
  ignored: string[];
  /** The query was longer than SEARCH_MAX_LENGTH and was cut. */
  truncated: boolean;
  /** "empty": nothing typed; "too-short": no term of at least 3 letters or digits; "ok": search. */
  status: "ok" | "empty" | "too-short";
};

/** Control and format characters (NUL, zero-width joiners, direction marks…) never reach SQL. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

const length = (text: string) => Array.from(text).length;

/**
 * A term and its forms: the words as typed, and the other spellings of the place they name (then
 * every form is matched at a word's start).
 */
function termOf(text: string, places: readonly string[] | null, typedIsSearched = true): SearchTerm {
  const folded = foldForSearch(text);
  const forms: TermForm[] = typedIsSearched ? [{ text, wordStart: places !== null }] : [];
  const marks = typedIsSearched ? [folded] : [];
  for (const form of places ?? []) {
    const foldedForm = foldForSearch(form);
    if (marks.includes(foldedForm)) continue;
    forms.push({ text: form, wordStart: true });
    marks.push(foldedForm);
  }
  return { text, folded, forms, marks };
}

/** A term's length for the rules: its shortest searched form's, folded. */
function termLength(term: SearchTerm): number {
  return Math.min(...term.marks.map(length));
}

/**
 * The words of a query as terms: a run of up to LONGEST_PLACE_WORDS words that names a US place
 * ("Salt Lake City", "Њу Џерзи") is one term; a two-letter state code is its state.
 */
function wordsToTerms(words: readonly { text: string; quoted: boolean }[]): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    let grouped = false;
    if (!word.quoted) {
      for (let n = Math.min(LONGEST_PLACE_WORDS, words.length - i); n >= 2 && !grouped; n--) {
        const run = words.slice(i, i + n);
        if (run.some((w) => w.quoted)) continue;
        const phrase = run.map((w) => w.text).join(" ");
        const places = placeForms(phrase);
        if (places) {
          terms.push(termOf(phrase, places));
          i += n - 1;
          grouped = true;
        }
      }
    }
    if (grouped) continue;
    const code = word.quoted ? null : stateCodeForms(word.text, words.length === 1);
    terms.push(code ? termOf(word.text, code, false) : termOf(word.text, placeForms(word.text)));
  }
  return terms;
}

/**
 * `?q=` as the search uses it: invisible characters removed, white space collapsed, cut at 100
 * characters; then terms — words, or a "quoted phrase" — trimmed of punctuation at their ends,
 * without repeats (after folding), at most 5, each at least 2 folded characters, one at least 3.
 */
export function parseSearchQuery(raw: string | null | undefined): SearchQuery {
  const cleaned = (raw ?? "").normalize("NFC").replace(INVISIBLE, " ").replace(/\s+/g, " ").trim();
  const chars = Array.from(cleaned);
  const truncated = chars.length > SEARCH_MAX_LENGTH;
  const text = truncated ? chars.slice(0, SEARCH_MAX_LENGTH).join("").trim() : cleaned;

  const words: { text: string; quoted: boolean }[] = [];
  for (const match of text.matchAll(/"([^"]*)"?|([^\s"]+)/g)) {
    const word = (match[1] ?? match[2] ?? "").replace(EDGE_PUNCTUATION, "").replace(/\s+/g, " ");
    if (word !== "") words.push({ text: word, quoted: match[1] !== undefined });
  }

  const terms: SearchTerm[] = [];
  const ignored: string[] = [];
  const seen = new Set<string>();
  for (const term of wordsToTerms(words)) {
    const key = term.marks.join("|");
    if (seen.has(key)) continue;
    seen.add(key);
    if (termLength(term) < SEARCH_MIN_TERM_LENGTH || terms.length >= SEARCH_MAX_TERMS) {
      ignored.push(term.text);
      continue;
    }
    terms.push(term);
  }

  let status: SearchQuery["status"] = "ok";
  if (text === "") status = "empty";
  else if (!terms.some((t) => termLength(t) >= SEARCH_MIN_LEADING_TERM_LENGTH)) status = "too-short";
  return { text, terms: status === "ok" ? terms : [], ignored, truncated, status };
}
