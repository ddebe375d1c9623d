/**
 * Where the nightly backup archives go: a directory (BACKUP_DIR) or an S3 bucket (BACKUP_BUCKET,
 * with the S3_* credentials of the media storage). Archives are whole files named by their time.
 */
import fs from "node:fs";
import path from "node:path";
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Env } from "~/env.server";
import { logger } from "~/lib/logger.server";

export type BackupDestination = {
  /** `/var/backups/balkan-vozaci` or `s3://bucket/` */
  readonly description: string;
  /** Stores the finished archive `file` under `name`; returns where it is now. */
  store(file: string, name: string): Promise<string>;
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** A directory writes in place: the archive is made there directly. */
  readonly dir?: string;
};

/**
 * BACKUP_DIR is the service's alone (`0700`): archives hold password hashes, server secrets and
 * subscribers' addresses. Made so when missing, and tightened (with a warning) when it was more open.
 */
export function ensurePrivateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = fs.statSync(dir).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    fs.chmodSync(dir, 0o700);
    logger.warn({ dir, mode: mode.toString(8) }, "backup directory was readable by others: set to 0700");
  }
}

export function createDirectoryDestination(dir: string): BackupDestination {
  const root = path.resolve(dir);
  return {
    description: root,
    dir: root,
    async store(file, name) {
      ensurePrivateDirectory(root);
      const target = path.join(root, name);
      if (path.resolve(file) !== target) fs.renameSync(file, target);
      fs.chmodSync(target, 0o600);
      return target;
    },
    async list() {
      return fs.existsSync(root) ? fs.readdirSync(root) : [];
    },
    async remove(name) {
      fs.rmSync(path.join(root, name), { force: true });
    },
  };
}

export function createBucketDestination(client: S3Client, bucket: string): BackupDestination {
  return {
    description: `s3://${bucket}/`,
    async store(file, name) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: name,
          Body: fs.createReadStream(file),
          ContentLength: fs.statSync(file).size,
          ContentType: "application/x-tar",
        }),
      );
      return `s3://${bucket}/${name}`;
    },
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) names.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
    },
  };
}

/** BACKUP_DIR, or BACKUP_BUCKET with the S3_* credentials; null: nightly backups are off. */
export function createBackupDestinationFromEnv(env: Env): BackupDestination | null {
  if (env.BACKUP_DIR) return createDirectoryDestination(env.BACKUP_DIR);
  if (env.BACKUP_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    const client = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
      credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    });
    return createBucketDestination(client, env.BACKUP_BUCKET);
  }
  return null;
}
