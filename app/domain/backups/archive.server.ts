/**
 * Backups that restore (docs/decisions/162). One archive (a plain tar: its parts are already
 * compressed) holds:
 *
 * - `manifest.json`: what it is, the source driver, every table's row count taken in the same
 *   snapshot as the dump, and every media object with its content type, size and SHA-256;
 * - `database.pgdump` (PostgreSQL: `pg_dump --format=custom` from Debian, inside an exported
 *   snapshot) or `database.pglite.tar.gz` (PGlite's own `dumpDataDir`);
 * - `media/{bucket}/{key}`: every object of both buckets, local files or S3 alike.
 *
 * The database is dumped first and the media copied after it, so every file a dumped row names is
 * in the archive (a file uploaded meanwhile is an extra, harmless). A restore checks every
 * checksum of the manifest (the dump's too) before it writes anything, loads the database and the
 * media into what the environment names, refuses a non-empty target unless forced, then reads
 * everything back and checks the counts and checksums; a restore that fails leaves the target as
 * it found it (restore.server.ts).
 *
 * The archive holds password hashes, server secrets and subscribers' addresses: it is written
 * `0600`, a directory made for it `0700`, and pg_dump never sees the password on its command line
 * (issue 24).
 *
 * A PGlite archive restores into PGlite (its data directory) or into PostgreSQL: there it is
 * opened in memory, both sides are migrated to this code's migrations and the rows are copied
 * (logical-copy.server.ts). A PostgreSQL archive restores into PostgreSQL only.
 *
 * This module writes archives; `restore.server.ts` restores them.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { DatabaseHandle } from "~/db/client.server";
import { STORAGE_BUCKETS, type Storage } from "~/integrations/storage/storage";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type Manifest,
  type MediaEntry,
  pgDump,
  run,
  sha256File,
} from "./archive-format.server";
import { countRows, diffCounts, type TableCounts, totalRows } from "./tables.server";

export { BackupError, type Manifest } from "./archive-format.server";
export { mediaChecksums, type RestoreTarget, readManifest, restoreBackup, sha256 } from "./restore.server";

export type BackupSummary = {
  file: string;
  bytes: number;
  driver: "pglite" | "postgres";
  tables: number;
  rows: number;
  mediaFiles: number;
  durationMs: number;
};

export type BackupSource = {
  handle: DatabaseHandle;
  /** PostgreSQL only: the URL pg_dump connects to. */
  databaseUrl?: string;
  storage: Storage;
  appVersion: string;
  log?: (message: string) => void;
};

/** Writes one archive to `out` (through a temporary name, so a half-written file is never left). */
export async function createBackup(source: BackupSource, out: string): Promise<BackupSummary> {
  const started = performance.now();
  const log = source.log ?? (() => {});
  const target = path.resolve(out);
  // A directory made here is the owner's alone; an existing one is left as the operator set it
  // (BACKUP_DIR is made 0700 by its destination and by deploy/setup-host.sh).
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  // mkdtemp makes it 0700: the dump and the media are never readable by others, even staged.
  const stage = fs.mkdtempSync(path.join(path.dirname(target), ".backup-"));
  try {
    const { database, tables } =
      source.handle.driver === "postgres"
        ? await dumpPostgres(requireUrl(source.databaseUrl), stage)
        : await dumpPglite(source.handle, stage);
    log(`Baza: ${Object.keys(tables).length} tabela, ${totalRows(tables)} redova.`);
    const media = await copyMediaOut(source.storage, path.join(stage, "media"));
    log(`Mediji: ${media.length} fajlova.`);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: source.appVersion,
      driver: source.handle.driver,
      database,
      databaseSha256: await sha256File(path.join(stage, database)),
      tables,
      media,
    };
    fs.writeFileSync(path.join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
    const partial = `${target}.partial`;
    // Made 0600 before tar writes into it (tar keeps an existing file's mode), and set again after.
    fs.rmSync(partial, { force: true });
    fs.closeSync(fs.openSync(partial, "wx", 0o600));
    await run("tar", ["-cf", partial, "-C", stage, "."], { maxBuffer: 1 << 20 });
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, target);
    return {
      file: target,
      bytes: fs.statSync(target).size,
      driver: source.handle.driver,
      tables: Object.keys(tables).length,
      rows: totalRows(tables),
      mediaFiles: media.length,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error("a PostgreSQL backup needs the database URL");
  return url;
}

/**
 * pg_dump inside a snapshot this function exports: the row counts in the manifest are taken in
 * the very snapshot the dump reads, so a restore can be checked exactly even under writes.
 */
async function dumpPostgres(url: string, stage: string): Promise<{ database: string; tables: TableCounts }> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0].id;
    const tables = await countRows(drizzlePg(client));
    const file = "database.pgdump";
    await pgDump(url, path.join(stage, file), [`--snapshot=${snapshot}`]);
    await client.query("commit");
    return { database: file, tables };
  } finally {
    await client.end().catch(() => {});
  }
}

/** PGlite's own dump; counted before and after, retried when a write slipped in between. */
async function dumpPglite(
  handle: DatabaseHandle,
  stage: string,
): Promise<{ database: string; tables: TableCounts }> {
  const client = handle.client;
  if (!client) throw new Error("the PGlite handle has no client");
  const file = "database.pglite.tar.gz";
  for (let attempt = 1; ; attempt++) {
    const before = await countRows(handle.db);
    const dump = await client.dumpDataDir("gzip");
    const after = await countRows(handle.db);
    if (diffCounts(before, after).length === 0 || attempt >= 5) {
      fs.writeFileSync(path.join(stage, file), Buffer.from(await dump.arrayBuffer()));
      return { database: file, tables: after };
    }
  }
}

async function copyMediaOut(storage: Storage, dir: string): Promise<MediaEntry[]> {
  const entries: MediaEntry[] = [];
  for (const bucket of STORAGE_BUCKETS) {
    const keys: string[] = [];
    for await (const key of storage.list(bucket)) keys.push(key);
    keys.sort();
    for (const key of keys) {
      const object = await storage.get(bucket, key);
      if (!object) continue; // deleted since it was listed
      const file = path.join(dir, bucket, ...key.split("/"));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const hash = createHash("sha256");
      let size = 0;
      object.body.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      await pipeline(object.body, fs.createWriteStream(file));
      entries.push({ bucket, key, contentType: object.contentType, size, sha256: hash.digest("hex") });
    }
  }
  return entries;
}
