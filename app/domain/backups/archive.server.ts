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
 * in the archive (a file uploaded meanwhile is an extra, harmless). A restore loads the database
 * and the media into what the environment names, refuses a non-empty target unless forced, then
 * reads everything back and checks the counts and checksums against the manifest.
 *
 * A PGlite archive restores into PGlite (its data directory) or into PostgreSQL: there it is
 * opened in memory, both sides are migrated to this code's migrations and the rows are copied
 * (logical-copy.server.ts). A PostgreSQL archive restores into PostgreSQL only.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { STORAGE_BUCKETS, type Storage } from "~/integrations/storage/storage";
import { copyAllRows } from "./logical-copy.server";
import { countRows, diffCounts, listTables, rowsOf, type TableCounts, totalRows } from "./tables.server";

const run = promisify(execFile);

export const ARCHIVE_FORMAT = "balkan-vozaci-backup";
export const ARCHIVE_VERSION = 1;

export type MediaEntry = { bucket: string; key: string; contentType: string; size: number; sha256: string };

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  appVersion: string;
  driver: "pglite" | "postgres";
  database: string;
  tables: TableCounts;
  media: MediaEntry[];
};

export type BackupSummary = {
  file: string;
  bytes: number;
  driver: "pglite" | "postgres";
  tables: number;
  rows: number;
  mediaFiles: number;
  durationMs: number;
};

export class BackupError extends Error {
  constructor(
    readonly code:
      | "not-empty"
      | "bad-archive"
      | "wrong-driver"
      | "verify-failed"
      | "tool-missing"
      | "tool-failed"
      | "database-busy",
    message: string,
  ) {
    super(message);
    this.name = "BackupError";
  }
}

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
  fs.mkdirSync(path.dirname(target), { recursive: true });
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
      tables,
      media,
    };
    fs.writeFileSync(path.join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
    const partial = `${target}.partial`;
    await run("tar", ["-cf", partial, "-C", stage, "."], { maxBuffer: 1 << 20 });
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

/** `pg_dump` and `pg_restore` from PATH, or the newest Debian PostgreSQL's. */
export function postgresTool(name: "pg_dump" | "pg_restore"): string {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = path.join(base, version, "bin", name);
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new BackupError(
    "tool-missing",
    `${name} nije pronađen (Debian: apt-get install postgresql-client); potreban je za PostgreSQL`,
  );
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
    await runTool(postgresTool("pg_dump"), [
      "--format=custom",
      "--no-owner",
      "--no-acl",
      `--snapshot=${snapshot}`,
      "--file",
      path.join(stage, file),
      "--dbname",
      url,
    ]);
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

async function runTool(file: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError("tool-failed", `${path.basename(file)} nije uspeo (${code}): ${stderr.trim()}`),
          ),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Restore

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

    let handle: DatabaseHandle;
    if (target.driver === "pglite") {
      const blob = new Blob([fs.readFileSync(path.join(stage, manifest.database))]);
      fs.mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
      handle = await openDatabase({ driver: "pglite", dataDir: target.dataDir, loadDataDir: blob });
      log("Baza vraćena (PGlite).");
    } else if (manifest.driver === "postgres") {
      await runTool(postgresTool("pg_restore"), [
        "--no-owner",
        "--no-acl",
        "--exit-on-error",
        "--single-transaction",
        "--dbname",
        target.url,
        path.join(stage, manifest.database),
      ]);
      handle = await openDatabase({ driver: "postgres", url: target.url, max: 2 });
      log("Baza vraćena (pg_restore).");
    } else {
      handle = await pgliteIntoPostgres(path.join(stage, manifest.database), target.url, log);
    }

    try {
      // PGlite → PostgreSQL copies into this code's migrations, which may add tables: compare
      // the tables the archive has.
      const actual = await countRows(handle.db, Object.keys(manifest.tables));
      const problems = diffCounts(manifest.tables, actual);
      if (problems.length > 0) {
        throw new BackupError(
          "verify-failed",
          `Broj redova se ne slaže posle vraćanja:\n  ${problems.join("\n  ")}`,
        );
      }
    } finally {
      await handle.close();
    }

    const mediaDir = path.join(stage, "media");
    for (const entry of manifest.media) {
      const bytes = fs.readFileSync(path.join(mediaDir, entry.bucket, ...entry.key.split("/")));
      if (sha256(bytes) !== entry.sha256) {
        throw new BackupError("bad-archive", `oštećen fajl u arhivi: ${entry.bucket}/${entry.key}`);
      }
      await options.storage.put(entry.bucket as never, entry.key, bytes, entry.contentType);
    }
    const mismatched = await verifyMedia(options.storage, manifest.media);
    if (mismatched.length > 0) {
      throw new BackupError(
        "verify-failed",
        `Mediji se ne slažu posle vraćanja: ${mismatched.slice(0, 5).join(", ")}`,
      );
    }
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
