import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { looseRef, serialId, stampedAt } from "./columns";
import { adminUsers } from "./users";

/**
 * The audit log (decision 195): one row per admin write in every area, and per sign-in and failed
 * sign-in — who, what, which record, when, from which address, and the changed fields before and
 * after. Read at /admin/audit (canViewAudit); rows older than AUDIT_RETENTION_DAYS are deleted by
 * the `audit:prune` job.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serialId(),
    at: stampedAt("at"),
    userId: looseRef("user_id", () => adminUsers.id),
    /** The e-mail as it was (a failed sign-in: the e-mail typed). */
    userEmail: text("user_email").notNull().default(""),
    area: text("area").notNull(),
    action: text("action").notNull(),
    recordId: text("record_id"),
    /** A readable name of the record (a title, an e-mail), as it was. */
    recordLabel: text("record_label"),
    ip: text("ip"),
    /** The changed fields: `{ field: [before, after] }` (long texts shortened). */
    changes: jsonb("changes").$type<Record<string, [unknown, unknown]>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_area_at_idx").on(t.area, t.at.desc()),
    index("audit_log_user_at_idx").on(t.userId, t.at.desc()),
  ],
);
