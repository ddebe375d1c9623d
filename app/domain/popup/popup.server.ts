/**
 * The pop-up's settings (spec §3 Site settings: popupEnabled, popupImage, popupLink,
 * popupMaxShowsPerDay, popupMinHoursBetween) on the single settings row.
 */
import type { DbOrTx } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { IMAGE_PLACEHOLDER, resolveImageUrl } from "~/domain/articles/image-url";
import type { SiteSettings } from "~/domain/settings/settings.server";
import type { PopupSettingsInput, PublicPopup } from "./rules";

export type PopupSettings = {
  enabled: boolean;
  image: string | null;
  link: string | null;
  maxShowsPerDay: number;
  minHoursBetween: number;
};

export function popupSettingsOf(s: SiteSettings): PopupSettings {
  return {
    enabled: s.popupEnabled,
    image: s.popupImage,
    link: s.popupLink,
    maxShowsPerDay: s.popupMaxShowsPerDay,
    minHoursBetween: s.popupMinHoursBetween,
  };
}

/** Saves the pop-up fields (upsert on id 1, spec §7). The caller drops the settings cache after. */
export async function savePopupSettings(db: DbOrTx, values: PopupSettingsInput): Promise<SiteSettings> {
  const now = new Date();
  const set = {
    popupEnabled: values.enabled,
    popupImage: values.image,
    popupLink: values.link,
    popupMaxShowsPerDay: values.maxShowsPerDay,
    popupMinHoursBetween: values.minHoursBetween,
    updatedAt: now,
  };
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, ...set })
    .onConflictDoUpdate({ target: siteSettings.id, set })
    .returning();
  return row;
}

/** The pop-up the public pages show, or null: disabled, or no image that could be shown. */
export function publicPopupOf(s: SiteSettings): PublicPopup | null {
  if (!s.popupEnabled) return null;
  const image = resolveImageUrl(s.popupImage);
  if (!image || image === IMAGE_PLACEHOLDER) return null;
  return {
    image,
    link: s.popupLink,
    maxShowsPerDay: s.popupMaxShowsPerDay,
    minHoursBetween: s.popupMinHoursBetween,
  };
}
