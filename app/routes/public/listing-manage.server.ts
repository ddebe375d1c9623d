/**
 * What the poster's pages share (`/moj-oglas/{id}/{token}` and its `/izmena`): the listing their
 * link opens — or the error page that says why not (forged: 404, replaced by a newer link: 410) —
 * and the audit trail, which records each change as the visitor's.
 */
import { data } from "react-router";
import type { DbOrTx } from "~/db/client.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { type ManagedListing, openManageLink } from "~/domain/listings/owner.server";
import { failure } from "~/http/errors";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import { PRIVATE_PAGE_HEADERS } from "./private-page";

export async function loadManaged(params: { id?: string; token?: string }): Promise<ManagedListing> {
  let opened: Awaited<ReturnType<typeof openManageLink>>;
  try {
    opened = await openManageLink(getDb(), params.id, params.token);
  } catch (error) {
    // The token is never logged: only that the page failed.
    logger.error({ err: error }, "listing management page could not be loaded");
    throw data({ message: null, listingId: null }, { status: 500, headers: PRIVATE_PAGE_HEADERS });
  }
  if (!opened.ok) {
    const listingId = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
    throw failure(opened.code, {
      listingId: opened.code === "listing.link_revoked" ? listingId : null,
      headers: PRIVATE_PAGE_HEADERS,
    });
  }
  return opened.value;
}

/** The poster's change in the audit log: the visitor (their address) as the actor. */
export function posterAudit(db: DbOrTx, managed: ManagedListing, ip: string | null) {
  return (action: string, changes: Record<string, [unknown, unknown]> | null = null) =>
    recordAudit(db, {
      actor: { id: null, email: managed.listing.posterEmail ?? "posetilac" },
      area: "listings",
      action,
      recordId: managed.listing.id,
      recordLabel: managed.listing.title,
      ip,
      changes,
    });
}
