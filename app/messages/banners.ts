/**
 * The words of the banners and their analytics (spec §2 Banners, §5 Banner, §8): the form's field
 * codes (BANNER_FIELD) and the screens' notices. The domain answers with codes; `app/http/errors.ts`
 * and the form pipeline map them here (decision 271).
 */
import { BANNER_FIELD } from "~/domain/banners/validation";
import { wordsFor } from "./words";

export const BANNER_MESSAGES = {
  loadFailed: (reason: string) => `Greška pri učitavanju banera: ${reason}`,
  saveFailed: "Greška pri čuvanju banera",
  statsFailed: "Greška pri učitavanju statistika",
  createDisabled: "Novi baneri se kreiraju automatski za svaku poziciju.",
  saved: "Baner je uspešno sačuvan.",
  deleted: "Baner je obrisan.",
  deletedAndReplaced: "Baner je obrisan. Na njegovo mesto je dodat novi, neaktivan baner.",
  activated: "Baner je aktiviran.",
  deactivated: "Baner je deaktiviran.",
  refreshed: "Baneri su osveženi.",
  notFound: "Baner nije pronađen.",
  noAccess: "Nemate dozvolu za upravljanje banerima.",
  analyticsNoAccess: "Nemate dozvolu za pregled analitike.",
  invalid: "Proverite označena polja.",
  campaignNotFound: "Kampanja nije pronađena.",
  reportNotFound: "Izveštaj nije pronađen.",
} as const;

/** The banner form's field messages (spec §5 Banner). */
export const BANNER_FIELD_MESSAGES = {
  titleRequired: "Naslov je obavezan.",
  titleTooLong: "Naslov može imati najviše 200 karaktera.",
  section: "Izaberite sekciju.",
  positionRequired: "Izaberite poziciju.",
  positionOutsideSection: "Pozicija ne pripada izabranoj sekciji.",
  type: "Izaberite tip banera.",
  linkRequired: "Unesite link (http:// ili https://).",
  linkInvalid: "Link mora biti ispravna adresa koja počinje sa http:// ili https://.",
  phoneRequired: "Unesite broj telefona.",
  phoneInvalid: "Broj telefona sme sadržati samo cifre, razmake, +, -, ( i ) (7 do 15 cifara).",
  backgroundColor: "Boja mora biti u obliku #RRGGBB.",
  imageUrl: "Slika mora biti adresa (https://…) ili putanja na sajtu (/…).",
  dateInvalid: "Neispravan datum.",
  endBeforeStart: "Datum završetka ne može biti pre datuma početka.",
  priority: "Prioritet mora biti ceo broj od -1000 do 1000.",
  messageTooLong: "Poruka može imati najviše 300 karaktera.",
  companyTooLong: "Naziv može imati najviše 200 karaktera.",
} as const;

export const BANNER_FIELD_WORDS = wordsFor(BANNER_FIELD, BANNER_FIELD_MESSAGES);
