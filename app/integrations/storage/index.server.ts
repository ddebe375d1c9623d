import path from "node:path";
import type { Env } from "~/env.server";
import { createLocalStorage } from "./local.server";
import { createS3Storage } from "./s3.server";
import type { Storage } from "./storage";

/** Chooses the driver once, at boot: S3 when `S3_ENDPOINT` or `S3_ACCESS_KEY_ID` is set, else local files. */
export function createStorageFromEnv(env: Env): Storage {
  if (env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const prefix = env.S3_BUCKET_PREFIX ?? "";
    return createS3Storage({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
      bucketNames: {
        images: env.S3_BUCKET_IMAGES ?? `${prefix}images`,
        mediji: env.S3_BUCKET_MEDIJI ?? `${prefix}mediji`,
      },
    });
  }
  return createLocalStorage(path.resolve(env.DATA_DIR, "storage"));
}

export { createBackupDestinationFromEnv } from "./backup-destination.server";
export type { Bucket, Storage, StoredObject } from "./storage";
