/**
 * The words of the AI headings screen (spec §9), word for word. The screen's refusals are codes
 * (`HeadingErrorCode`, app/domain/headings/rules.ts) that `app/http/errors.ts` maps here; the
 * successes and the preview's notices are said here directly. Client-safe: the preview dialog uses it.
 */
import { headingWord } from "~/domain/headings/rules";

export const HEADINGS_MESSAGES = {
  converted: (n: number) => `Članak je konvertovan: ${headingWord(n)}.`,
  nothingToConvert: "U ovom članku nema pasusa koji bi postali naslovi.",
  alreadyConverted: "Članak je već konvertovan.",
  restored: "Prethodni sadržaj članka je vraćen.",
  notConverted: "Ovaj članak nije konvertovan, nema šta da se vrati.",
  editedSince:
    "Članak je menjan posle konverzije, pa se prethodni sadržaj ne vraća automatski (izgubile bi se te izmene). Naslove uredite u formi članka.",
  missing: "Članak nije pronađen.",
  failed: "Greška pri konverziji članka. Pokušajte ponovo.",
  restoreFailed: "Greška pri vraćanju sadržaja. Pokušajte ponovo.",
  analyzeStarted: "Analiza svih članaka je pokrenuta u pozadini.",
  convertStarted: "Konverzija svih članaka je pokrenuta u pozadini.",
  alreadyRunning: "Posao sa naslovima već radi; pratite njegov napredak ispod.",
  stopRequested: "Zaustavljanje je zatraženo; posao staje posle tekućeg članka.",
  notRunning: "Nijedan posao sa naslovima trenutno ne radi.",
  startFailed: "Posao nije pokrenut zbog greške. Pokušajte ponovo.",
} as const;
