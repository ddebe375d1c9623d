/**
 * The AI headings screen's action, intent by intent: each one calls the domain and maps its
 * outcome to the spec's message and an HTTP status (the route records the audit entry).
 */
import { z } from "zod";
import type { ActionResult } from "~/components/headings/action";
import type { DbOrTx } from "~/db/client.server";
import { convertArticle, restoreArticle } from "~/domain/headings/headings.server";
import { startHeadingsJob, stopHeadingsJob } from "~/domain/headings/jobs.server";
import { ANALYZE_ALL_JOB, CONVERT_ALL_JOB, HEADINGS_MESSAGES } from "~/domain/headings/rules";
import { parseId } from "~/lib/ids";

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

export type Reply = { result: ActionResult; status: number };
const ok = (result: Omit<ActionResult, "ok">): Reply => ({ result: { ...result, ok: true }, status: 200 });
const refused = (result: Omit<ActionResult, "ok">, status: number): Reply => ({
  result: { ...result, ok: false },
  status,
});

async function startJob(
  db: DbOrTx,
  intent: "analyze-all" | "convert-all",
  createdBy: string,
): Promise<Reply> {
  const kind = intent === "analyze-all" ? ANALYZE_ALL_JOB : CONVERT_ALL_JOB;
  const { created } = await startHeadingsJob(db, kind, createdBy);
  if (!created) return refused({ tone: "info", message: HEADINGS_MESSAGES.alreadyRunning, intent }, 409);
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
      return refused({ ...base, tone: "info", message: HEADINGS_MESSAGES.alreadyConverted }, 409);
    case "nothing":
      return refused({ ...base, tone: "info", message: HEADINGS_MESSAGES.nothingToConvert }, 409);
    default:
      return refused({ ...base, tone: "error", message: HEADINGS_MESSAGES.missing }, 404);
  }
}

async function restore(db: DbOrTx, id: number): Promise<Reply> {
  const result = await restoreArticle(db, id);
  const base = { intent: "restore", id };
  switch (result.outcome) {
    case "restored":
      return ok({ ...base, tone: "success", message: HEADINGS_MESSAGES.restored });
    case "edited":
      return refused({ ...base, tone: "warning", message: HEADINGS_MESSAGES.editedSince }, 409);
    case "not-converted":
      return refused({ ...base, tone: "info", message: HEADINGS_MESSAGES.notConverted }, 409);
    default:
      return refused({ ...base, tone: "error", message: HEADINGS_MESSAGES.missing }, 404);
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
        : refused({ tone: "info", message: HEADINGS_MESSAGES.notRunning, intent: "stop" }, 409);
    case "convert":
      return convert(db, input.id);
    case "restore":
      return restore(db, input.id);
  }
}

/** What the screen says when an intent failed on the server (the error itself is logged). */
export function failedReply(intent: HeadingsIntent["intent"]): Reply {
  const message =
    intent === "convert"
      ? HEADINGS_MESSAGES.failed
      : intent === "restore"
        ? HEADINGS_MESSAGES.restoreFailed
        : HEADINGS_MESSAGES.startFailed;
  return refused({ tone: "error", message, intent }, 500);
}
