/**
 * The settings screen's words (spec §2 Settings, §4, §8 Lists and settings, word for word). The
 * domain answers with codes (`SETTINGS_FIELD`, `SettingsErrorCode`); `app/http/errors.ts` and the
 * form pipeline map them here.
 */
import { SETTINGS_FIELD } from "~/domain/settings/settings-form";
import { wordsFor } from "./words";

export const SETTINGS_MESSAGES = {
  saved: "Podešavanja su uspešno sačuvana!",
  saveFailed: "Greška pri čuvanju podešavanja.",
  uploaded: "Slika je uspešno otpremljena!",
  uploadFailed: "Greška pri otpremanju slike.",
  companyUploadFailed: "Greška pri otpremanju slike kompanije.",
  loadedFromBackup: "Settings loaded from local backup",
  savedLocallyUnavailable: "Settings saved locally (database unavailable)",
  savedLocallyError: "Settings saved locally (database error)",
  badUrl: "Unesite ispravan URL slike (https://… ili putanju koja počinje sa /).",
} as const;

export const SETTINGS_FIELD_WORDS = wordsFor(SETTINGS_FIELD, SETTINGS_MESSAGES);
