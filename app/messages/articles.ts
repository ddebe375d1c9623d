/**
 * The words of the article screens (spec §5, §8 word for word): the form's field codes
 * (ARTICLE_FIELD), the editor's link and video rules (LINK), and the screens' notices.
 */

import { ARTICLE_LIMITS } from "~/domain/articles/limits";
import { LINK } from "~/domain/articles/link";
import { ARTICLE_FIELD } from "~/domain/articles/validation";
import { wordsFor } from "./words";

export const ARTICLE_MESSAGES = {
  title: "Naslov je obavezan.",
  excerpt: "Kratak opis je obavezan.",
  content: "Sadržaj je obavezan.",
  author: "Autor je obavezan.",
  publishedDate: "Datum objave je obavezan.",
  publishedDateInvalid: "Datum objave nije ispravan.",
  category: "Kategorija je obavezna.",
  image: "Glavna slika je obavezna.",
  imageInvalid: "Glavna slika mora biti URL adresa (http(s)://… ili /putanja).",
  tooLong: (max: number) => `Najviše ${max} karaktera.`,
  tooManyTags: `Najviše ${ARTICLE_LIMITS.tags} tagova.`,
  form: "Proverite označena polja.",
  createdPublished: "Članak je kreiran i objavljen.",
  createdDraft: "Članak je kreiran kao nacrt.",
  savedPublished: "Članak je sačuvan i objavljen.",
  savedDraft: "Članak je sačuvan kao nacrt.",
  createdScheduled: "Članak je kreiran i zakazan za objavu.",
  savedScheduled: "Članak je sačuvan i zakazan za objavu.",
  unscheduled: "Zakazivanje je otkazano: članak je sada nacrt.",
  notScheduled: "Članak nije zakazan.",
  stale: "Članak je u međuvremenu sačuvao neko drugi. Izaberite šta da se desi sa vašim izmenama.",
  restored: "Revizija je vraćena kao nova verzija članka.",
  restoreFailed: "Revizija nije pronađena.",
  saveFailed: "Čuvanje članka nije uspelo. Pokušajte ponovo.",
  notFound: "Članak nije pronađen.",
  deleteConfirm: "Da li ste sigurni da želite da obrišete ovaj članak?",
  deleteFailed: "Brisanje nije uspelo. Proverite dozvole i pokušajte ponovo.",
  deleted: "Članak je obrisan.",
  popularFailed: "Izmena nije sačuvana. Pokušajte ponovo.",
} as const;

export const LINK_MESSAGES = {
  noSelection: "Prvo označite tekst u sadržaju koji želite da pretvorite u link.",
  emptySelection: "Označeni tekst je prazan.",
  invalidUrl: "Neispravan URL. Pokušajte ponovo.",
} as const;

export const EMBED_MESSAGES = {
  invalid: "Unesite adresu YouTube ili Vimeo videa (npr. https://www.youtube.com/watch?v=…).",
} as const;

export const ARTICLE_FIELD_WORDS = wordsFor(ARTICLE_FIELD, ARTICLE_MESSAGES);
export const LINK_WORDS = wordsFor(LINK, LINK_MESSAGES);
