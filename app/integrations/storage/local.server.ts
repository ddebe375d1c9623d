import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { logger } from "~/lib/logger.server";
import { assertKey, type Bucket, isValidKey, mediaPath, type Storage } from "./storage";

/**
 * Files under `{root}/{bucket}/{key}` (root = `DATA_DIR/storage`). The content type, decided from
 * the bytes at upload, is kept beside the tree in `{root}/.meta/{bucket}/{key}.json`, so serving
 * never guesses it from the name.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const filePath = (bucket: Bucket, key: string) => {
    assertKey(key);
    return path.join(base, bucket, key);
  };
  const metaPath = (bucket: Bucket, key: string) => path.join(base, ".meta", bucket, `${key}.json`);

  return {
    driver: "local",
    async put(bucket, key, body, contentType) {
      const target = filePath(bucket, key);
      const meta = metaPath(bucket, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.mkdir(path.dirname(meta), { recursive: true });
      // Write to a temporary name and rename, so a reader never sees half a file.
      const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.writeFile(meta, JSON.stringify({ contentType, size: body.length }));
      await fs.rename(tmp, target);
    },
    async get(bucket, key) {
      const target = filePath(bucket, key);
      let size: number;
      try {
        const stat = await fs.stat(target);
        if (!stat.isFile()) return null;
        size = stat.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT")
          logger.error({ err: error, bucket, key }, "media file could not be read");
        return null;
      }
      let contentType = "application/octet-stream";
      try {
        const meta = JSON.parse(await fs.readFile(metaPath(bucket, key), "utf8")) as { contentType?: string };
        if (typeof meta.contentType === "string") contentType = meta.contentType;
      } catch {
        // No metadata: served as an opaque download.
      }
      return { body: createReadStream(target), contentType, size };
    },
    async exists(bucket, key) {
      try {
        return (await fs.stat(filePath(bucket, key))).isFile();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT")
          logger.error({ err: error, bucket, key }, "media file could not be checked");
        return false;
      }
    },
    async delete(bucket, key) {
      await fs.rm(filePath(bucket, key), { force: true });
      await fs.rm(metaPath(bucket, key), { force: true });
    },
    publicUrl: mediaPath,
    async *list(bucket) {
      const top = path.join(base, bucket);
      const walk = async function* (dir: string): AsyncGenerator<string> {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await fs.readdir(dir, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
            const key = path.relative(top, full).split(path.sep).join("/");
            if (isValidKey(key)) yield key;
          }
        }
      };
      yield* walk(top);
    },
  };
}
