/**
 * The media API used by the image picker, ImageField, the article content editor and the media manager.
 *
 *   GET  /admin/api/media?bucket=images|mediji|all&q=&type=image|video|document&page=1&perPage=20
 *        → { items: MediaItem[], total, page, perPage }
 *   POST /admin/api/media   multipart: intent=upload, file, bucket, profile=library|manager
 *        → 201 { ok: true, item } | 4xx/5xx { ok: false, code, message }
 *   POST /admin/api/media   form: intent=delete, bucket, name → { ok: true } | { ok: false, message }
 *   POST /admin/api/media   form: intent=words, bucket, name, alt, caption → { ok: true } (decision 196)
 *   GET  /admin/api/media?usage=/media/{bucket}/{key} → where the file is used (before a delete)
 */

import { changedFields, recordAudit } from "~/domain/audit/audit.server";
import { deleteMedia, listMedia, type MediaListFilter, uploadMedia } from "~/domain/media/media.server";
import { MAX_BYTES, MEDIA_MESSAGES, type MediaType, type UploadProfile } from "~/domain/media/rules";
import { mediaUsage, updateMediaWords } from "~/domain/media/usage.server";
import { requirePermission } from "~/domain/users/auth.server";
import { isBucket } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { parsePage } from "~/lib/pagination";
import { getDb, getStorage } from "~/services.server";
import type { Route } from "./+types/media";

const TYPES: MediaType[] = ["image", "video", "document"];
/** Multipart overhead allowed on top of the file itself. */
const FORM_OVERHEAD = 64 * 1024;

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
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > MAX_BYTES.manager + FORM_OVERHEAD) {
    return json({ ok: false, code: "too_large", message: MEDIA_MESSAGES.managerTooLarge }, 413);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json({ ok: false, code: "failed", message: MEDIA_MESSAGES.uploadFailed }, 400);
  }
  const intent = form.get("intent");
  const bucket = form.get("bucket");
  if (!isBucket(bucket)) return json({ ok: false, code: "bad_request", message: "Nepoznat bucket." }, 400);

  if (intent === "delete") {
    const name = form.get("name");
    if (typeof name !== "string" || !name) {
      return json({ ok: false, message: "Fajl nije pronađen." }, 400);
    }
    const result = await deleteMedia(getDb(), getStorage(), bucket, name);
    if (result.ok) {
      await recordAudit(getDb(), {
        actor: user,
        area: "media",
        action: "delete",
        recordId: `${bucket}/${name}`,
        ip: context.clientIp,
      });
    }
    return json(result, result.ok ? 200 : result.status);
  }

  if (intent === "words") {
    const name = form.get("name");
    if (typeof name !== "string" || !name) return json({ ok: false, message: "Fajl nije pronađen." }, 400);
    const alt = String(form.get("alt") ?? "");
    const caption = String(form.get("caption") ?? "");
    const saved = await updateMediaWords(getDb(), { bucket, name, alt, caption });
    if (!saved) return json({ ok: false, message: "Fajl nije pronađen." }, 404);
    await recordAudit(getDb(), {
      actor: user,
      area: "media",
      action: "update",
      recordId: `${bucket}/${name}`,
      ip: context.clientIp,
      changes: changedFields(saved.before, { alt: alt.trim(), caption: caption.trim() }),
    });
    return json({ ok: true, message: "Opis i potpis su sačuvani." });
  }

  if (intent === "upload") {
    const file = form.get("file");
    const profile: UploadProfile = form.get("profile") === "manager" ? "manager" : "library";
    if (!(file instanceof File)) {
      return json({ ok: false, code: "not_image", message: MEDIA_MESSAGES.notImage }, 400);
    }
    if (file.size > MAX_BYTES[profile]) {
      const message = profile === "library" ? MEDIA_MESSAGES.tooLarge : MEDIA_MESSAGES.managerTooLarge;
      return json({ ok: false, code: "too_large", message }, 413);
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const result = await uploadMedia(getDb(), getStorage(), {
      bucket,
      profile,
      fileName: file.name || "slika",
      bytes,
    });
    if (result.ok) {
      await recordAudit(getDb(), {
        actor: user,
        area: "media",
        action: "upload",
        recordId: `${bucket}/${result.item.name}`,
        recordLabel: result.item.displayName,
        ip: context.clientIp,
      });
    }
    return json(result, result.ok ? 201 : result.status);
  }

  return json({ ok: false, code: "bad_request", message: "Nepoznata akcija." }, 400);
}
