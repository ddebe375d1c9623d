import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertKey, type Bucket, mediaPath, type Storage } from "./storage";

export type S3StorageOptions = {
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The real bucket name of each logical bucket (e.g. prefix + "images"). */
  bucketNames: Record<Bucket, string>;
  forcePathStyle: boolean;
};

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * S3-compatible object storage (AWS, MinIO, R2, …). Objects are still served through our own
 * `/media/{bucket}/{key}` path, so URLs do not change when the driver does and the headers
 * (content type, nosniff, SVG sandbox) are ours.
 */
export function createS3Storage(options: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = (bucket: Bucket) => options.bucketNames[bucket];

  return {
    driver: "s3",
    client,
    async put(bucket, key, body, contentType) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: Bucket(bucket), Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(bucket, key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: Bucket(bucket), Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body as NodeJS.ReadableStream,
          contentType: out.ContentType ?? "application/octet-stream",
          size: out.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async exists(bucket, key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: Bucket(bucket), Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async delete(bucket, key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: Bucket(bucket), Key: key }));
    },
    publicUrl: mediaPath,
    async *list(bucket) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: Bucket(bucket), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
