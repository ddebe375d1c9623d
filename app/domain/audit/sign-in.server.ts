import type { DbOrTx } from "~/db/client.server";
import { recordAudit } from "./audit.server";

/** A sign-in (the user) or a failed one (the e-mail typed, lowercased) in the audit log. */
export async function recordSignIn(
  db: DbOrTx,
  input: { user: { id: number; email: string } | null; email: string; ip: string | null },
): Promise<void> {
  await recordAudit(db, {
    actor: input.user ?? { id: null, email: input.email.trim().toLowerCase().slice(0, 254) },
    area: "auth",
    action: input.user ? "sign-in" : "sign-in-failed",
    recordId: input.user?.id ?? null,
    ip: input.ip,
  });
}
