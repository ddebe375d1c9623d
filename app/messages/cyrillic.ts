/**
 * The words of the settings card "Reči koje ostaju latinicom" (docs/decisions/211). The domain's
 * schema answers with codes (`LATIN_WORDS_FIELD`); the form pipeline and `app/http/errors.ts` map
 * them here.
 */
import { LATIN_WORDS_FIELD } from "~/domain/cyrillic/latin-words-form";
import { wordsFor } from "./words";

export const LATIN_WORDS_MESSAGES = {
  saved: "Spisak reči koje ostaju latinicom je sačuvan.",
  saveFailed: "Greška pri čuvanju spiska reči.",
  missing: "Spisak nije poslat. Osvežite stranicu i pokušajte ponovo.",
  tooLong: "Spisak može imati najviše 10.000 znakova.",
  entryTooLong: "Svaka stavka može imati najviše 80 znakova.",
} as const;

export const LATIN_WORDS_FIELD_WORDS = wordsFor(LATIN_WORDS_FIELD, LATIN_WORDS_MESSAGES);
