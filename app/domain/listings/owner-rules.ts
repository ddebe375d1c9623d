/**
 * What a poster may do with their own listing through its management link (docs/decisions/300),
 * and the words of those pages and e-mails. Pure, shared by the server and the page.
 *
 * Glossary: the *management link* is the private link the poster gets by e-mail; *filled* is a job
 * marked as taken (for buy/sell: *sold*); an *edit* of a live listing waits for approval while the
 * public page keeps the approved version.
 */

import { LISTING_LIFETIME_DAYS, type ListingKind, type ListingStatus } from "./options";
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

export const OWNER_MESSAGES = {
  linkInvalid: "Link za upravljanje oglasom nije ispravan. Proverite da ste ga otvorili celog iz e-pošte.",
  linkRevoked:
    "Ovaj link više ne važi: zatražen je novi. Otvorite link iz poslednje e-pošte ili zatražite novi.",
  notAllowed: "Ova akcija nije moguća za oglas u ovom stanju.",
  failed: "Akcija nije uspela. Pokušajte ponovo.",
  edited: "Izmene su sačuvane i čekaju odobrenje. Dok ih ne odobrimo, na sajtu je prethodna verzija oglasa.",
  editedPending: "Izmene su sačuvane. Oglas čeka odobrenje.",
  filled: {
    job: "Oglas je označen kao popunjen i uklonjen sa spiska poslova.",
    sale: "Oglas je označen kao prodat i uklonjen sa spiska.",
  } as Record<ListingKind, string>,
  renewed: `Oglas je obnovljen i važi još ${LISTING_LIFETIME_DAYS} dana. Na spisku je ponovo.`,
  deleted: "Oglas je obrisan i više se ne vidi na sajtu.",
  newLinkSent:
    "Ako je to adresa sa kojom je oglas objavljen, poslali smo na nju novi link za upravljanje. Prethodni linkovi više ne važe.",
  newLinkFix: "Proverite označena polja i pošaljite ponovo.",
  posterEmailRequired: "Unesite svoju adresu e-pošte: na nju šaljemo privatni link za upravljanje oglasom.",
  posterEmailInvalid: "Unesite ispravnu adresu e-pošte (npr. ime@primer.com).",
  listingIdInvalid: "Unesite broj oglasa (nalazi se na dnu stranice oglasa).",
} as const;
