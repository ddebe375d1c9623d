/**
 * Finding the US places of the table (./us-places.ts) in Latin text, for the Cyrillic pass
 * (docs/decisions/261): a name as English writes it — capitalised as in the table ("Salt Lake City")
 * or in capitals ("SALT LAKE CITY") — standing as a whole word or words. A name that is also an
 * English word or a brand (Mobile, Goodyear) counts only with its state after it ("Mobile,
 * Alabama", "Mobile, AL"). Pure.
 */
import { STATE_CODES } from "~/domain/listings/states";
import { US_PLACES, type UsPlace } from "./us-places";

/** The first word of a name as the transliterator's word pattern cuts it ("St", "Lee's", "Winston-Salem"). */
const FIRST_WORD = /[\p{L}\p{M}\p{N}]+(?:[-'’][\p{L}\p{M}\p{N}]+)*/u;
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}]/u;

/** A place found in a text: how many characters its name takes and its Cyrillic form there. */
export type PlaceMatch = { length: number; cyrillic: string };

type Candidate = {
  /** As written in the text: the table's spelling, or in capitals. */
  written: string;
  cyrillic: string;
  /** For an ambiguous name: what must follow it (", Alabama", ", AL"), else null. */
  followers: readonly string[] | null;
};

const STATE_NAMES_BY_CODE = new Map<string, string>(
  [...Object.entries(STATE_CODES), ["District of Columbia", "DC"] as const].map(([name, code]) => [
    code,
    name,
  ]),
);

function followersOf(place: UsPlace): string[] {
  return place.states.flatMap((code) => {
    const name = STATE_NAMES_BY_CODE.get(code);
    return name ? [name, code, name.toUpperCase()] : [code];
  });
}

/** Candidates by the first word as written ("Salt", "SALT"), the longest names first. */
function buildIndex(places: readonly UsPlace[]): Map<string, Candidate[]> {
  const index = new Map<string, Candidate[]>();
  const add = (written: string, cyrillic: string, followers: string[] | null) => {
    const first = FIRST_WORD.exec(written)?.[0];
    if (!first || !written.startsWith(first)) return;
    const list = index.get(first) ?? [];
    list.push({ written, cyrillic, followers });
    index.set(first, list);
  };
  for (const place of places) {
    const followers = place.ambiguous ? followersOf(place) : null;
    add(place.name, place.cyrillic, followers);
    const upper = place.name.toUpperCase();
    if (upper !== place.name) add(upper, place.cyrillic.toUpperCase(), followers);
  }
  for (const list of index.values()) list.sort((a, b) => b.written.length - a.written.length);
  return index;
}

const INDEX = buildIndex(US_PLACES);

/** Whether `text` at `at` holds ", <state>" (the state of an ambiguous name), whole. */
function stateFollows(text: string, at: number, followers: readonly string[]): boolean {
  const rest = /^,\s*/.exec(text.slice(at, at + 3));
  if (!rest) return false;
  const from = at + rest[0].length;
  return followers.some(
    (state) => text.startsWith(state, from) && !WORD_CHARACTER.test(text[from + state.length] ?? ""),
  );
}

/**
 * The place whose name starts at `offset` of `text` (where the word `firstWord` starts), or null:
 * the longest name of the table written there whole.
 */
export function placeAt(text: string, offset: number, firstWord: string): PlaceMatch | null {
  const candidates = INDEX.get(firstWord);
  if (!candidates) return null;
  for (const { written, cyrillic, followers } of candidates) {
    if (!text.startsWith(written, offset)) continue;
    const end = offset + written.length;
    if (WORD_CHARACTER.test(text[end] ?? "")) continue;
    if (followers && !stateFollows(text, end, followers)) continue;
    return { length: written.length, cyrillic };
  }
  return null;
}

/** Whether a word can start a place name (a quick test before `placeAt`). */
export function mayStartPlace(word: string): boolean {
  return INDEX.has(word);
}
