/**
 * Flash messages through a cookie (decision 170; the Epic Stack's `redirectWithToast`): an action
 * that redirects sets a short-lived cookie with the message's code, and the next page's loader
 * reads it once and deletes it. A query string never carries a flash message, so a reload, a
 * bookmark or a shared link never shows it again.
 */
import { redirect } from "react-router";
import { readCookie, setCookieHeader } from "~/lib/cookies";
import { type Flash, type FlashCode, flashOf, isFlashCode } from "./flash";

export const FLASH_COOKIE = "bv_flash";
/** Long enough for the redirect to be followed; a flash nobody read is gone after this. */
const FLASH_MAX_AGE_SECONDS = 60;

export function flashCookie(request: Request, code: FlashCode): string {
  return setCookieHeader(request, FLASH_COOKIE, code, FLASH_MAX_AGE_SECONDS);
}

/** A redirect that shows `code`'s message on the next page. */
export function redirectWithFlash(request: Request, url: string, code: FlashCode, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(request, code));
  return redirect(url, { ...init, headers });
}

/**
 * The flash waiting for this request, and the headers that delete it (send them with the
 * loader's answer). An unknown code is ignored and deleted too.
 */
export function readFlash(request: Request): { flash: Flash | null; headers: Headers } {
  const headers = new Headers();
  const code = readCookie(request, FLASH_COOKIE);
  if (code === null) return { flash: null, headers };
  headers.append("Set-Cookie", setCookieHeader(request, FLASH_COOKIE, "", 0));
  return { flash: isFlashCode(code) ? flashOf(code) : null, headers };
}
