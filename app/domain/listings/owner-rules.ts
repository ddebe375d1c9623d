/**
 * What a poster may do with their own listing through its management link (docs/decisions/300).
 * Pure, shared by the server and the page; the words are in app/messages/listings.ts.
 *
 * Glossary: the *management link* is the private link the poster gets by e-mail; *filled* is a job
 * marked as taken (for buy/sell: *sold*); an *edit* of a live listing waits for approval while the
 * public page keeps the approved version.
 */

import { codes } from "~/domain/result";
import type { ListingKind, ListingStatus } from "./options";
import { isLive } from "./rules";

export const MANAGE_PREFIX = "/moj-oglas";
/** The page that sends a new management link ("Izgubili ste link?"). */
export const NEW_LINK_PATH = `${MANAGE_PREFIX}/novi-link`;
/** Days before the expiry the reminder goes out. */
export const REMINDER_DAYS = 3;

export function managePath(listingId: number, token: string): string {
  return `${MANAGE_PREFIX}/${listingId}/${token}`;
}

export function newLinkPath(listingId: number): string {
  return `${NEW_LINK_PATH}?oglas=${listingId}`;
}

export type OwnerAction = "edit" | "fill" | "renew" | "delete";

type Owned = { status: ListingStatus; expiresAt: Date | string | null; filledAt: Date | string | null };

/**
 * The poster's actions for the listing in this state, in the order the page shows them: edit and
 * delete always; fill once it was published; renew once it was published — before or after its
 * expiry, and also after it was marked filled (a renewal puts it back on the list).
 */
export function ownerActions(listing: Owned): OwnerAction[] {
  const published = listing.status === "approved" || listing.status === "expired";
  const actions: OwnerAction[] = ["edit"];
  if (published && listing.filledAt === null) actions.push("fill");
  if (published) actions.push("renew");
  actions.push("delete");
  return actions;
}

/** Where the listing stands, in the poster's words. */
export function ownerStatus(
  listing: Owned,
  now = new Date(),
): "pending" | "live" | "expired" | "rejected" | "filled" {
  if (listing.filledAt !== null) return "filled";
  if (listing.status === "pending") return "pending";
  if (listing.status === "rejected") return "rejected";
  return isLive(listing, now) ? "live" : "expired";
}

export const FILLED_LABEL: Record<ListingKind, string> = { job: "Popunjeno", sale: "Prodato" };

/** The poster's form fields' codes (their words are in app/messages/listings.ts). */
export const OWNER_FIELD = codes("owner", ["posterEmailRequired", "posterEmailInvalid", "listingIdInvalid"]);
