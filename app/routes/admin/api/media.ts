/**
 * The media API used by the image picker, ImageField, the article content editor and the media manager.
 *
 *   GET  /admin/api/media?bucket=images|mediji|all&q=&type=image|video|document&page=1&perPage=20
 *        → { items: MediaItem[], total, page, perPage }
 *   POST /admin/api/media   multipart: intent=upload, file, bucket, profile=library|manager
 *        → 201 { ok: true, item } | 4xx/5xx { ok: false, code, message }
 *   POST /admin/api/media   form: intent=delete, bucket, name → { ok: true } | { ok: false, code, message }
 *   POST /admin/api/media   form: intent=words, bucket, name, alt, caption → { ok: true } (decision 196)
 *   GET  /admin/api/media?usage=/media/{bucket}/{key} → where the file is used (before a delete)
 */

import { z } from "zod";
import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { deleteMedia, listMedia, type MediaListFilter, uploadMedia } from "~/domain/media/media.server";
import { MAX_BYTES, type MediaType, tooLargeCode, type UploadProfile } from "~/domain/media/rules";
import { mediaUsage, updateMediaWords } from "~/domain/media/usage.server";
import type { SessionUser } from "~/domain/users/session.server";
import { requirePermission } from "~/http/auth.server";
import { failureResponse } from "~/http/errors";
import { parseIntent } from "~/http/intent";
import { type Bucket, isBucket } from "~/integrations/storage/storage";
import { trimmed } from "~/lib/form";
import { logger } from "~/lib/logger.server";
import { formReadStatus, type ReceivedForm, readPostedForm } from "~/lib/multipart.server";
import { parsePage } from "~/lib/pagination";
import { getDb, getStorage, getUploadDir } from "~/services.server";
import type { Route } from "./+types/media";

const TYPES: MediaType[] = ["image", "video", "document"];

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
      ? failureResponse("media.manager_too_large")
      : failureResponse("media.upload_failed", { status });
  }
  try {
    return await handleAction(form, { user, ip: context.clientIp });
  } finally {
    await form.cleanup();
  }
}

type Who = { user: SessionUser; ip: string | null };

const named = { name: z.string().min(1) };
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), ...named }),
  z.object({ intent: z.literal("words"), ...named, alt: trimmed(), caption: trimmed() }),
  z.object({ intent: z.literal("upload"), profile: z.string().optional() }),
]);
type MediaAction = z.output<typeof actionSchema>;

/** The media API's intents, each in its own function below. */
async function handleAction(form: ReceivedForm, who: Who): Promise<Response> {
  const bucket = form.fields.get("bucket");
  if (!isBucket(bucket)) return failureResponse("media.unknown_bucket");
  const parsed = parseIntent(actionSchema, form.fields);
  // A known intent fails its schema only without the file's name.
  if (!parsed.ok)
    return parsed.known
      ? failureResponse("media.not_found", { status: 400 })
      : failureResponse("unknown_intent");
  const action = parsed.data;
  if (action.intent === "delete") return deleteFile(bucket, action, who);
  if (action.intent === "words") return saveWords(bucket, action, who);
  return upload(bucket, form, action, who);
}

async function deleteFile(bucket: Bucket, { name }: Extract<MediaAction, { intent: "delete" }>, who: Who) {
  const result = await deleteMedia(getDb(), getStorage(), bucket, name);
  if (!result.ok) return failureResponse(result.code, { detail: result.detail });
  await recordAudit(getDb(), {
    actor: who.user,
    area: "media",
    action: "delete",
    recordId: `${bucket}/${name}`,
    ip: who.ip,
  });
  return json(result);
}

/** Decision 196: the file's alt text and caption. */
async function saveWords(bucket: Bucket, input: Extract<MediaAction, { intent: "words" }>, who: Who) {
  const { name, alt, caption } = input;
  const saved = await updateMediaWords(getDb(), { bucket, name, alt, caption });
  if (!saved) return failureResponse("media.not_found");
  await recordAudit(getDb(), {
    actor: who.user,
    area: "media",
    action: "update",
    recordId: `${bucket}/${name}`,
    ip: who.ip,
    changes: changedFields(saved.before, { alt, caption }),
  });
  return json({ ok: true, message: "Opis i potpis su sačuvani." });
}

async function upload(
  bucket: Bucket,
  form: ReceivedForm,
  input: Extract<MediaAction, { intent: "upload" }>,
  who: Who,
): Promise<Response> {
  if (form.busy) return failureResponse("media.busy", { headers: { "Retry-After": "60" } });
  const file = form.files.find((f) => f.field === "file");
  const profile: UploadProfile = input.profile === "manager" ? "manager" : "library";
  if (!file) return failureResponse("media.not_image");
  if (file.size > MAX_BYTES[profile] || !file.path) return failureResponse(tooLargeCode(profile));
  const result = await uploadMedia(getDb(), getStorage(), {
    bucket,
    profile,
    fileName: file.name || "slika",
    file: { path: file.path, size: file.size },
  });
  if (!result.ok) return failureResponse(result.code);
  await recordAudit(getDb(), {
    actor: who.user,
    area: "media",
    action: "upload",
    recordId: `${bucket}/${result.item.name}`,
    recordLabel: result.item.displayName,
    ip: who.ip,
  });
  return json(result, 201);
}
