import type { DbOrTx } from "~/db/client.server";
import { type AuditEntryInput, recordAudit } from "~/domain/audit/audit.server";

type Entry = Omit<AuditEntryInput, "actor" | "area" | "ip" | "action">;

/**
 * One admin action's audit writer: who, from which address and in which area are fixed once, each
 * call adds the action and what it touched.
 */
export function auditTrail(
  db: DbOrTx,
  actor: AuditEntryInput["actor"],
  ip: string | null | undefined,
  area: AuditEntryInput["area"],
) {
  return (action: string, entry: Entry = {}) => recordAudit(db, { actor, area, action, ip, ...entry });
}
