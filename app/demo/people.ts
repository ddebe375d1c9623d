import type { Random } from "./random";
import { slugify } from "./script";

export const FIRST_NAMES = [
  "Marko",
  "Nikola",
  "Dragan",
  "Milan",
  "Zoran",
  "Goran",
  "Dejan",
  "Stefan",
  "Nemanja",
  "Miloš",
  "Aleksandar",
  "Bojan",
  "Vladimir",
  "Predrag",
  "Saša",
  "Igor",
  "Darko",
  "Mladen",
  "Željko",
  "Nenad",
  "Đorđe",
  "Branko",
  "Siniša",
  "Emir",
  "Amir",
  "Haris",
  "Mirza",
  "Ivan",
  "Tomislav",
  "Ante",
  "Jelena",
  "Ana",
  "Ivana",
  "Marija",
  "Milica",
  "Sanja",
  "Dragana",
  "Tijana",
  "Jovana",
  "Maja",
  "Lejla",
  "Amra",
  "Mirela",
  "Snežana",
  "Vesna",
];

export const LAST_NAMES = [
  "Petrović",
  "Jovanović",
  "Nikolić",
  "Marković",
  "Đorđević",
  "Stojanović",
  "Ilić",
  "Stanković",
  "Pavlović",
  "Milošević",
  "Kovačević",
  "Popović",
  "Lukić",
  "Babić",
  "Savić",
  "Radić",
  "Tomić",
  "Mitrović",
  "Janković",
  "Vuković",
  "Obradović",
  "Knežević",
  "Simić",
  "Todorović",
  "Hadžić",
  "Hodžić",
  "Begić",
  "Delić",
  "Kurtović",
  "Mehmedović",
  "Jurić",
  "Horvat",
  "Perić",
  "Kalinić",
  "Đukić",
  "Lazić",
  "Živković",
  "Ćirić",
  "Šarić",
  "Vujić",
];

/** The newsroom: articles are signed by a small, stable group of authors. */
export const AUTHORS = [
  "Redakcija Balkan Vozači",
  "Marko Jovanović",
  "Jelena Petrović",
  "Dragan Nikolić",
  "Milan Đorđević",
  "Ana Stojanović",
  "Nikola Ilić",
  "Zoran Marković",
  "Ivana Pavlović",
  "Stefan Kovačević",
  "Sanja Lukić",
  "Emir Hadžić",
];
/** The newsroom signs roughly a quarter of the pieces. */
export const AUTHOR_WEIGHTS = [25, 10, 10, 9, 8, 8, 7, 6, 6, 5, 4, 4];

const NICK_SUFFIXES = ["_OTR", "92", "_trucker", "85", "_CDL", "77", "_IL", "_TX", "011", "_reefer"];

export function personName(rng: Random): { first: string; last: string; full: string } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  return { first, last, full: `${first} ${last}` };
}

/** A forum signature: sometimes the full name, often a nickname, as on real forums. */
export function forumAuthor(rng: Random): string {
  const { first, last, full } = personName(rng);
  return rng.weighted(
    [
      full,
      `${first}${rng.pick(NICK_SUFFIXES)}`,
      `${first} ${last[0]}.`,
      `${first.toLowerCase()}_${slugify(last)}`,
    ],
    [4, 3, 2, 1],
  );
}

/** Lowercase ASCII local part of an e-mail address. */
export function emailLocalPart(first: string, last: string): string {
  return `${slugify(first)}.${slugify(last)}`.replace(/-/g, "");
}
