/**
 * The words of alerts for new listings (docs/decisions/302), word for word: the pages' notices, the
 * forms' field codes (`ALERT_FIELD`) and the failures `app/http/errors.ts` maps (`AlertErrorCode`).
 */
import { ALERT_FIELD, MAX_ALERTS_PER_ADDRESS } from "~/domain/alerts/options";
import { wordsFor } from "./words";

export const ALERT_MESSAGES = {
  created:
    "Poslali smo vam e-mail za potvrdu. Obaveštenje počinje da radi kada kliknete na link iz te poruke.",
  alreadyActive: "Ovo obaveštenje već imate — nove oglase šaljemo na tu adresu.",
  fixErrors: "Proverite označena polja i pošaljite ponovo.",
  emailInvalid: "Unesite ispravnu adresu e-pošte (npr. ime@primer.com).",
  frequencyInvalid: "Izaberite koliko često želite obaveštenja.",
  tooMany: `Na ovu adresu je već prijavljeno ${MAX_ALERTS_PER_ADDRESS} obaveštenja. Obrišite neko od njih (link je u svakom e-mailu) pa pokušajte ponovo.`,
  addressLimited: "Na ovu adresu smo upravo poslali nekoliko potvrda. Pokušajte ponovo za sat vremena.",
  mailFailed: "E-mail za potvrdu nije poslat. Pokušajte ponovo za nekoliko minuta.",
  failed: "Došlo je do greške. Molimo pokušajte ponovo.",
  linkInvalid: "Link za obaveštenje nije ispravan ili je obaveštenje obrisano.",
  confirmed: "Obaveštenje je potvrđeno. Javićemo vam kada se pojave novi oglasi.",
  updated: "Izmene obaveštenja su sačuvane.",
  deleted: "Obaveštenje je obrisano. Više vam nećemo slati ove e-mailove.",
  unsubscribed: "Uspešno ste se odjavili. Ovo obaveštenje je obrisano.",
  unsubscribeGone: "Ovo obaveštenje više ne postoji — ne šaljemo vam ga.",
  sendFailed: (reason: string) => `Greška prilikom slanja obaveštenja o oglasima: ${reason}`,
  unsubscribeFailed: "Link za odjavu nije ispravan. Otvorite ga ponovo iz poslednjeg e-maila.",
  runStarted: "Slanje dnevnih obaveštenja je pokrenuto.",
  runBusy: "Slanje obaveštenja je već u toku.",
} as const;

export const ALERT_FIELD_WORDS = wordsFor(ALERT_FIELD, ALERT_MESSAGES);
