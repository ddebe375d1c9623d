/**
 * The media API used by the image picker, ImageField, the article content editor and the media manager.
 *
 *   GET  /admin/api/media?bucket=images|mediji|all&q=&type=image|video|document&page=1&perPage=20
 *        → { items: MediaItem[], total, page, perPage }
 *   POST /admin/api/media   multipart: intent=upload, file, bucket, profile=library|manager
 *        → 201 { ok: true, item } | 4xx/5xx { ok: false, code, message }
 *   POST /admin/api/media   form: intent=delete, bucket, name[, replaceWith=/media/…] → { ok: true } |
 *        { ok: false, code, message[, usage] } — a used file only with a replacement (decision 295)
 *   POST /admin/api/media   form: intent=words, bucket, name, alt, caption → { ok: true } (decision 196)
 *   GET  /admin/api/media?usage=/media/{bucket}/{key} → where the file is used (before a delete)
 */

import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { listMedia, type MediaListFilter, uploadMedia } from "~/domain/media/media.server";
import { MAX_BYTES, MEDIA_MESSAGES, type MediaType, type UploadProfile } from "~/domain/media/rules";
import { deleteLibraryFile, mediaUsage, updateMediaWords } from "~/domain/media/usage.server";
import { requirePermission } from "~/domain/users/auth.server";
import type { SessionUser } from "~/domain/users/session.server";
import { errorMessage, errorStatus } from "~/http/errors";
import { isBucket } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { formReadStatus, type ReceivedForm, readPostedForm } from "~/lib/multipart.server";
import { parsePage } from "~/lib/pagination";
import { getDb, getStorage, getUploadDir } from "~/services.server";
import type { Route } from "./+types/media";

const TYPES: MediaType[] = ["image", "video", "document"];

const MEDIA_ERROR_CODES = {
  "not-found": "media.not_found",
  "in-use": "media.in_use",
  "replacement-invalid": "media.replacement_invalid",
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "canViewMedia");
  const url = new URL(request.url);
  const usageOf = url.searchParams.get("usage");
  if (usageOf !== null) {
    if (!/^\/media\/(images|mediji)\/[^\s]{1,300}$/.test(usageOf)) return json({ ok: false }, 400);
    return json({ ok: true, usage: await mediaUsage(getDb(), usageOf) });
  }
  const bucketParam = url.searchParams.get("bucket");
  const typeParam = url.searchParams.get("type") as MediaType | null;
  const perPage = Math.min(Math.max(Number(url.searchParams.get("perPage")) || 20, 1), 60);
  const filter: MediaListFilter = {
    bucket: isBucket(bucketParam) ? bucketParam : undefined,
    q: (url.searchParams.get("q") ?? "").slice(0, 200),
    type: typeParam && TYPES.includes(typeParam) ? typeParam : undefined,
    page: parsePage(url.searchParams.get("page")),
    perPage,
  };
  try {
    const { items, total } = await listMedia(getDb(), filter);
    return Response.json(
      { items, total, page: filter.page, perPage, error: null },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // Spec §8: list load errors show an empty list with no message; the log carries the cause.
    logger.error({ err: error }, "media list failed to load");
    return Response.json({ items: [], total: 0, page: 1, perPage, error: "load_failed" }, { status: 200 });
  }
}

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "canViewMedia");
  // The file goes to a temporary file as it arrives (at most the manager's 10 MB; a larger one is
  // dropped and refused below), never held in memory whole.
  let form: ReceivedForm;
  try {
    form = await readPostedForm(request, {
      files: { file: { maxCount: 1, maxBytes: MAX_BYTES.manager } },
      tmpDir: getUploadDir(),
    });
  } catch (error) {
    const status = formReadStatus(error);
    if (status === 500) logger.error({ err: error }, "media upload could not be received");
    return status === 413
      ? json({ ok: false, code: "too_large", message: MEDIA_MESSAGES.managerTooLarge }, 413)
      : json({ ok: false, code: "failed", message: MEDIA_MESSAGES.uploadFailed }, status);
  }
  try {
    return await handleAction(form, { user, ip: context.clientIp });
  } finally {
    await form.cleanup();
  }
}

// Over 80 lines on purpose: one switch over the media API's intents, each case a few lines.
async function handleAction(
  form: ReceivedForm,
  who: { user: SessionUser; ip: string | null },
): Promise<Response> {
  const intent = form.fields.get("intent");
  const bucket = form.fields.get("bucket");
  if (!isBucket(bucket)) return json({ ok: false, code: "bad_request", message: "Nepoznata fascikla." }, 400);

  if (intent === "delete") {
    const name = form.fields.get("name");
    if (!name) {
      return json({ ok: false, message: "Fajl nije pronađen." }, 400);
    }
    const replaceWith = form.fields.get("replaceWith") || null;
    const result = await deleteLibraryFile(getDb(), getStorage(), { bucket, name, replaceWith });
    if (!result.ok) {
      if (result.code === "failed") return json({ ok: false, code: "failed", message: result.reason }, 500);
      const code = MEDIA_ERROR_CODES[result.code];
      const usage = result.code === "in-use" ? result.usage : undefined;
      return json({ ok: false, code, message: errorMessage(code), usage }, errorStatus(code));
    }
    await recordAudit(getDb(), {
      actor: who.user,
      area: "media",
      action: "delete",
      recordId: `${bucket}/${name}`,
      ip: who.ip,
      changes: replaceWith ? { replacedBy: [null, replaceWith] } : null,
    });
    return json({ ok: true, replaced: result.replaced });
  }

  if (intent === "words") {
    const name = form.fields.get("name");
    if (!name) return json({ ok: false, message: "Fajl nije pronađen." }, 400);
    const alt = form.fields.get("alt") ?? "";
    const caption = form.fields.get("caption") ?? "";
    const saved = await updateMediaWords(getDb(), { bucket, name, alt, caption });
    if (!saved) return json({ ok: false, message: "Fajl nije pronađen." }, 404);
    await recordAudit(getDb(), {
      actor: who.user,
      area: "media",
      action: "update",
      recordId: `${bucket}/${name}`,
      ip: who.ip,
      changes: changedFields(saved.before, { alt: alt.trim(), caption: caption.trim() }),
    });
    return json({ ok: true, message: "Opis i potpis su sačuvani." });
  }

  if (intent === "upload") {
    if (form.busy) {
      return Response.json(
        { ok: false, code: "busy", message: MEDIA_MESSAGES.uploadFailed },
        { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } },
      );
    }
    const file = form.files.find((f) => f.field === "file");
    const profile: UploadProfile = form.fields.get("profile") === "manager" ? "manager" : "library";
    if (!file) {
      return json({ ok: false, code: "not_image", message: MEDIA_MESSAGES.notImage }, 400);
    }
    if (file.size > MAX_BYTES[profile] || !file.path) {
      const message = profile === "library" ? MEDIA_MESSAGES.tooLarge : MEDIA_MESSAGES.managerTooLarge;
      return json({ ok: false, code: "too_large", message }, 413);
    }
    const result = await uploadMedia(getDb(), getStorage(), {
      bucket,
      profile,
      fileName: file.name || "slika",
      file: { path: file.path, size: file.size },
    });
    if (result.ok) {
      await recordAudit(getDb(), {
        actor: who.user,
        area: "media",
        action: "upload",
        recordId: `${bucket}/${result.item.name}`,
        recordLabel: result.item.displayName,
        ip: who.ip,
      });
    }
    return json(result, result.ok ? 201 : result.status);
  }

  return json({ ok: false, code: "bad_request", message: errorMessage("unknown_intent") }, 400);
}
