/**
 * The AI headings screen's action, intent by intent: each one calls the domain and maps its
 * outcome to the spec's message, or to a failure code `app/http/errors.ts` answers with its words
 * and status (the route records the audit entry).
 */
import { z } from "zod";
import type { ActionResult } from "~/components/headings/action";
import type { DbOrTx } from "~/db/client.server";
import { convertArticle, restoreArticle } from "~/domain/headings/headings.server";
import { startHeadingsJob, stopHeadingsJob } from "~/domain/headings/jobs.server";
import { ANALYZE_ALL_JOB, CONVERT_ALL_JOB, type HeadingErrorCode } from "~/domain/headings/rules";
import { parseId } from "~/lib/ids";
import { HEADINGS_MESSAGES } from "~/messages/headings";

const idField = z.string().transform((value, ctx) => {
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: HEADINGS_MESSAGES.missing });
    return z.NEVER;
  }
  return id;
});

/** The screen's one form: its buttons each post an intent. */
export const headingsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("analyze-all") }),
  z.object({ intent: z.literal("convert-all") }),
  z.object({ intent: z.literal("stop"), jobId: idField }),
  z.object({ intent: z.literal("convert"), id: idField }),
  z.object({ intent: z.literal("restore"), id: idField }),
]);
export type HeadingsIntent = z.infer<typeof headingsActionSchema>;

/** What the screen shows beside a refusal's words (`failure(code, extra)` adds them). */
type Shown = Omit<ActionResult, "ok" | "message">;

export type Reply = { ok: true; result: ActionResult } | { ok: false; code: HeadingErrorCode; extra: Shown };
const ok = (result: Omit<ActionResult, "ok">): Reply => ({ ok: true, result: { ...result, ok: true } });
const refused = (code: HeadingErrorCode, extra: Shown): Reply => ({ ok: false, code, extra });

async function startJob(
  db: DbOrTx,
  intent: "analyze-all" | "convert-all",
  createdBy: string,
): Promise<Reply> {
  const kind = intent === "analyze-all" ? ANALYZE_ALL_JOB : CONVERT_ALL_JOB;
  const { created } = await startHeadingsJob(db, kind, createdBy);
  if (!created) return refused("heading.job_running", { tone: "info", intent });
  const message =
    kind === ANALYZE_ALL_JOB ? HEADINGS_MESSAGES.analyzeStarted : HEADINGS_MESSAGES.convertStarted;
  return ok({ tone: "success", message, intent });
}

async function convert(db: DbOrTx, id: number): Promise<Reply> {
  const result = await convertArticle(db, id);
  const base = { intent: "convert", id };
  switch (result.outcome) {
    case "converted":
      return ok({ ...base, tone: "success", message: HEADINGS_MESSAGES.converted(result.count) });
    case "already":
      return refused("heading.already_converted", { ...base, tone: "info" });
    case "nothing":
      return refused("heading.nothing_to_convert", { ...base, tone: "info" });
    default:
      return refused("heading.not_found", { ...base, tone: "error" });
  }
}

async function restore(db: DbOrTx, id: number): Promise<Reply> {
  const result = await restoreArticle(db, id);
  const base = { intent: "restore", id };
  switch (result.outcome) {
    case "restored":
      return ok({ ...base, tone: "success", message: HEADINGS_MESSAGES.restored });
    case "edited":
      return refused("heading.edited_since", { ...base, tone: "warning" });
    case "not-converted":
      return refused("heading.not_converted", { ...base, tone: "info" });
    default:
      return refused("heading.not_found", { ...base, tone: "error" });
  }
}

export async function runHeadingsIntent(
  db: DbOrTx,
  input: HeadingsIntent,
  userEmail: string,
): Promise<Reply> {
  switch (input.intent) {
    case "analyze-all":
    case "convert-all":
      return startJob(db, input.intent, userEmail);
    case "stop":
      return (await stopHeadingsJob(db, input.jobId))
        ? ok({ tone: "info", message: HEADINGS_MESSAGES.stopRequested, intent: "stop" })
        : refused("heading.job_not_running", { tone: "info", intent: "stop" });
    case "convert":
      return convert(db, input.id);
    case "restore":
      return restore(db, input.id);
  }
}

/** What the screen says when an intent failed on the server (the error itself is logged). */
export function failedReply(intent: HeadingsIntent["intent"]): Reply {
  const code =
    intent === "convert"
      ? "heading.convert_failed"
      : intent === "restore"
        ? "heading.restore_failed"
        : "heading.start_failed";
  return refused(code, { tone: "error", intent });
}
