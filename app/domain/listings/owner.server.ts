/**
 * A poster manages their own listing without an account (docs/decisions/300): the management link
 * they get by e-mail opens it; from there they edit it (an edit of a live listing waits for approval
 * as a revision, revisions.server.ts), mark it filled or sold, renew it, or delete it. A lost link
 * is replaced by a new one sent to the poster's address, which revokes the old ones. Every change
 * tells the public caches at once (`contentChanged`), as an admin write does.
 */
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { listingManageLinks, listings } from "~/db/schema";
import type { Script } from "~/domain/cyrillic/urls";
import { urlInScript } from "~/domain/cyrillic/urls";
import { type Notice, sendNotice } from "~/domain/newsletter/notice.server";
import { fail, ok, type Result } from "~/domain/result";
import { accessSecret, issueStoredToken, storedTokenHash } from "~/domain/secrets/access-links.server";
import type { MailProvider } from "~/integrations/mailgun/provider";
import type { Storage } from "~/integrations/storage/storage";
import { contentChanged } from "~/lib/content-change.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { changeListingStatus, deleteListings, getListing, updateListing } from "./listings.server";
import { KIND_SECTIONS, LISTING_LIFETIME_DAYS, type ListingKind } from "./options";
import { managePath, ownerActions, REMINDER_DAYS } from "./owner-rules";
import { deleteUnreferencedPhotos, type StoredPhoto } from "./photos.server";
import { findCompanyByName } from "./records.server";
import { createRevision, pendingEditOf } from "./revisions.server";
import { isLive } from "./rules";
import type { ListingDetail } from "./types";
import type { ListingData } from "./validation";

const PURPOSE = "listing-manage";

export type OwnerErrorCode =
  | "listing.link_invalid"
  | "listing.link_revoked"
  | "listing.owner_not_allowed"
  | "listing.owner_failed";

/**
 * A new management link for a listing: its token (only the hash is kept) and its row's id.
 * `revokeOthers`: every earlier link of the listing stops working (a lost link was replaced).
 */
export async function issueManageLink(
  db: DbOrTx,
  listingId: number,
  options: { revokeOthers?: boolean; now?: Date } = {},
): Promise<{ token: string; linkId: number }> {
  const now = options.now ?? new Date();
  const { token, hash } = issueStoredToken(await accessSecret(db), PURPOSE, listingId);
  const linkId = await db.transaction(async (tx) => {
    if (options.revokeOthers) {
      await tx
        .update(listingManageLinks)
        .set({ revokedAt: now })
        .where(and(eq(listingManageLinks.listingId, listingId), isNull(listingManageLinks.revokedAt)));
    }
    const [row] = await tx
      .insert(listingManageLinks)
      .values({ listingId, tokenHash: hash, createdAt: now })
      .returning({ id: listingManageLinks.id });
    return row.id;
  });
  return { token, linkId };
}

/** Revokes one link (made for an e-mail that could not be sent). */
async function revokeLink(db: DbOrTx, linkId: number, now: Date): Promise<void> {
  await db.update(listingManageLinks).set({ revokedAt: now }).where(eq(listingManageLinks.id, linkId));
}

/** The listing a management link opens, with the poster's edit that waits for approval. */
export type ManagedListing = { listing: ListingDetail; edit: ListingDetail | null };

/**
 * Opens a management link: `link_invalid` for anything we did not sign for this listing, or a link
 * of a listing that is gone; `link_revoked` for a link replaced by a newer one.
 */
export async function openManageLink(
  db: DbOrTx,
  rawId: unknown,
  token: unknown,
  now = new Date(),
): Promise<Result<ManagedListing, "listing.link_invalid" | "listing.link_revoked">> {
  const id = parseId(rawId);
  if (id === null) return fail("listing.link_invalid");
  const hash = storedTokenHash(await accessSecret(db), PURPOSE, id, token);
  if (!hash) return fail("listing.link_invalid");
  const [link] = await db
    .select({ id: listingManageLinks.id, revokedAt: listingManageLinks.revokedAt })
    .from(listingManageLinks)
    .where(and(eq(listingManageLinks.tokenHash, hash), eq(listingManageLinks.listingId, id)))
    .limit(1);
  if (!link) return fail("listing.link_invalid");
  if (link.revokedAt) return fail("listing.link_revoked");
  const listing = await getListing(db, id);
  if (!listing || listing.revisionOf !== null) return fail("listing.link_invalid");
  await db.update(listingManageLinks).set({ lastUsedAt: now }).where(eq(listingManageLinks.id, link.id));
  return ok({ listing, edit: await pendingEditOf(db, id) });
}

const allowed = (managed: ManagedListing, action: ReturnType<typeof ownerActions>[number]) =>
  ownerActions(managed.listing).includes(action);

/** Marks a published listing filled (a job) or sold: its page says so, the lists leave it out. */
export async function markFilled(
  db: DbOrTx,
  managed: ManagedListing,
  now = new Date(),
): Promise<Result<undefined, OwnerErrorCode>> {
  if (!allowed(managed, "fill")) return fail("listing.owner_not_allowed");
  const rows = await db
    .update(listings)
    .set({ filledAt: now, updatedAt: now })
    .where(
      and(
        eq(listings.id, managed.listing.id),
        isNull(listings.filledAt),
        or(eq(listings.status, "approved"), eq(listings.status, "expired")),
      ),
    )
    .returning({ id: listings.id });
  if (rows.length === 0) return fail("listing.owner_not_allowed");
  contentChanged("listings");
  return ok();
}

/**
 * Renews a published listing for the lifetime again, before or after its expiry (no review); a
 * listing marked filled or sold is back on the list.
 */
export async function renewOwn(
  db: Database,
  managed: ManagedListing,
  now = new Date(),
): Promise<Result<undefined, OwnerErrorCode>> {
  if (!allowed(managed, "renew")) return fail("listing.owner_not_allowed");
  const changed = await db.transaction(async (tx) => {
    const ids = await changeListingStatus(tx, [managed.listing.id], "renew", { reviewer: null, now });
    if (ids.length > 0)
      await tx.update(listings).set({ filledAt: null }).where(eq(listings.id, managed.listing.id));
    return ids;
  });
  if (changed.length === 0) return fail("listing.owner_not_allowed");
  contentChanged("listings");
  return ok();
}

/** Deletes the listing with its photos and any edit: gone from the site and the search at once. */
export async function deleteOwn(
  db: Database,
  storage: Storage,
  managed: ManagedListing,
): Promise<Result<undefined, OwnerErrorCode>> {
  try {
    const { deleted, photoKeys } = await deleteListings(db, [managed.listing.id]);
    if (deleted.length === 0) return fail("listing.owner_not_allowed");
    await deleteUnreferencedPhotos(db, storage, photoKeys);
    contentChanged("listings");
    return ok();
  } catch (error) {
    logger.error({ err: error, listingId: managed.listing.id }, "poster could not delete the listing");
    return fail("listing.owner_failed");
  }
}

/**
 * What an edit is saved as: a live listing gets (or updates) its edit waiting for approval and keeps
 * its public version; a listing that is not public (waiting, rejected, expired) is changed in place
 * and goes back to the moderation queue.
 */
export function editTarget(managed: ManagedListing, now = new Date()): "edit" | "new-edit" | "in-place" {
  if (managed.edit) return "edit";
  return isLive(managed.listing, now) ? "new-edit" : "in-place";
}

/** The listing or edit whose fields and photos the edit form starts from. */
export function editedVersion(managed: ManagedListing): ListingDetail {
  return managed.edit ?? managed.listing;
}

/**
 * Saves the poster's edit (fields validated by the form's schema; photos already checked and stored
 * by the caller). Returns where it went; null when the listing is gone meanwhile.
 */
export async function saveOwnEdit(
  db: Database,
  storage: Storage,
  managed: ManagedListing,
  data: ListingData,
  photos: { removeIds: readonly number[]; add: readonly StoredPhoto[] },
  now = new Date(),
): Promise<Result<{ awaitingApproval: "edit" | "listing" }, OwnerErrorCode>> {
  if (!allowed(managed, "edit") || data.kind !== managed.listing.kind)
    return fail("listing.owner_not_allowed");
  const { listing } = managed;
  const sameCompany =
    data.kind === "job" && listing.companyName?.toLowerCase() === data.companyName.toLowerCase();
  const companyId =
    data.kind !== "job"
      ? null
      : sameCompany
        ? listing.companyId
        : await findCompanyByName(db, data.companyName);
  const target = editTarget(managed, now);
  if (target === "new-edit") {
    await createRevision(db, listing, data, photos, { companyId, now });
    return ok({ awaitingApproval: "edit" });
  }
  const id = target === "edit" ? (managed.edit as ListingDetail).id : listing.id;
  const saved = await updateListing(db, id, data, { companyId, photos, now });
  if (!saved) return fail("listing.owner_not_allowed");
  // Back in the queue: a rejected edit or listing waits again; an expired one waits for a new approval.
  await db
    .update(listings)
    .set({ status: "pending", expiresAt: null, updatedAt: now })
    .where(eq(listings.id, id));
  await deleteUnreferencedPhotos(db, storage, saved.removedKeys);
  contentChanged("listings");
  return ok({ awaitingApproval: target === "edit" ? "edit" : "listing" });
}

// --- E-mails to the poster --------------------------------------------------------------------

type PosterMail = {
  listing: { id: number; kind: ListingKind; title: string; expiresAt?: Date | null };
  to: string;
  script: Script;
  origin: string;
};

const manageUrl = (origin: string, script: Script, id: number, token: string) =>
  urlInScript(`${origin}${managePath(id, token)}`, script);

const MANAGE_NOTES = [
  { text: "Link je privatan: ko ga ima, može da menja i briše oglas. Ne prosleđujte ovu poruku." },
  { text: "Izgubili ste link? Novi možete zatražiti sa stranice oglasa („Izgubili ste link?“)." },
];

function notice(
  mail: PosterMail,
  url: string,
  parts: Pick<Notice, "subject" | "preview" | "heading" | "paragraphs" | "tag">,
): Notice {
  return {
    ...parts,
    to: mail.to,
    script: mail.script,
    origin: mail.origin,
    action: { label: "Upravljajte oglasom", url },
    notes: MANAGE_NOTES,
  };
}

/** After posting: the management link, by e-mail to the poster's own address. */
export async function welcomePoster(db: DbOrTx, provider: MailProvider, mail: PosterMail) {
  const { token, linkId } = await issueManageLink(db, mail.listing.id);
  const url = manageUrl(mail.origin, mail.script, mail.listing.id, token);
  const noun = KIND_SECTIONS[mail.listing.kind].title.toLowerCase();
  const sent = await sendNotice(
    db,
    provider,
    notice(mail, url, {
      subject: `Vaš oglas „${mail.listing.title}“ je primljen`,
      preview: "Privatni link za izmenu, obnavljanje i brisanje oglasa",
      heading: "Vaš oglas je primljen",
      paragraphs: [
        `Oglas „${mail.listing.title}“ (${noun}) čeka odobrenje. Kada ga odobrimo, biće vidljiv ${LISTING_LIFETIME_DAYS} dana.`,
        "Preko linka ispod možete da ga izmenite, označite kao popunjen ili prodat, obnovite kada istekne i obrišete — bez naloga i lozinke.",
      ],
      tag: "listing-link",
    }),
  );
  if (!sent.ok) await revokeLink(db, linkId, new Date());
  return sent;
}

/**
 * "Izgubili ste link?": when `email` is the poster's own address, every earlier link is revoked and
 * a new one is sent there. The visitor is answered the same either way (who posted what is private).
 */
export async function sendNewManageLink(
  db: DbOrTx,
  provider: MailProvider,
  input: { listingId: number; email: string; origin: string; now?: Date },
): Promise<void> {
  const listing = await getListing(db, input.listingId);
  if (!listing || listing.revisionOf !== null || !listing.posterEmail) return;
  if (listing.posterEmail !== input.email.trim().toLowerCase()) return;
  const { token } = await issueManageLink(db, listing.id, { revokeOthers: true, now: input.now });
  const url = manageUrl(input.origin, listing.posterScript, listing.id, token);
  await sendNotice(
    db,
    provider,
    notice({ listing, to: listing.posterEmail, script: listing.posterScript, origin: input.origin }, url, {
      subject: `Novi link za oglas „${listing.title}“`,
      preview: "Novi privatni link za upravljanje oglasom",
      heading: "Novi link za upravljanje oglasom",
      paragraphs: [
        `Zatražen je novi link za oglas „${listing.title}“. Raniji linkovi za ovaj oglas više ne važe.`,
        "Ako niste vi tražili novi link, ništa ne morate da radite: oglas je i dalje samo vaš.",
      ],
      tag: "listing-link",
    }),
  );
}

/**
 * The expiry reminders due now: live listings with a poster, not marked filled, expiring within
 * REMINDER_DAYS, not yet reminded for this expiry. Each is claimed before its e-mail goes (two runs
 * never remind twice) and given back when the e-mail could not be sent (the next run tries again).
 * Returns how many were sent.
 */
export async function sendExpiryReminders(
  db: Database,
  provider: MailProvider,
  origin: string,
  now = new Date(),
  limit = 200,
): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_DAYS * 86_400_000);
  const due = await db
    .select({
      id: listings.id,
      kind: listings.kind,
      title: listings.title,
      posterEmail: listings.posterEmail,
      posterScript: listings.posterScript,
      expiresAt: listings.expiresAt,
    })
    .from(listings)
    .where(
      and(
        eq(listings.status, "approved"),
        isNull(listings.filledAt),
        isNull(listings.revisionOf),
        sql`${listings.posterEmail} is not null`,
        gt(listings.expiresAt, now),
        lte(listings.expiresAt, until),
        sql`${listings.remindedFor} is distinct from ${listings.expiresAt}`,
      ),
    )
    .orderBy(listings.expiresAt)
    .limit(limit);
  let sent = 0;
  for (const row of due) {
    const [claimed] = await db
      .update(listings)
      .set({ remindedFor: sql`${listings.expiresAt}` })
      .where(
        and(eq(listings.id, row.id), sql`${listings.remindedFor} is distinct from ${listings.expiresAt}`),
      )
      .returning({ id: listings.id });
    if (!claimed || !row.posterEmail || !row.expiresAt) continue;
    const { token, linkId } = await issueManageLink(db, row.id, { now });
    const url = manageUrl(origin, row.posterScript, row.id, token);
    const result = await sendNotice(
      db,
      provider,
      notice({ listing: row, to: row.posterEmail, script: row.posterScript, origin }, url, {
        subject: `Vaš oglas „${row.title}“ ističe ${formatLongDate(row.expiresAt)}`,
        preview: "Obnovite oglas jednim klikom",
        heading: `Oglas ističe za ${REMINDER_DAYS} dana`,
        paragraphs: [
          `Oglas „${row.title}“ je na sajtu do ${formatLongDate(row.expiresAt)} Ako je još aktuelan, obnovite ga još ${LISTING_LIFETIME_DAYS} dana preko linka ispod.`,
          "Ako je posao popunjen ili je stvar prodata, označite to — oglas će nestati sa spiska.",
        ],
        tag: "listing-reminder",
      }),
    );
    if (result.ok) {
      sent++;
    } else {
      // Not sent: given back, and the link made for it revoked; the next run tries again.
      await db.update(listings).set({ remindedFor: null }).where(eq(listings.id, row.id));
      await revokeLink(db, linkId, now);
    }
  }
  return sent;
}
