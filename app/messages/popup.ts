/**
 * The pop-up screen's words (spec §8 Pop-up messages, word for word). The domain answers with codes
 * (`POPUP_FIELD`, `PopupErrorCode`); `app/http/errors.ts` and the form pipeline map them here.
 */
import { POPUP_FIELD } from "~/domain/popup/rules";
import { wordsFor } from "./words";

export const POPUP_MESSAGES = {
  uploaded: "Pop-up slika je uspešno otpremljena!",
  uploadFailed: "Greška pri otpremanju pop-up slike.",
  saved: "Pop-up podešavanja su uspešno sačuvana!",
  saveFailed: "Greška pri čuvanju pop-up podešavanja.",
  pickedFromLibrary: "Slika je izabrana iz biblioteke!",
  badLink: "Link mora biti ispravan URL (npr. https://primer.com).",
  badImage: "Unesite ispravan URL slike (https://… ili putanju koja počinje sa /).",
  imageNeeded: "Uključen pop-up mora imati sliku.",
  imageFailed: "Slika se ne može učitati, pa je uklonjena. Izaberite drugu.",
} as const;

export const POPUP_FIELD_WORDS = wordsFor(POPUP_FIELD, POPUP_MESSAGES);
