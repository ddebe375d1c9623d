/**
 * The dashboard's "needs attention" counts: things waiting for a person, each a link to the screen
 * where it is handled, shown only to those who may use that screen. A new source is one entry in
 * ATTENTION_SOURCES.
 */
import type { DbOrTx } from "~/db/client.server";
import { countPendingSubmissions } from "~/domain/companies/companies.server";
import { countPendingForum } from "~/domain/forum/moderation.server";
import { countPendingListings } from "~/domain/listings/listings.server";
import type { Permission } from "~/domain/users/permissions";
import { logger } from "~/lib/logger.server";

export type AttentionSource = {
  key: string;
  /** Shown with the count: "Zahtevi kompanija na čekanju: 3". */
  label: string;
  to: string;
  permission: Permission;
  count: (db: DbOrTx) => Promise<number>;
};

export const ATTENTION_SOURCES: readonly AttentionSource[] = [
  {
    key: "company-requests",
    label: "Zahtevi kompanija na čekanju",
    to: "/admin/company-submissions?status=na-cekanju",
    permission: "canViewCompanies",
    count: countPendingSubmissions,
  },
  {
    key: "listings",
    label: "Oglasi (poslovi i kupoprodaja) na čekanju",
    to: "/admin/listings",
    permission: "canViewListings",
    count: countPendingListings,
  },
  {
    key: "forum",
    label: "Forum: teme i komentari na čekanju",
    to: "/admin/forum",
    permission: "canViewForum",
    count: countPendingForum,
  },
];

export type AttentionItem = { key: string; label: string; to: string; count: number };

/**
 * The counts this user may act on, in order. A source whose count fails is left out (and logged):
 * the dashboard still shows everything else.
 */
export async function attentionItems(
  db: DbOrTx,
  permissions: Record<Permission, boolean>,
  sources: readonly AttentionSource[] = ATTENTION_SOURCES,
): Promise<AttentionItem[]> {
  const allowed = sources.filter((s) => permissions[s.permission]);
  const counted = await Promise.all(
    allowed.map(async (s) => {
      try {
        return { key: s.key, label: s.label, to: s.to, count: await s.count(db) };
      } catch (error) {
        logger.error({ err: error, source: s.key }, "dashboard: a pending count failed");
        return null;
      }
    }),
  );
  return counted.filter((item): item is AttentionItem => item !== null);
}
