/**
 * The newsletter's words: spec §5 and §8 word for word, plus ours where the spec is silent. The
 * domain answers with codes (`NEWSLETTER_FIELD`, `SignupErrorCode`, `SendErrorCode`,
 * `TestEmailErrorCode`, `UnsubscribeErrorCode`); `app/http/errors.ts` and the form pipeline map
 * them here (decision 271).
 */
import { NEWSLETTER_FIELD } from "~/domain/newsletter/validation";
import { wordsFor } from "./words";

export const SIGNUP_MESSAGES = {
  invalidEmail: "Molimo unesite validnu email adresu",
  success: "Uspešno ste se pretplatili na naš newsletter!",
  already: "Već ste pretplaćeni na naš newsletter",
  failed: "Došlo je do greške. Molimo pokušajte ponovo.",
} as const;

export const UNSUBSCRIBE_MESSAGES = {
  success: "Uspešno ste se odjavili sa newsletter-a",
  failed: "Došlo je do greške prilikom odjave",
} as const;

export const NEWSLETTER_MESSAGES = {
  loadArticlesFailed: "Greška prilikom učitavanja članaka",
  generateFailed: "Greška prilikom generisanja newsletter-a",
  sendFailed: (reason: string) => `Greška prilikom slanja newsletter-a: ${reason}`,
  syncFailed: "Greška prilikom sinhronizacije",
  needGenerateAndRecipients: "Molimo prvo generisite newsletter i odaberite primaoce",
  needArticle: "Molimo odaberite najmanje jedan članak",
  tooManyArticles: "Možete odabrati najviše 5 članaka",
  sendStarted: "Slanje newsletter-a je pokrenuto. Napredak pratite na ovoj strani.",
  sendBusy: "Jedno slanje je već u toku. Sačekajte da se završi ili ga zaustavite.",
  draftGone: "Ovaj newsletter je već poslat ili više ne postoji. Generišite ga ponovo.",
  subjectRequired: "Unesite naslov email-a",
  cancelled: "Slanje je zaustavljeno.",
  resumed: "Slanje se nastavlja od sledeće neposlate grupe.",
  syncStarted: "Sinhronizacija je pokrenuta.",
  syncNotConfigured: "Brevo nije podešen (BREVO_API_KEY), pa sinhronizacija nije moguća.",
  testSent: (email: string) => `Test email je poslat na ${email}.`,
  testInOutbox: (email: string) =>
    `Mailgun nije podešen: test email za ${email} je sačuvan u lokalnom outboxu i nije poslat.`,
  testFailed: (reason: string) => `Greška prilikom slanja test email-a: ${reason}`,
} as const;

export const NEWSLETTER_FIELD_WORDS = wordsFor(NEWSLETTER_FIELD, {
  invalidEmail: SIGNUP_MESSAGES.invalidEmail,
  needArticle: NEWSLETTER_MESSAGES.needArticle,
  tooManyArticles: NEWSLETTER_MESSAGES.tooManyArticles,
  needGenerateAndRecipients: NEWSLETTER_MESSAGES.needGenerateAndRecipients,
  subjectRequired: NEWSLETTER_MESSAGES.subjectRequired,
});
