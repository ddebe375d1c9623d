import type { DbOrTx } from "~/db/client.server";
import { type AuditEntryInput, changedFields, recordAudit } from "~/domain/audit/audit.server";
import { getSettings, type SiteSettings } from "~/domain/settings/settings.server";

/**
 * A save of part of the site settings (pop-up, default images, Latin-only words) with its audit
 * entry: what `pick` reads from the settings before and after the save, the fields that changed.
 */
export async function saveSettingsAudited(
  db: DbOrTx,
  who: { actor: AuditEntryInput["actor"]; ip: string | null | undefined; area: AuditEntryInput["area"] },
  pick: (settings: SiteSettings) => Record<string, unknown>,
  save: () => Promise<SiteSettings>,
): Promise<SiteSettings> {
  const before = await getSettings(db);
  const row = await save();
  await recordAudit(db, {
    actor: who.actor,
    area: who.area,
    action: "update",
    ip: who.ip,
    changes: changedFields(pick(before), pick(row)),
  });
  return row;
}
