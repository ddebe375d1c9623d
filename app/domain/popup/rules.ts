/**
 * The pop-up's settings rules (spec §5 Pop-up, §9 Pop-up; the §8 messages are in app/messages/popup.ts): one Zod schema for
 * the settings form, used by the action; the normalisers also run in the browser as a field is
 * left, so the admin sees the value that will be saved.
 */
import { z } from "zod";
import { codes } from "~/domain/result";
import { isImageUrl } from "~/domain/settings/settings-form";
import { checkbox, sentText } from "~/lib/form";

/** The codes of the pop-up form's fields; their words are POPUP_MESSAGES in app/messages/popup.ts. */
export const POPUP_FIELD = codes("popup", ["badLink", "badImage", "imageNeeded"]);

export type PopupErrorCode = "popup.save_failed";

/** Spec §9 defaults and limits. */
export const POPUP_DEFAULT_MAX_SHOWS = 2;
export const POPUP_DEFAULT_MIN_HOURS = 1;
export const POPUP_MAX_SHOWS_RANGE = { min: 1, max: 10 } as const;
export const POPUP_MIN_HOURS_RANGE = { min: 0.5, max: 24, step: 0.5 } as const;

/**
 * Spec §5: max shows per day is an integer 1 to 10; blank or invalid becomes 1. A number out of
 * range is brought to the nearest end (0 → 1, 15 → 10); a decimal loses its fraction.
 */
export function normalizeMaxShows(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const n = Number.parseInt(text, 10);
  if (!Number.isFinite(n) || !/^[-+]?\d+(?:[.,]\d*)?$/.test(text)) return POPUP_MAX_SHOWS_RANGE.min;
  return Math.min(POPUP_MAX_SHOWS_RANGE.max, Math.max(POPUP_MAX_SHOWS_RANGE.min, n));
}

/**
 * Spec §5: min hours between is 0.5 to 24 in steps of 0.5; invalid becomes 0.5. A comma is read as
 * the decimal point (Serbian keyboards), a value between steps goes to the nearest step, and one
 * out of range to the nearest end.
 */
export function normalizeMinHours(value: unknown): number {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(text)) return POPUP_MIN_HOURS_RANGE.min;
  const n = Number(text.replace(",", "."));
  if (!Number.isFinite(n)) return POPUP_MIN_HOURS_RANGE.min;
  const stepped = Math.round(n / POPUP_MIN_HOURS_RANGE.step) * POPUP_MIN_HOURS_RANGE.step;
  return Math.min(POPUP_MIN_HOURS_RANGE.max, Math.max(POPUP_MIN_HOURS_RANGE.min, stepped));
}

/**
 * Spec §5: the link is optional and must be a URL. "primer.com/akcija" gets https:// (as the
 * article link rule does); the result must be http(s) with a real host name.
 */
export function normalizePopupLink(value: string): { ok: true; link: string | null } | { ok: false } {
  const v = value.trim();
  if (!v) return { ok: true, link: null };
  if (/\s/.test(v) || v.length > 2000) return { ok: false };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : v.startsWith("/") ? null : `https://${v}`;
  if (!withScheme) return { ok: false };
  try {
    const url = new URL(withScheme);
    if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false };
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return { ok: false };
    return { ok: true, link: withScheme };
  } catch {
    return { ok: false };
  }
}

/** "1,5" for 1.5 (Serbian decimal comma). */
export function formatHours(hours: number): string {
  return String(hours).replace(".", ",");
}

export const popupSettingsSchema = z
  .object({
    enabled: checkbox(),
    // Always sent by the screen (empty means none); a post without it is not this form and must
    // not clear the saved pop-up.
    image: sentText(POPUP_FIELD.badImage).refine((v) => isImageUrl(v), POPUP_FIELD.badImage),
    link: z
      .preprocess((v) => (typeof v === "string" ? v : ""), z.string())
      .transform((value, ctx) => {
        const result = normalizePopupLink(value);
        if (!result.ok) {
          ctx.addIssue({ code: "custom", message: POPUP_FIELD.badLink });
          return z.NEVER;
        }
        return result.link;
      }),
    maxShowsPerDay: z.unknown().optional().transform(normalizeMaxShows),
    minHoursBetween: z.unknown().optional().transform(normalizeMinHours),
  })
  // Also when another field is wrong, so that every error shows after one submit.
  .refine((values) => !(values.enabled === true && !values.image), {
    path: ["image"],
    message: POPUP_FIELD.imageNeeded,
    when: (payload) => {
      const v = payload.value as { enabled?: unknown; image?: unknown } | undefined;
      return typeof v === "object" && v !== null && typeof v.image === "string";
    },
  })
  .transform((v) => ({ ...v, image: v.image || null }));

export type PopupSettingsInput = z.output<typeof popupSettingsSchema>;

/** What the public pages receive: only a pop-up that can be shown. */
export type PublicPopup = {
  image: string;
  link: string | null;
  maxShowsPerDay: number;
  minHoursBetween: number;
};
