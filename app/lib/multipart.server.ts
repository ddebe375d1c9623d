/**
 * Reads a posted form once, as it streams (docs/decisions/150): text fields are kept in memory
 * (at most `maxTextBytes` in all), and each file part goes straight to a temporary file with a
 * running size cap — or, when the caller did not admit files (the limiter refused, or no rule
 * names the field), is read and dropped without touching the disk. Nothing is decoded here and
 * no file is ever held in memory whole.
 *
 *   const form = await readPostedForm(request, { files: { photos: { maxCount: 8, maxBytes } }, tmpDir });
 *   try { … form.fields.get("title") … form.files … } finally { await form.cleanup(); }
 *
 * Writing uploads to disk takes one of a few per-process slots (`UPLOAD_SLOTS`): a burst of large
 * uploads waits for a slot without its body being read (TCP holds the sender back), and after
 * `slotWaitMs` its files are dropped and `busy` is set so the route can answer 503.
 *
 * The temporary files are removed by `cleanup()` — after success, after an error, and when the
 * client goes away mid-upload (the read fails and removes what it wrote). Files a killed process
 * left behind are removed at the next start (`sweepUploadDir`).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp, { type FileHandle } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { FORM_BODY_LIMIT } from "./body-limits";
import { Semaphore } from "./semaphore";

export type FileRule = {
  /** Files of this field kept on disk; later ones are read and dropped (still listed, path null). */
  maxCount: number;
  /** A file over this many bytes is dropped as soon as it passes the limit (listed, path null). */
  maxBytes: number;
};

export type ReceivedFile = {
  field: string;
  /** The name the browser sent: for messages only, never used as a path. */
  name: string;
  /** Its temporary file, or null when its bytes were not kept (see `size` and the rule). */
  path: string | null;
  /** Bytes received; for a dropped oversized file at least `maxBytes + 1`. */
  size: number;
};

export type ReceivedForm = {
  fields: URLSearchParams;
  /** Every non-empty file part, in the order sent. */
  files: ReceivedFile[];
  /** Files were wanted but no upload slot freed up in time: every file was dropped. */
  busy: boolean;
  /** Removes the temporary files and frees the upload slot. Idempotent; always call it. */
  cleanup(): Promise<void>;
};

export type FormReadErrorCode =
  /** Not a form, a broken multipart body, a NUL byte in a text field. */
  | "malformed"
  /** The body, the text fields or the number of parts passed their limit. */
  | "too_large"
  /** The client went away before the body ended. */
  | "aborted"
  /** Our side failed (disk full, permissions). */
  | "failed";

export class FormReadError extends Error {
  constructor(
    readonly code: FormReadErrorCode,
    options?: { cause?: unknown },
  ) {
    super(`form could not be read: ${code}`, options);
    this.name = "FormReadError";
  }
}

export type ReadFormOptions = {
  /** The file fields to keep, by name. Omitted: every file part is dropped unread by anyone. */
  files?: Readonly<Record<string, FileRule>>;
  /** Where temporary files go (created when missing). */
  tmpDir: string;
  /** The text fields' names and values together, at most (default: the form body limit). */
  maxTextBytes?: number;
  /** How long to wait for an upload slot before giving up with `busy` (default 30 s). */
  slotWaitMs?: number;
};

/** Uploads written to disk at once in this process (the rest wait, body unread). */
export const UPLOAD_SLOTS = new Semaphore(Math.max(4, os.availableParallelism() * 4));
const SLOT_WAIT_MS = 30_000;
const MAX_PARTS = 1000;

/** The form of `request`: urlencoded (small, buffered by the server) or multipart (streamed). */
export async function readPostedForm(request: Request, options: ReadFormOptions): Promise<ReceivedForm> {
  const type = request.headers.get("content-type") ?? "";
  const essence = type.split(";")[0].trim().toLowerCase();
  if (essence === "application/x-www-form-urlencoded") {
    const text = await request.text().catch((error: unknown) => {
      throw new FormReadError("aborted", { cause: error });
    });
    if (text.length > (options.maxTextBytes ?? FORM_BODY_LIMIT)) throw new FormReadError("too_large");
    const fields = new URLSearchParams(text);
    for (const [, value] of fields) if (value.includes("\u0000")) throw new FormReadError("malformed");
    return { fields, files: [], busy: false, cleanup: async () => {} };
  }
  if (essence !== "multipart/form-data" || !request.body) throw new FormReadError("malformed");
  return readMultipart(request.body, type, options);
}

/**
 * The upload slot of a form that takes files (none when every slot stays busy past the wait: the
 * files are then dropped and `busy` says so), the temporary files written for it, and the one
 * cleanup that removes them and gives the slot back.
 */
async function uploadSlot(options: ReadFormOptions, wantsFiles: boolean) {
  let release: (() => void) | null = null;
  let busy = false;
  if (wantsFiles) {
    release = await UPLOAD_SLOTS.acquire(options.slotWaitMs ?? SLOT_WAIT_MS);
    busy = release === null;
  }
  const keep = wantsFiles && !busy;
  const written = new Set<string>();
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await Promise.all([...written].map((file) => fsp.rm(file, { force: true })));
    release?.();
  };
  if (keep) await ensureDir(options.tmpDir);
  return { keep, busy, written, cleanup };
}

async function readMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  options: ReadFormOptions,
): Promise<ReceivedForm> {
  const rules = options.files ?? {};
  const { keep, busy, written, cleanup } = await uploadSlot(options, Object.keys(rules).length > 0);

  const maxText = options.maxTextBytes ?? FORM_BODY_LIMIT;
  const fields = new URLSearchParams();
  const files: ReceivedFile[] = [];
  const keptPerField = new Map<string, number>();
  const fileTasks: Promise<void>[] = [];
  let textBytes = 0;
  let problem: FormReadErrorCode | null = null;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as raw UTF-8 ("Kamion Šleper.png").
      defParamCharset: "utf8",
      limits: { fieldNameSize: 200, fieldSize: maxText, parts: MAX_PARTS, headerPairs: 20 },
    });
  } catch (error) {
    await cleanup();
    throw new FormReadError("malformed", { cause: error });
  }

  parser.on("field", (name, value, info) => {
    if (problem) return;
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.nameTruncated || info.valueTruncated || textBytes > maxText) problem = "too_large";
    else if (value.includes("\u0000") || name.includes("\u0000")) problem = "malformed";
    else fields.append(name, value);
  });
  parser.on("partsLimit", () => {
    problem ??= "too_large";
  });
  parser.on("file", (field, stream, info) => {
    const rule = keep && !problem ? rules[field] : undefined;
    const entry: ReceivedFile = { field, name: (info.filename ?? "").slice(0, 200), path: null, size: 0 };
    fileTasks.push(
      receiveFile(stream, entry, rule, () => {
        const kept = keptPerField.get(field) ?? 0;
        if (!rule || kept >= rule.maxCount) return null;
        keptPerField.set(field, kept + 1);
        const file = path.join(options.tmpDir, `${randomUUID()}.upload`);
        written.add(file);
        return file;
      }),
    );
    files.push(entry);
  });

  try {
    await pipeline(Readable.fromWeb(body as NodeWebStream<Uint8Array>), parser);
    const settled = await Promise.allSettled(fileTasks);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failed) throw failed.reason;
  } catch (error) {
    await Promise.allSettled(fileTasks);
    await cleanup();
    throw error instanceof FormReadError ? error : new FormReadError(classify(error), { cause: error });
  }
  if (problem) {
    await cleanup();
    throw new FormReadError(problem);
  }
  // An empty file input is sent as a part with no name and no bytes: not a file.
  return { fields, files: files.filter((f) => f.size > 0 || f.name), busy, cleanup };
}

/**
 * Streams one file part to its temporary file (opened on the first byte, so an empty file input
 * writes nothing), or counts and drops it. Over `maxBytes` the partial file is removed at once and
 * the rest is only counted.
 */
async function receiveFile(
  stream: Readable,
  entry: ReceivedFile,
  rule: FileRule | undefined,
  claim: () => string | null,
): Promise<void> {
  let handle: FileHandle | null = null;
  let dropped = !rule;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      entry.size += chunk.length;
      if (dropped) continue;
      if (entry.size > rule!.maxBytes) {
        dropped = true;
        await handle?.close();
        handle = null;
        if (entry.path) await fsp.rm(entry.path, { force: true });
        entry.path = null;
        continue;
      }
      if (!handle) {
        const file = claim();
        if (!file) {
          dropped = true;
          continue;
        }
        handle = await fsp.open(file, "wx", 0o600);
        entry.path = file;
      }
      await handle.write(chunk);
    }
  } catch (error) {
    throw error instanceof FormReadError
      ? error
      : new FormReadError(isOurFault(error) ? "failed" : classify(error), { cause: error });
  } finally {
    await handle?.close();
  }
}

function isOurFault(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && /^E(NOSPC|ACCES|PERM|ROFS|MFILE|NFILE|DQUOT|IO|EXIST)$/.test(code);
}

/** What a failed read means: the server's body limit (413), a client that left, or a broken body. */
function classify(error: unknown): FormReadErrorCode {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const status = (e as { status?: unknown }).status;
    if (status === 413) return "too_large";
    const code = (e as { code?: unknown }).code;
    if (code === "ABORT_ERR" || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") {
      return "aborted";
    }
    if (status === 400) return "aborted";
    e = (e as { cause?: unknown }).cause;
  }
  if (isOurFault(error)) return "failed";
  return "malformed";
}

const madeDirs = new Set<string>();
async function ensureDir(dir: string): Promise<void> {
  if (madeDirs.has(dir)) return;
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  madeDirs.add(dir);
}

/**
 * Removes temporary upload files older than `olderThanMs` (left by a process that was killed
 * mid-upload). Safe with several processes sharing the directory: no upload lives that long.
 */
export function sweepUploadDir(dir: string, olderThanMs = 60 * 60 * 1000, now = Date.now()): number {
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(".upload")) continue;
    const file = path.join(dir, entry.name);
    try {
      if (now - fs.statSync(file).mtimeMs > olderThanMs) {
        fs.rmSync(file, { force: true });
        removed++;
      }
    } catch {
      // Removed by another process meanwhile.
    }
  }
  return removed;
}

/** The status a failed read answers with: 413 over a limit, 500 for our own failure, else 400. */
export function formReadStatus(error: unknown): 400 | 413 | 500 {
  const code = error instanceof FormReadError ? error.code : "failed";
  return code === "too_large" ? 413 : code === "failed" ? 500 : 400;
}
