/**
 * The one-time messages a screen shows after a redirect ("Članak je sačuvan…"), by code. The
 * cookie carries only the code, so nothing a third party writes can reach the screen as text.
 */

import { ALERT_MESSAGES } from "~/messages/alerts";
import { ARTICLE_MESSAGES } from "~/messages/articles";
import { COMPANY_MESSAGES } from "~/messages/companies";
import { LISTING_MESSAGES, OWNER_MESSAGES } from "~/messages/listings";

export type FlashTone = "success" | "error" | "info" | "warning";

export const FLASH_MESSAGES = {
  "article.created-published": { tone: "success", message: ARTICLE_MESSAGES.createdPublished },
  "article.created-draft": { tone: "success", message: ARTICLE_MESSAGES.createdDraft },
  "article.saved-published": { tone: "success", message: ARTICLE_MESSAGES.savedPublished },
  "article.saved-draft": { tone: "success", message: ARTICLE_MESSAGES.savedDraft },
  "article.created-scheduled": { tone: "success", message: ARTICLE_MESSAGES.createdScheduled },
  "article.saved-scheduled": { tone: "success", message: ARTICLE_MESSAGES.savedScheduled },
  "article.deleted": { tone: "success", message: ARTICLE_MESSAGES.deleted },
  "company.saved": { tone: "success", message: COMPANY_MESSAGES.saved },
  "listing.saved": { tone: "success", message: LISTING_MESSAGES.saved },
  "listing.owner-edited": { tone: "success", message: OWNER_MESSAGES.edited },
  "listing.owner-edited-pending": { tone: "success", message: OWNER_MESSAGES.editedPending },
  "listing.owner-filled-job": { tone: "success", message: OWNER_MESSAGES.filled.job },
  "listing.owner-filled-sale": { tone: "success", message: OWNER_MESSAGES.filled.sale },
  "listing.owner-renewed": { tone: "success", message: OWNER_MESSAGES.renewed },
  "alert.confirmed": { tone: "success", message: ALERT_MESSAGES.confirmed },
  "alert.updated": { tone: "success", message: ALERT_MESSAGES.updated },
} as const satisfies Record<string, { tone: FlashTone; message: string }>;

export type FlashCode = keyof typeof FLASH_MESSAGES;

export type Flash = { code: FlashCode; tone: FlashTone; message: string };

export function isFlashCode(value: unknown): value is FlashCode {
  return typeof value === "string" && Object.hasOwn(FLASH_MESSAGES, value);
}

export function flashOf(code: FlashCode): Flash {
  return { code, ...FLASH_MESSAGES[code] };
}
