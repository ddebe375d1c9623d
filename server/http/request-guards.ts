/**
 * What every request must satisfy before a route sees it, so that bad input gets a clear 4xx
 * with a Serbian message instead of a 500 or a frozen server:
 * - the method is one a page understands (405 otherwise);
 * - the Host header is a syntactically valid host with a valid port (400);
 * - the URL holds no NUL byte and its path decodes (400);
 * - a body is no larger than the path's limit — refused from Content-Length at once, or while it
 *   streams for chunked uploads (413), and is a form (urlencoded or well-formed multipart) unless
 *   the path takes raw bodies (webhooks) (400);
 * - form fields hold no NUL byte (PostgreSQL text cannot store one) (400).
 */
import type { IncomingMessage } from "node:http";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Close the connection after answering (the body was not read). */
    readonly closeConnection = false,
  ) {
    super(message);
  }
}

export const HTTP_MESSAGES = {
  badRequest: "Neispravan zahtev.",
  badHost: "Neispravan zahtev: nepoznat host.",
  badForm: "Neispravan zahtev: očekivan je obrazac (form).",
  badMultipart: "Neispravan zahtev: oštećen sadržaj obrasca.",
  method: "Ova metoda nije dozvoljena za ovu adresu.",
  unavailable: "Sajt je trenutno na kratkom održavanju. Pokušajte ponovo za nekoliko trenutaka.",
  tooLarge: (limit: number) => `Zahtev je prevelik. Najveća dozvoljena veličina je ${formatBytes(limit)}.`,
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

export function checkMethod(method: string): HttpError | null {
  return (ALLOWED_METHODS as readonly string[]).includes(method)
    ? null
    : new HttpError(405, HTTP_MESSAGES.method);
}

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** A Host header we can build a URL from: a name or address, and a port from 1 to 65535 if any. */
export function isValidHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST.exec(host);
  if (!match) return false;
  if (match[1] !== undefined) {
    const port = Number(match[1]);
    if (port < 1 || port > 65535) return false;
  }
  return true;
}

export function checkUrl(rawUrl: string): HttpError | null {
  if (rawUrl.length > 8192) return new HttpError(414, HTTP_MESSAGES.badRequest);
  if (/%00/i.test(rawUrl) || rawUrl.includes("\u0000")) return new HttpError(400, HTTP_MESSAGES.badRequest);
  const q = rawUrl.indexOf("?");
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  try {
    const decoded = decodeURIComponent(path);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return new HttpError(400, HTTP_MESSAGES.badRequest);
  } catch {
    return new HttpError(400, HTTP_MESSAGES.badRequest);
  }
  if (q !== -1) {
    // Each query value must decode (URLSearchParams would silently keep %ZZ; routes then see garbage).
    for (const part of rawUrl.slice(q + 1).split("&")) {
      try {
        decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        return new HttpError(400, HTTP_MESSAGES.badRequest);
      }
    }
  }
  return null;
}

/** A Content-Length that is not a number (400) or over `limit` (413), or null. */
export function checkDeclaredLength(req: IncomingMessage, limit: number): HttpError | null {
  const declared = req.headers["content-length"];
  if (declared === undefined) return null;
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length < 0) return new HttpError(400, HTTP_MESSAGES.badRequest, true);
  if (length > limit) return new HttpError(413, HTTP_MESSAGES.tooLarge(limit), true);
  return null;
}

/**
 * Reads the whole body, refusing it as soon as it is known to exceed `limit`: at once from
 * Content-Length, or while it streams (chunked). On refusal the caller answers 413 and closes
 * the connection, so the rest is never read.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = checkDeclaredLength(req, limit);
  if (declared) return Promise.reject(declared);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish(new HttpError(413, HTTP_MESSAGES.tooLarge(limit), true));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new HttpError(400, HTTP_MESSAGES.badRequest, true));
    const onAborted = () => finish(new HttpError(400, HTTP_MESSAGES.badRequest, true));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onAborted);
  });
}

export type BodyKind = "urlencoded" | "multipart" | "raw";

export function bodyKind(contentType: string | undefined): BodyKind | null {
  if (!contentType) return null;
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return /boundary=/i.test(contentType) ? "multipart" : null;
  return null;
}

/**
 * Checks that a form body is one the routes can read: a multipart body must parse, and no text
 * field may contain a NUL byte. Returns the problem, or null.
 */
export async function checkFormBody(body: Buffer, contentType: string): Promise<HttpError | null> {
  const kind = bodyKind(contentType);
  if (!kind) return new HttpError(400, HTTP_MESSAGES.badForm);
  if (kind === "urlencoded") {
    const text = body.toString("latin1");
    if (/%00/i.test(text)) return new HttpError(400, HTTP_MESSAGES.badRequest);
    for (const part of text.split("&")) {
      try {
        decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        return new HttpError(400, HTTP_MESSAGES.badRequest);
      }
    }
    return null;
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return new HttpError(400, HTTP_MESSAGES.badMultipart);
  }
  for (const [, value] of form) {
    if (typeof value === "string" && value.includes("\u0000"))
      return new HttpError(400, HTTP_MESSAGES.badRequest);
  }
  return null;
}
