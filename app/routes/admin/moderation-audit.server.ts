/**
 * The audit entries of a forum moderation post (topics and comments alike): one per item named
 * (`id`, or the bulk `ids`), with the moderation step taken as the action.
 */
import { recordAudit } from "~/domain/audit/audit.server";
import type { SessionUser } from "~/domain/users/session.server";
import { getDb } from "~/services.server";

export async function auditForumModeration(
  form: FormData,
  input: { user: SessionUser; kind: "topic" | "comment"; ip: string | null },
): Promise<void> {
  const action =
    form.get("intent") === "status" ? String(form.get("action") ?? "status") : String(form.get("intent"));
  const ids = [...form.getAll("ids"), ...form.getAll("id")].flatMap((v) => String(v).split(","));
  for (const id of ids.filter((v) => /^\d+$/.test(v))) {
    await recordAudit(getDb(), {
      actor: input.user,
      area: "forum",
      action,
      recordId: `${input.kind} ${id}`,
      ip: input.ip,
    });
  }
}
