/**
 * US places in a search (docs/decisions/260, 261): a reader types a state or a city the way English
 * writes it (Kansas), the way Serbian writes it in either script (Kanzas, Канзас) or, for a state,
 * its two-letter code (KS) — and finds all of them. The forms come from the table of the Cyrillic
 * pages (app/domain/cyrillic/us-places.ts), so the search and the pages agree. Pure.
 */
import { US_PLACES } from "~/domain/cyrillic/us-places";
import { STATE_CODES } from "~/domain/listings/states";
import { foldForSearch } from "./normalize";

/** A place's name folded for lookup: as the search folds it, punctuation as one space ("st louis"). */
export function placeKey(text: string): string {
  return foldForSearch(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The number of words of the longest place name (a query is looked up that many words at a time). */
export const LONGEST_PLACE_WORDS = 4;

let formsByKey: Map<string, string[]> | undefined;

/**
 * Every written form of the places sharing a key: "kanzas" → Kansas, Канзас. Built on first use
 * (normalize.ts, whose folding it uses, imports this module).
 */
function formsOf(key: string): readonly string[] | undefined {
  if (!formsByKey) {
    formsByKey = new Map();
    for (const place of US_PLACES) {
      for (const placeKeyOf of [placeKey(place.name), placeKey(place.cyrillic)]) {
        const forms = formsByKey.get(placeKeyOf) ?? [];
        for (const form of [place.name, place.cyrillic]) if (!forms.includes(form)) forms.push(form);
        formsByKey.set(placeKeyOf, forms);
      }
    }
  }
  return formsByKey.get(key);
}

const STATE_BY_CODE = new Map(Object.entries(STATE_CODES).map(([name, code]) => [code, name]));

/** The written forms of the place a (folded) phrase names — English and Serbian — or null. */
export function placeForms(phrase: string): readonly string[] | null {
  return formsOf(placeKey(phrase)) ?? null;
}

/**
 * The forms of the state a two-letter code names ("OH" → Ohio, Охајо), or null. A code counts
 * when it is written in capitals, or when it is the whole query ("oh" alone can mean nothing else
 * to a search that needs three letters): "pa", "ne" and "me" are Serbian words.
 */
export function stateCodeForms(word: string, wholeQuery: boolean): readonly string[] | null {
  if (word.length !== 2 || !(wholeQuery || /^[A-Z]{2}$/.test(word))) return null;
  const state = STATE_BY_CODE.get(word.toUpperCase());
  return state ? placeForms(state) : null;
}
