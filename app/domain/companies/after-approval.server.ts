import { invalidateBannerCache } from "~/domain/banners/cache.server";

/** Spec §4/§9: a second banner refresh follows an approval after 500 ms. */
export const SECOND_BANNER_REFRESH_MS = 500;

/** After a successful approval: refresh the banners now and once more 500 ms later (spec §4). */
export function afterCompanyApproved(): void {
  invalidateBannerCache();
  setTimeout(() => invalidateBannerCache(), SECOND_BANNER_REFRESH_MS).unref?.();
}
