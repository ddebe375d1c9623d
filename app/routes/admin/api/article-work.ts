/**
 * The open article form's background calls (decision 193), as JSON:
 *
 *   POST /admin/api/article-work  intent=autosave, article (id or empty), baseVersion, values (JSON)
 *        → { ok, savedAt }
 *   POST /admin/api/article-work  intent=heartbeat, article → { ok, others: [{ name, since }], version }
 *   POST /admin/api/article-work  intent=leave, article → { ok }
 *   POST /admin/api/article-work  intent=discard, article (id or empty) → { ok }
 *   GET  /admin/api/article-work?clanak={id}&revizija={id} → the revision's word diff
 */
import { z } from "zod";
import {
  AUTOSAVE_MAX_BYTES,
  discardAutosave,
  leavePresence,
  saveAutosave,
  touchPresence,
} from "~/domain/articles/drafts.server";
import { revisionDiff } from "~/domain/articles/revisions.server";
import { requirePermission } from "~/http/auth.server";
import { failureResponse } from "~/http/errors";
import { readIntent } from "~/http/intent";
import { parseId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { getDb } from "~/services.server";
import type { Route } from "./+types/article-work";

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewArticles");
  const url = new URL(request.url);
  const articleId = parseId(url.searchParams.get("clanak"));
  const revisionId = parseId(url.searchParams.get("revizija"));
  if (articleId === null || revisionId === null) return json({ ok: false }, 404);
  const diff = await revisionDiff(getDb(), articleId, revisionId);
  return diff ? json({ ok: true, diff }) : json({ ok: false }, 404);
}

/** An article id, or empty for the form of a new article. */
const articleField = z.string().transform((value, ctx) => {
  if (value.trim() === "") return null;
  const id = parseId(value);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "Neispravan članak." });
    return z.NEVER;
  }
  return id;
});
const existingArticle = articleField.refine((id) => id !== null, "Neispravan članak.");

const formValuesField = z
  .string()
  .max(AUTOSAVE_MAX_BYTES)
  .transform((text, ctx) => {
    try {
      const parsed = JSON.parse(text) as unknown;
      const values = z.record(z.string(), z.union([z.string(), z.array(z.string())])).parse(parsed);
      return values;
    } catch {
      ctx.addIssue({ code: "custom", message: "Neispravan nacrt." });
      return z.NEVER;
    }
  });

const workSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("autosave"),
    article: articleField,
    baseVersion: z
      .string()
      .optional()
      .transform((v) => parseId(v ?? "")),
    values: formValuesField,
  }),
  z.object({ intent: z.literal("heartbeat"), article: existingArticle }),
  z.object({ intent: z.literal("leave"), article: existingArticle }),
  z.object({ intent: z.literal("discard"), article: articleField }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewArticles");
  const parsed = await readIntent(request, workSchema);
  if (!parsed.ok) return parsed.known ? json({ ok: false }, 400) : failureResponse("unknown_intent");
  const input = parsed.data;
  const db = getDb();
  try {
    switch (input.intent) {
      case "autosave": {
        const savedAt = await saveAutosave(db, {
          userId: user.id,
          articleId: input.article,
          values: input.values,
          baseVersion: input.baseVersion,
        });
        return json({ ok: true, savedAt });
      }
      case "heartbeat": {
        const { others, version } = await touchPresence(db, {
          articleId: input.article as number,
          userId: user.id,
        });
        return json({ ok: true, others, version });
      }
      case "leave":
        await leavePresence(db, input.article as number, user.id);
        return json({ ok: true });
      case "discard":
        await discardAutosave(db, user.id, input.article);
        return json({ ok: true });
    }
  } catch (error) {
    // A foreign-key refusal: the article was deleted meanwhile.
    logger.error({ err: error, intent: input.intent }, "article form background call failed");
    return json({ ok: false }, 500);
  }
}
