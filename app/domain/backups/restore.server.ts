/**
 * Restoring an archive (docs/decisions/162): the database and the media loaded into what the
 * environment names — refused into a non-empty target unless forced — then read back and checked
 * against the manifest's row counts and checksums.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { STORAGE_BUCKETS, type Storage } from "~/integrations/storage/storage";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BackupError,
  type Manifest,
  type MediaEntry,
  postgresTool,
  run,
  runTool,
} from "./archive-format.server";
import { copyAllRows } from "./logical-copy.server";
import { countRows, diffCounts, listTables, rowsOf, totalRows } from "./tables.server";

export type RestoreTarget = { driver: "postgres"; url: string } | { driver: "pglite"; dataDir: string };

export type RestoreOptions = {
  target: RestoreTarget;
  storage: Storage;
  force?: boolean;
  log?: (message: string) => void;
};

export type RestoreSummary = {
  from: "pglite" | "postgres";
  to: "pglite" | "postgres";
  tables: number;
  rows: number;
  mediaFiles: number;
  durationMs: number;
};

export async function readManifest(archive: string): Promise<Manifest> {
  const { stdout } = await run("tar", ["-xOf", archive, "./manifest.json"], { maxBuffer: 256 << 20 }).catch(
    () => {
      throw new BackupError("bad-archive", `${archive} nije rezervna kopija ovog sajta (nema manifest.json)`);
    },
  );
  const manifest = JSON.parse(stdout) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new BackupError(
      "bad-archive",
      `${archive} nije rezervna kopija ovog sajta (format ${manifest.format})`,
    );
  }
  return manifest;
}

/** Loads an archive into the database and storage named by `options`; verifies it afterwards. */
export async function restoreBackup(archive: string, options: RestoreOptions): Promise<RestoreSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const manifest = await readManifest(archive);
  const { target } = options;
  if (manifest.driver === "postgres" && target.driver !== "postgres") {
    throw new BackupError(
      "wrong-driver",
      "Rezervna kopija PostgreSQL baze vraća se samo u PostgreSQL: zadajte DATABASE_URL.",
    );
  }
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
  try {
    await run("tar", ["-xf", archive, "-C", stage], { maxBuffer: 1 << 20 });
    await ensureEmptyTargets(target, options.storage, Boolean(options.force));
    const handle = await loadDatabase(manifest, path.join(stage, manifest.database), target, log);
    try {
      await verifyRowCounts(handle.db, manifest);
    } finally {
      await handle.close();
    }
    await restoreMedia(manifest, path.join(stage, "media"), options.storage);
    log(`Mediji vraćeni: ${manifest.media.length} fajlova.`);
    return {
      from: manifest.driver,
      to: target.driver,
      tables: Object.keys(manifest.tables).length,
      rows: totalRows(manifest.tables),
      mediaFiles: manifest.media.length,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** The archive's database into the target: PGlite's data directory, pg_restore, or a row copy. */
async function loadDatabase(
  manifest: Manifest,
  dumpFile: string,
  target: RestoreTarget,
  log: (message: string) => void,
): Promise<DatabaseHandle> {
  if (target.driver === "pglite") {
    const blob = new Blob([fs.readFileSync(dumpFile)]);
    fs.mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
    const handle = await openDatabase({ driver: "pglite", dataDir: target.dataDir, loadDataDir: blob });
    log("Baza vraćena (PGlite).");
    return handle;
  }
  if (manifest.driver === "pglite") return pgliteIntoPostgres(dumpFile, target.url, log);
  await runTool(postgresTool("pg_restore"), [
    "--no-owner",
    "--no-acl",
    "--exit-on-error",
    "--single-transaction",
    "--dbname",
    target.url,
    dumpFile,
  ]);
  const handle = await openDatabase({ driver: "postgres", url: target.url, max: 2 });
  log("Baza vraćena (pg_restore).");
  return handle;
}

/**
 * Every table the archive has holds the rows the manifest counted. (PGlite → PostgreSQL copies
 * into this code's migrations, which may add tables: only the archive's tables are compared.)
 */
async function verifyRowCounts(db: Database, manifest: Manifest): Promise<void> {
  const actual = await countRows(db, Object.keys(manifest.tables));
  const problems = diffCounts(manifest.tables, actual);
  if (problems.length > 0) {
    throw new BackupError(
      "verify-failed",
      `Broj redova se ne slaže posle vraćanja:\n  ${problems.join("\n  ")}`,
    );
  }
}

/** Every media file checked against its checksum, stored, then read back and checked again. */
async function restoreMedia(manifest: Manifest, mediaDir: string, storage: Storage): Promise<void> {
  for (const entry of manifest.media) {
    const bytes = fs.readFileSync(path.join(mediaDir, entry.bucket, ...entry.key.split("/")));
    if (sha256(bytes) !== entry.sha256) {
      throw new BackupError("bad-archive", `oštećen fajl u arhivi: ${entry.bucket}/${entry.key}`);
    }
    await storage.put(entry.bucket as never, entry.key, bytes, entry.contentType);
  }
  const mismatched = await verifyMedia(storage, manifest.media);
  if (mismatched.length > 0) {
    throw new BackupError(
      "verify-failed",
      `Mediji se ne slažu posle vraćanja: ${mismatched.slice(0, 5).join(", ")}`,
    );
  }
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Every object of both buckets with its checksum, read back from the store. */
export async function mediaChecksums(storage: Storage): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const bucket of STORAGE_BUCKETS) {
    for await (const key of storage.list(bucket)) {
      const object = await storage.get(bucket, key);
      if (!object) continue;
      const hash = createHash("sha256");
      for await (const chunk of object.body as AsyncIterable<Buffer>) hash.update(chunk);
      sums.set(`${bucket}/${key}`, hash.digest("hex"));
    }
  }
  return sums;
}

async function verifyMedia(storage: Storage, entries: MediaEntry[]): Promise<string[]> {
  const sums = await mediaChecksums(storage);
  return entries
    .filter((e) => sums.get(`${e.bucket}/${e.key}`) !== e.sha256)
    .map((e) => `${e.bucket}/${e.key}`);
}

async function pgliteIntoPostgres(
  dumpFile: string,
  url: string,
  log: (message: string) => void,
): Promise<DatabaseHandle> {
  const source = await openDatabase({
    driver: "pglite",
    dataDir: null,
    loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
  });
  const target = await openDatabase({ driver: "postgres", url, max: 2 });
  try {
    await runMigrations(source);
    await runMigrations(target);
    const copied = await copyAllRows(source.db, target.db);
    log(
      `Prebačeno iz PGlite u PostgreSQL: ${Object.keys(copied).length} tabela, ${totalRows(copied)} redova.`,
    );
    return target;
  } catch (error) {
    await target.close();
    throw error;
  } finally {
    await source.close();
  }
}

/** Refuses a target that holds anything unless `force`; with `force`, empties it. */
async function ensureEmptyTargets(target: RestoreTarget, storage: Storage, force: boolean): Promise<void> {
  const problems: string[] = [];
  let objects = 0;
  for (const bucket of STORAGE_BUCKETS) for await (const _ of storage.list(bucket)) objects++;
  if (objects > 0) problems.push(`skladište medija ima ${objects} fajlova`);

  if (target.driver === "pglite") {
    const dir = path.resolve(target.dataDir);
    if (fs.existsSync(path.join(dir, "PG_VERSION"))) problems.push(`baza ${dir} već postoji`);
  } else {
    const handle = await openDatabase({ driver: "postgres", url: target.url, max: 1 });
    try {
      const tables = await listTables(handle.db);
      if (tables.length > 0) problems.push(`baza ima ${tables.length} tabela`);
    } finally {
      await handle.close();
    }
  }
  if (problems.length === 0) return;
  if (!force) {
    throw new BackupError(
      "not-empty",
      `Odredište nije prazno (${problems.join("; ")}). Dodajte --force da ga zamenite sadržajem arhive.`,
    );
  }

  for (const bucket of STORAGE_BUCKETS) {
    const keys: string[] = [];
    for await (const key of storage.list(bucket)) keys.push(key);
    for (const key of keys) await storage.delete(bucket, key);
  }
  if (target.driver === "pglite") {
    fs.rmSync(path.resolve(target.dataDir), { recursive: true, force: true });
  } else {
    const handle = await openDatabase({ driver: "postgres", url: target.url, max: 1 });
    try {
      await emptyPostgres(handle.db);
    } finally {
      await handle.close();
    }
  }
}

async function emptyPostgres(db: Database): Promise<void> {
  const owner = rowsOf<{ user: string }>(await db.execute(sql`select current_user as "user"`))[0].user;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql.raw(`create schema public authorization "${owner.replace(/"/g, '""')}"`));
}
