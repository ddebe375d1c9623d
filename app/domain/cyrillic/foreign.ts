/**
 * Which Latin words a Cyrillic page keeps in Latin, as Serbian Cyrillic print does: foreign words
 * and names in their own spelling (Freightliner, Cascadia, owner-operator, Western Star), codes
 * and abbreviations (CDL, OTR, DOT, I-70, MX-13), and whatever the editors list in the settings.
 * Serbian words never look like these, so the rules below are tuned on the demo's ~6,000 distinct
 * words (every false alarm there became a rule exception) and pinned by unit tests. US places are
 * not foreign words here: Serbian writes them in Cyrillic (./us-places.ts, decision 261).
 */

/**
 * Letter patterns Serbian spelling never produces inside a word, but English does: q, w, x, y;
 * ch, gh, ph, ck, c before t/l; doubled consonants (not dd, jj, zz: "oddeljenje", "najjači",
 * "bezzvučan"); -tion; a final -ts.
 */
const FOREIGN_PATTERN = /[qwxy]|ch|gh|ph|ck|c[tl]|cc|([bcfgklmnprst])\1|tion|sion|ts$/i;
/** "th", "ou" and "ee" are English, except after a Serbian prefix: pret-hodni, po-uzdan, ne-efikasan. */
const ENGLISH_PAIR = /th|ou|ee|ie/i;
const SERBIAN_PREFIX_PAIR = /^(pret|pot|ot|nat|pod)h|^(po|do|za|na|pro|pre|iz)u|^(ne|pre|po)e|^(pri|ni)e/i;

/**
 * Foreign words and names without such a pattern, kept in Latin everywhere: truck makers and
 * models, trucking English, company-name words, English function words. Lowercase.
 */
const BUILT_IN = [
  // Trucks, engines, trailers and other brands
  "freightliner",
  "cascadia",
  "peterbilt",
  "kenworth",
  "volvo",
  "mack",
  "navistar",
  "international",
  "prostar",
  "lonestar",
  "detroit",
  "cummins",
  "paccar",
  "utility",
  "wabash",
  "hyundai",
  "vanguard",
  "anthem",
  "coronado",
  "mercedes",
  "scania",
  "transcraft",
  "fontaine",
  "everest",
  "alcoa",
  "champion",
  "pinnacle",
  "eagle",
  "tripac",
  "amazon",
  "walmart",
  "fedex",
  "google",
  "viber",
  "whatsapp",
  "facebook",
  // Trucking English
  "owner-operator",
  "flatbed",
  "reefer",
  "hauler",
  "team",
  "regional",
  "local",
  "dedicated",
  "lease",
  "dispatch",
  "dispatcher",
  "trucker",
  "truck",
  "trucks",
  "trailer",
  "driver",
  "drivers",
  "hazmat",
  "dashcam",
  "newsletter",
  "e-mail",
  "email",
  "online",
  // Words of company names
  "logistics",
  "lines",
  "service",
  "services",
  "tire",
  "capital",
  "brokerage",
  "cold",
  "storage",
  "repair",
  "insurance",
  "finance",
  "recruiting",
  "jobs",
  "sales",
  "rental",
  "solutions",
  // English function words and company forms
  "the",
  "and",
  "of",
  "for",
  "inc",
  "ltd",
  "corp",
];

/**
 * Names of more than one word, kept whole (a word alone may be Serbian: "star"). US places are not
 * here: a Cyrillic page writes them in Cyrillic (./us-places.ts, ./place-names.ts).
 */
const BUILT_IN_PHRASES = [
  "western star",
  "great dane",
  "thermo king",
  "dry van",
  "step deck",
  "power only",
  "lease purchase",
  "car hauler",
  // Engines named after their maker's city (the city alone is a place: ./us-places.ts)
  "detroit diesel",
  "detroit dd13",
  "detroit dd15",
  "detroit dd16",
  "d.c.",
];

/** Short Serbian words: in text written all in capitals they are words, not abbreviations. */
const SHORT_SERBIAN_WORDS = new Set(
  "I U A O S K JE SU NA ZA DA SE OD DO IZ PO SA NE NI LI TO TA TE TI MI VI ON ONA ONI MU JOJ IM ILI ALI PA KAO ŠTA SVE VEĆ JOŠ BEZ KOD UZ PRE NOV NOVI NOVA NOVO DVA TRI".split(
    " ",
  ),
);

/** Serbian abbreviations written in capitals that Cyrillic text writes in Cyrillic. */
const SERBIAN_ABBREVIATIONS = new Set(["SAD", "BiH", "EU", "SRJ", "SFRJ", "JNA", "RS"]);

/** The built-in foreign words. Lowercase. */
export const BUILT_IN_LATIN_WORDS: ReadonlySet<string> = new Set(BUILT_IN);

/** The built-in names of several words. Lowercase. */
export const BUILT_IN_LATIN_PHRASES: readonly string[] = BUILT_IN_PHRASES;

const HAS_DIGIT = /\p{N}/u;
const LOWER_THEN_UPPER = /\p{Ll}\p{Lu}/u;
const CAPITALS_ONLY = /^[A-Z]+$/;

/**
 * Whether one part of a word (no hyphen) is foreign in spelling: the patterns above, a capital
 * after a small letter (iPhone, FedEx, DuraPlate), or an abbreviation in Latin capitals (CDL, OTR,
 * HVUT, FMCSA) other than a Serbian one (SAD). Capitals of up to five letters are an abbreviation;
 * in text written all in capitals ("HITNO PRODAJEM KAMION") only those of up to three are.
 */
function foreignPart(part: string, shouting: boolean): boolean {
  if (part.length >= 2 && part.length <= (shouting ? 3 : 5) && CAPITALS_ONLY.test(part)) {
    return !SERBIAN_ABBREVIATIONS.has(part) && !(shouting && SHORT_SERBIAN_WORDS.has(part));
  }
  if (LOWER_THEN_UPPER.test(part)) return !SERBIAN_ABBREVIATIONS.has(part);
  if (FOREIGN_PATTERN.test(part)) return true;
  return ENGLISH_PAIR.test(part) && !SERBIAN_PREFIX_PAIR.test(part);
}

/**
 * Whether a word (letters and digits, parts joined by hyphens or apostrophes) stays in Latin on a
 * Cyrillic page: it holds a digit (I-70, MX-13, 4x4), it or one of its parts is in the word lists
 * (`extra`: the editors' list, lowercase), or one of its parts is foreign in spelling. `shouting`:
 * the word stands in text written all in capitals.
 */
export function staysLatin(word: string, extra: ReadonlySet<string>, shouting = false): boolean {
  if (HAS_DIGIT.test(word)) return true;
  const lower = word.toLowerCase();
  if (BUILT_IN_LATIN_WORDS.has(lower) || extra.has(lower)) return true;
  for (const part of word.split(/[-'’]/)) {
    if (part === "") continue;
    const lowerPart = part.toLowerCase();
    if (BUILT_IN_LATIN_WORDS.has(lowerPart) || extra.has(lowerPart) || foreignPart(part, shouting))
      return true;
  }
  return false;
}

/** Whether a word's fate depends on its text: capitals ("NOVO" alone is an abbreviation, "SU" in shouting a word). */
export function isCapitals(word: string): boolean {
  return word.length >= 2 && word.length <= 5 && CAPITALS_ONLY.test(word);
}

/** Text written all in capitals: at least 12 capitals, and small letters under a fifth of them. */
export function isShouting(text: string): boolean {
  let upper = 0;
  let lower = 0;
  for (const char of text) {
    if (char >= "A" && char <= "Z") upper++;
    else if (char >= "a" && char <= "z") lower++;
  }
  return upper >= 12 && lower * 5 < upper;
}

const NAME_WORD = /[\p{L}\p{M}\p{N}]+(?:[-'’][\p{L}\p{M}\p{N}]+)*/gu;
const ANY_CYRILLIC = /[\u0400-\u04ff]/;

/**
 * Whether a company's or brand's name stays as written, whole, on a Cyrillic page (decision 261):
 * it is written in Latin and one of its words is foreign by the rules above (Hodžić Logistics &
 * Trucking, Kalinić Carriers LLC, Avala CDL School). A name of Serbian words only (Nikolić Prevoz)
 * is written in Cyrillic whole, like any Serbian text. One rule for the whole name, never half and
 * half.
 */
export function nameStaysLatin(name: string): boolean {
  if (ANY_CYRILLIC.test(name)) return false;
  const shouting = isShouting(name);
  for (const [word] of name.matchAll(NAME_WORD)) {
    if (/[A-Za-z]/.test(word) && staysLatin(word, NO_WORDS, shouting)) return true;
  }
  return false;
}

const NO_WORDS: ReadonlySet<string> = new Set();
