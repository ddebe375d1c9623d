import { z } from "zod";
import { codes } from "~/domain/result";
import { reportIssues, sentText } from "~/lib/form";

/**
 * The settings screen's form rules (spec §2 Settings, §8 Lists and settings). The codes of its
 * fields; their words are SETTINGS_MESSAGES in app/messages/settings.ts (decision 271).
 */
export const SETTINGS_FIELD = codes("settings", ["badUrl"]);

/** A save that did not happen: a bad field (400) or a database that failed (503). */
export type SettingsErrorCode = "settings.save_failed";

export type SettingsValues = { defaultArticleImage: string; defaultCompanyImage: string };
export type SettingsField = keyof SettingsValues;
export const SETTINGS_FIELDS: SettingsField[] = ["defaultArticleImage", "defaultCompanyImage"];

/** Spec §5 Image URLs: an image URL is a local path or http(s); data:, blob:, javascript:, about: are refused. */
export function isImageUrl(value: string): boolean {
  const v = value.trim();
  if (!v) return true;
  if (v.length > 2000 || /\s/.test(v)) return false;
  if (v.startsWith("/")) return !v.startsWith("//");
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function validateSettings(
  values: SettingsValues,
):
  | { ok: true; values: { defaultArticleImage: string | null; defaultCompanyImage: string | null } }
  | { ok: false; fieldErrors: Partial<Record<SettingsField, string>> } {
  const fieldErrors: Partial<Record<SettingsField, string>> = {};
  for (const f of SETTINGS_FIELDS) if (!isImageUrl(values[f])) fieldErrors[f] = SETTINGS_FIELD.badUrl;
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  return {
    ok: true,
    values: {
      defaultArticleImage: values.defaultArticleImage.trim() || null,
      defaultCompanyImage: values.defaultCompanyImage.trim() || null,
    },
  };
}

/** The settings form's schema (`parseForm(settingsFormSchema, form)`): two image URLs, empty allowed. */
export const settingsFormSchema = z
  .object({
    // Always sent by the screen (empty means no default image); a post without them is refused.
    defaultArticleImage: sentText(SETTINGS_FIELD.badUrl),
    defaultCompanyImage: sentText(SETTINGS_FIELD.badUrl),
  })
  .transform((values, ctx) => {
    const result = validateSettings(values);
    return result.ok ? result.values : reportIssues(ctx, result.fieldErrors);
  });

/** The browser-side backup of spec §4: kept when the database refuses a save. */
export const SETTINGS_BACKUP_KEY = "bv.settings.backup";
export type SettingsBackup = SettingsValues & { savedAt: string };

/** Whether the local backup should be shown instead of the database values. */
export function backupWins(backup: SettingsBackup | null, dbUpdatedAt: string | null): boolean {
  if (!backup) return false;
  if (!dbUpdatedAt) return true;
  return Date.parse(backup.savedAt) > Date.parse(dbUpdatedAt);
}

export function parseBackup(raw: string | null): SettingsBackup | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SettingsBackup>;
    if (typeof v.savedAt !== "string" || Number.isNaN(Date.parse(v.savedAt))) return null;
    return {
      defaultArticleImage: typeof v.defaultArticleImage === "string" ? v.defaultArticleImage : "",
      defaultCompanyImage: typeof v.defaultCompanyImage === "string" ? v.defaultCompanyImage : "",
      savedAt: v.savedAt,
    };
  } catch {
    return null;
  }
}
