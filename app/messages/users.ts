/**
 * The words of staff sign-in and the users screen (spec §5, §6, §8), word for word. The domain
 * answers with codes (`LoginErrorCode`, `UserErrorCode`, `USER_FIELD`); `app/http/errors.ts` and the
 * form pipeline map them here.
 */
import { LOGIN_FIELD, USER_FIELD } from "~/domain/users/validation";
import { wordsFor } from "./words";

/** Messages of spec §5 Create user and §8 Users, word for word. */
export const USER_MESSAGES = {
  allRequired: "Sva polja su obavezna",
  fieldRequired: "Obavezno polje",
  passwordTooShort: "Lozinka mora imati najmanje 8 karaktera",
  emailTaken: "Korisnik sa ovom email adresom već postoji",
  emailInvalid: "Unesite ispravnu email adresu",
  loadFailed: "Greška pri učitavanju korisnika",
  createFailed: "Greška pri kreiranju korisnika",
  toggleFailed: "Greška pri menjanju statusa korisnika",
  deleteFailed: "Greška pri brisanju korisnika",
  noCreatePermission: "Nemate dozvolu za kreiranje korisnika",
  noTogglePermission: "Nemate dozvolu za menjanje statusa korisnika",
  noDeletePermission: "Nemate dozvolu za brisanje korisnika",
  noAccess: "Nemate dozvolu za pristup upravljanju korisnicima",
  deleteForeignKey:
    "Ne može se obrisati korisnik jer postoje povezani zapisi u bazi podataka. Kontaktirajte administratora.",
  deleteInsufficientPrivilege: "Nemate dozvolu za brisanje ovog korisnika.",
  deleteStillExists:
    "Korisnik postoji ali nije mogao biti obrisan. Možda postoje povezani zapisi koji sprečavaju brisanje.",
  created: "Korisnik je uspešno kreiran",
  activated: "Korisnik je aktiviran",
  deactivated: "Korisnik je deaktiviran",
  protected: "Zaštićeni administrator ne može biti deaktiviran ni obrisan.",
  cannotDeleteSelf: "Ne možete obrisati sopstveni nalog.",
  cannotDeactivateSelf: "Ne možete deaktivirati sopstveni nalog.",
  notFound: "Korisnik nije pronađen.",
} as const;

export function userDeletedMessage(firstName: string, lastName: string): string {
  return `Korisnik ${firstName} ${lastName} je uspešno obrisan`;
}

/** Spec §8: the delete failure message chosen by the database error code. */
export function deleteErrorMessage(code: string | undefined, message: string): string {
  if (code === "23503") return USER_MESSAGES.deleteForeignKey;
  if (code === "42501") return USER_MESSAGES.deleteInsufficientPrivilege;
  return `Greška baze podataka: ${message}`;
}

/** The words of the users form's codes (USER_FIELD). */
export const USER_FIELD_WORDS = wordsFor(USER_FIELD, USER_MESSAGES);

/** The sign-in form's own field messages. */
const LOGIN_FIELD_TEXT = { email: "Unesite email adresu.", password: "Unesite lozinku." } as const;
export const LOGIN_FIELD_WORDS = wordsFor(LOGIN_FIELD, LOGIN_FIELD_TEXT);

/** The sign-in link's screen (decision 228); its fields are the sign-in form's. */
export const SIGN_IN_LINK_MESSAGES = {
  sent: "Ako je to adresa naloga u administraciji, poslali smo na nju link za prijavu. Link važi 15 minuta.",
  invalid: "Link za prijavu je istekao ili je već iskorišćen. Zatražite novi.",
  failed: "Link za prijavu trenutno ne može da se pošalje. Pokušajte ponovo kasnije.",
  email: LOGIN_FIELD_TEXT.email,
  password: LOGIN_FIELD_TEXT.password,
} as const;

/** Spec §6 login messages, word for word, plus the form's own. */
export const LOGIN_MESSAGES = {
  invalid: "Invalid email or password",
  sessionFailed: "Failed to create session",
  unexpected: "An unexpected error occurred",
  missing: "Unesite email adresu i lozinku.",
} as const;

/**
 * The sign-in refusal for a wait of `seconds`: under a minute (the delay for unknown devices) it is
 * said in seconds, otherwise in whole minutes, rounded up.
 */
export function loginRateLimitMessage(seconds: number): string {
  const wait = seconds < 60 ? secondsText(seconds) : `${Math.max(1, Math.ceil(seconds / 60))} min`;
  return `Previše neuspešnih pokušaja prijave. Pokušajte ponovo za ${wait}.`;
}

/** "1 sekundu", "3 sekunde", "5 sekundi", "21 sekundu" (Serbian plural of the accusative). */
function secondsText(n: number): string {
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return `${n} sekundu`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${n} sekunde`;
  return `${n} sekundi`;
}
