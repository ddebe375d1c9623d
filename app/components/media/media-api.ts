/**
 * Browser-side calls to the media API (app/routes/admin/api/media.ts). Used by the image picker,
 * ImageField, the article content editor and the media manager.
 */
import type { MediaItem } from "~/domain/media/media.server";
import { isAllowedDeclaredType, LIBRARY_MAX_BYTES, type UploadProfile } from "~/domain/media/rules";
import type { MediaUsage } from "~/domain/media/usage.server";
import { MEDIA_MESSAGES, uploadErrorText } from "~/messages/media";

export type { MediaItem };
export type MediaBucket = "images" | "mediji";
export type MediaPage = { items: MediaItem[]; total: number; page: number; perPage: number };

export const MEDIA_API = "/admin/api/media";

export async function fetchMediaPage(params: {
  bucket?: MediaBucket | "all";
  q?: string;
  type?: string;
  page?: number;
  perPage?: number;
  signal?: AbortSignal;
}): Promise<MediaPage> {
  const search = new URLSearchParams();
  if (params.bucket && params.bucket !== "all") search.set("bucket", params.bucket);
  if (params.q) search.set("q", params.q);
  if (params.type && params.type !== "all") search.set("type", params.type);
  search.set("page", String(params.page ?? 1));
  search.set("perPage", String(params.perPage ?? 20));
  try {
    const res = await fetch(`${MEDIA_API}?${search}`, {
      signal: params.signal,
      headers: { Accept: "application/json" },
    });
    if (!res.ok || !res.headers.get("content-type")?.includes("json")) throw new Error(String(res.status));
    return (await res.json()) as MediaPage;
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    // Spec §8: list load errors show an empty list with no message.
    return { items: [], total: 0, page: 1, perPage: params.perPage ?? 20 };
  }
}

export type UploadOutcome = { ok: true; item: MediaItem } | { ok: false; message: string };

/** Uploads one file; `onProgress` gets 0–1 from the XMLHttpRequest upload events. */
export function uploadMediaFile(
  file: File,
  options: { bucket?: MediaBucket; profile?: UploadProfile; onProgress?: (fraction: number) => void } = {},
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("bucket", options.bucket ?? "images");
    form.set("profile", options.profile ?? "library");
    form.set("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", MEDIA_API);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as UploadOutcome;
        if (body.ok) options.onProgress?.(1);
        resolve(body.ok ? body : { ok: false, message: body.message || MEDIA_MESSAGES.uploadFailed });
      } catch {
        resolve({ ok: false, message: MEDIA_MESSAGES.uploadFailed });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: MEDIA_MESSAGES.uploadFailed });
    xhr.send(form);
  });
}

/**
 * The article library's upload (spec §5): an image (JPG, PNG, GIF, WebP) of at most 5 MB, checked
 * here first and by its bytes on the server, stored in the `images` bucket. A failure carries the
 * spec's message: the server's own (not an image, too large, too many pixels…, `uploadErrorText`)
 * or 'Greška pri otpremanju slike.…' (`failedMessage` replaces that one where a screen has its own,
 * e.g. settings).
 */
export async function uploadLibraryImage(
  file: File,
  options: { onProgress?: (fraction: number) => void; failedMessage?: string } = {},
): Promise<UploadOutcome> {
  if (!isAllowedDeclaredType(file.type, file.name, "library")) {
    return { ok: false, message: MEDIA_MESSAGES.notImage };
  }
  if (file.size > LIBRARY_MAX_BYTES) return { ok: false, message: MEDIA_MESSAGES.tooLarge };
  const result = await uploadMediaFile(file, {
    bucket: "images",
    profile: "library",
    onProgress: options.onProgress,
  });
  if (result.ok) return result;
  return { ok: false, message: uploadErrorText(result.message, options.failedMessage) };
}

export async function deleteMediaFile(
  bucket: MediaBucket,
  name: string,
): Promise<{ ok: boolean; message?: string }> {
  try {
    const form = new FormData();
    form.set("intent", "delete");
    form.set("bucket", bucket);
    form.set("name", name);
    const res = await fetch(MEDIA_API, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
    });
    const body = (await res.json()) as { ok: boolean; message?: string };
    return body;
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Saves a file's alt text and caption (decision 196). */
export async function saveMediaWords(
  bucket: MediaBucket,
  name: string,
  words: { alt: string; caption: string },
): Promise<{ ok: boolean; message?: string }> {
  try {
    const res = await fetch(MEDIA_API, {
      method: "POST",
      body: new URLSearchParams({ intent: "words", bucket, name, ...words }),
      headers: { Accept: "application/json" },
    });
    return (await res.json()) as { ok: boolean; message?: string };
  } catch {
    return { ok: false, message: "Čuvanje nije uspelo. Pokušajte ponovo." };
  }
}

export type { MediaUsage };

/** Where a file is used (articles, banners, companies, settings), or null when that cannot be read. */
export async function fetchMediaUsage(url: string): Promise<MediaUsage | null> {
  try {
    const res = await fetch(`${MEDIA_API}?usage=${encodeURIComponent(url)}`, {
      headers: { Accept: "application/json" },
    });
    const body = (await res.json()) as { ok: boolean; usage?: MediaUsage };
    return body.ok && body.usage ? body.usage : null;
  } catch {
    return null;
  }
}
