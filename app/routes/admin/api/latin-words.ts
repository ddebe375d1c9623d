/**
 * The settings screen's card "Reči koje ostaju latinicom" (components/settings/latin-words-card.tsx).
 *
 *   GET  /admin/api/latin-words  → { latinOnlyWords }
 *   POST /admin/api/latin-words  latinOnlyWords (one word or name a line)
 *        → { ok, message, fieldErrors?, values } (400 with the error and the text as typed)
 *
 * The save is an admin write: the public page cache and the settings cache are dropped with it,
 * so Cyrillic pages follow the list at once.
 */
import { data } from "react-router";
import { type LatinWordsResult, latinWordsSchema } from "~/domain/cyrillic/latin-words-form";
import { getSettings, saveLatinOnlyWords } from "~/domain/settings/settings.server";
import { requirePermission } from "~/http/auth.server";
import { failure } from "~/http/errors";
import { parseForm } from "~/http/form";
import { saveSettingsAudited } from "~/http/settings-save.server";
import { logger } from "~/lib/logger.server";
import { LATIN_WORDS_MESSAGES } from "~/messages/cyrillic";
import { getDb } from "~/services.server";
import type { Route } from "./+types/latin-words";

/** The saved list (the card reads it from the settings screen's loader; this is for tools). */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewSettings");
  const { latinOnlyWords } = await getSettings(getDb());
  return Response.json({ latinOnlyWords }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewSettings");
  const parsed = parseForm(latinWordsSchema, await request.formData());
  if (!parsed.ok) {
    return failure("latinWords.save_failed", {
      status: 400,
      values: parsed.values,
      fieldErrors: parsed.fieldErrors,
    });
  }
  try {
    const db = getDb();
    const row = await saveSettingsAudited(
      db,
      { actor: user, ip: context.clientIp, area: "settings" },
      (s) => ({ latinOnlyWords: s.latinOnlyWords }),
      () => saveLatinOnlyWords(db, parsed.data.latinOnlyWords),
    );
    return data<LatinWordsResult>({
      ok: true,
      message: LATIN_WORDS_MESSAGES.saved,
      values: { latinOnlyWords: row.latinOnlyWords },
      saved: row.latinOnlyWords,
    });
  } catch (error) {
    logger.error({ err: error }, "latin-only words save failed");
    return failure("latinWords.save_failed", { values: parsed.values });
  }
}
