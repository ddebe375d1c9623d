/**
 * The words of the drivers' forum (spec §2 Forum, §3, §4, §9). The spec quotes no forum message
 * (its load, update and delete errors are swallowed); ours are here. The domain answers with codes
 * (`FORUM_FIELD`, `ForumErrorCode`, `VoteErrorCode`); `app/http/errors.ts` and the form pipeline map
 * them here (decision 271).
 */
import { AUTHOR_MAX, COMPANY_MAX, TITLE_MAX } from "~/domain/forum/constants";
import { FORUM_FIELD } from "~/domain/forum/validation";
import { wordsFor } from "./words";

export const FORUM_MESSAGES = {
  topicSent: "Hvala! Vaša tema je poslata i biće objavljena posle odobrenja.",
  commentSent: "Hvala! Vaš komentar je poslat i biće objavljen posle odobrenja.",
  fixErrors: "Proverite označena polja i pošaljite ponovo.",
  sendFailed: "Slanje nije uspelo. Molimo pokušajte ponovo.",
  titleRequired: "Unesite naslov teme.",
  titleTooLong: `Naslov može imati najviše ${TITLE_MAX} karaktera.`,
  contentRequired: "Unesite tekst teme.",
  commentRequired: "Unesite tekst komentara.",
  authorRequired: "Unesite svoje ime.",
  authorTooLong: `Ime može imati najviše ${AUTHOR_MAX} karaktera.`,
  companyTooLong: `Naziv kompanije može imati najviše ${COMPANY_MAX} karaktera.`,
  topicGone: "Ova tema više nije dostupna.",
  voteFailed: "Glasanje nije uspelo. Pokušajte ponovo.",
  voteGone: "Ova tema ili komentar više nisu dostupni za glasanje.",
  tooManyVotes: (minutes: number) => `Previše glasova sa vaše adrese. Pokušajte ponovo za ${minutes} min.`,
  // Admin (decision 072: the spec swallows these errors; we show them).
  loadFailed: "Učitavanje foruma nije uspelo. Osvežite stranicu ili pokušajte ponovo kasnije.",
  updateFailed: "Promena statusa nije uspela. Pokušajte ponovo.",
  deleteFailed: "Brisanje nije uspelo. Pokušajte ponovo.",
  topicNotFound: "Tema nije pronađena. Možda je u međuvremenu obrisana.",
  commentNotFound: "Komentar nije pronađen. Možda je u međuvremenu obrisan.",
  nothingSelected: "Izaberite bar jednu stavku.",
  nothingChanged: "Ništa nije promenjeno: izabrane stavke su već u tom statusu ili su obrisane.",
} as const;

export const FORUM_FIELD_WORDS = wordsFor(FORUM_FIELD, FORUM_MESSAGES);
