import { MEDIA_BUCKETS } from "~/db/schema/media-values";
import { isOneOf } from "~/lib/one-of";

/**
 * The object store behind the media library (DESIGN: one interface, two drivers). Buckets are the
 * spec's two: `images` and `mediji`. Keys are relative paths made only of the characters the
 * file-name cleaner keeps plus "/" between segments; drivers refuse anything else.
 *
 * Glossary: a *key* names an object inside a bucket; its *public URL* is `/media/{bucket}/{key}`,
 * served by our own server (server/app.ts) with the stored content type, whichever driver holds it.
 */
export const STORAGE_BUCKETS = MEDIA_BUCKETS;
export type Bucket = (typeof STORAGE_BUCKETS)[number];

export type StoredObject = {
  body: NodeJS.ReadableStream;
  contentType: string;
  size: number;
};

export interface Storage {
  readonly driver: "local" | "s3";
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object and its stored content type, or null when there is none. */
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  /** Deleting a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  publicUrl(bucket: Bucket, key: string): string;
  /** Every key in a bucket, in no particular order (backups walk it). */
  list(bucket: Bucket): AsyncIterable<string>;
}

export function isBucket(value: unknown): value is Bucket {
  return isOneOf(STORAGE_BUCKETS, value);
}

const SEGMENT = /^[A-Za-z0-9._-]{1,255}$/;

/** A key is 1–4 safe segments, none of them "." or "..". */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > 600) return false;
  const parts = key.split("/");
  if (parts.length > 4) return false;
  return parts.every((p) => SEGMENT.test(p) && p !== "." && p !== "..");
}

export function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** The stable public path of an object (the same for both drivers). */
export function mediaPath(bucket: Bucket, key: string): string {
  return `/media/${bucket}/${key}`;
}
