/**
 * The words of the company screens and forms (spec §5, §8 word for word). The domain answers with
 * codes (COMPANY_FIELD, SUBMISSION_FIELD, `SubmissionErrorCode`, `CompanyErrorCode`).
 */
import { MIN_YEAR_ESTABLISHED } from "~/domain/companies/constants";
import { COMPANY_FIELD, SUBMISSION_FIELD } from "~/domain/companies/validation";
import { FORM_NOT_SENT } from "~/lib/form";
import { COMMON_FIELD_WORDS } from "./common";
import { wordsFor } from "./words";

/** Spec §8, word for word. */
export const COMPANY_MESSAGES = {
  deleted: "Kompanija je uspešno obrisana!",
  deleteFailed: "Greška pri brisanju kompanije",
  created: "Kompanija je uspešno kreirana!",
  saved: "Kompanija je uspešno sačuvana!",
  saveFailed: "Greška pri čuvanju kompanije.",
  activated: "Kompanija je aktivirana.",
  deactivated: "Kompanija je deaktivirana.",
  toggleFailed: "Greška pri promeni statusa kompanije.",
  notFound: "Kompanija nije pronađena.",
  fixErrors: "Ispravite označena polja.",
  notSent: COMMON_FIELD_WORDS[FORM_NOT_SENT],
} as const;

export const SUBMISSION_MESSAGES = {
  updated: "Podaci su uspešno ažurirani!",
  updateFailed: "Greška prilikom ažuriranja podataka.",
  approved: "Kompanija je uspešno odobrena i kreirana!",
  approveFailed: "Greška prilikom odobravanja kompanije.",
  rejected: "Zahtev je odbijen.",
  rejectFailed: "Greška prilikom odbijanja kompanije.",
  rejectNoteRequired: "Molimo unesite razlog odbijanja u napomene.",
  deleted: "Zahtev je uspešno obrisan!",
  deleteFailed: "Greška prilikom brisanja zahteva.",
  notPending: "Samo zahtevi na čekanju mogu da se menjaju ili odlučuju.",
  notFound: "Zahtev nije pronađen.",
} as const;

export function yearMessage(maxYear: number): string {
  return `Godina osnivanja mora biti između ${MIN_YEAR_ESTABLISHED} i ${maxYear}.`;
}

export const COMPANY_FIELD_MESSAGES = {
  nameRequired: "Naziv kompanije je obavezan.",
  nameTooLong: "Naziv može imati najviše 200 karaktera.",
  email: "Unesite ispravnu adresu e-pošte (npr. info@kompanija.com).",
  url: "Unesite ispravnu adresu sajta (npr. https://kompanija.com).",
  logo: "Unesite ispravnu adresu slike (https://… ili /…).",
  phone: "Unesite ispravan broj telefona (samo cifre, razmaci, +, -, zagrade).",
  contactRequired: "Unesite telefon ili adresu e-pošte da bismo mogli da vas kontaktiramo.",
  state: "Izaberite jednu od 50 američkih država.",
  category: "Izaberite kategoriju sa liste.",
  fleetSize: "Veličina flote mora biti ceo broj, najmanje 1.",
  fleetSizeText: "Veličina flote može imati najviše 50 karaktera.",
  year: (max: string) => yearMessage(Number(max)),
} as const;

export const COMPANY_FIELD_WORDS = wordsFor(COMPANY_FIELD, COMPANY_FIELD_MESSAGES);
export const SUBMISSION_FIELD_WORDS = wordsFor(SUBMISSION_FIELD, SUBMISSION_MESSAGES);
