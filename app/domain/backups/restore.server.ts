/**
 * Restoring an archive (docs/decisions/162, 229): the database and the media loaded into what the
 * environment names — refused into a non-empty target unless forced — then read back and checked
 * against the manifest's row counts and checksums.
 *
 * Nothing is written before the whole archive is known to be sound: every media file and the
 * database dump are checked against the manifest's checksums (the dump's integrity, for archives
 * older than its checksum), and a file that fails is named. A restore that fails after writing
 * began leaves the target as it found it: an empty target is emptied again; a forced restore first
 * keeps what it replaces — a pg_dump of the PostgreSQL target, PGlite's data directory moved
 * aside, the media objects it overwrites or deletes — and puts it back (issue 24: a corrupt media
 * file left a fully restored database, 2 of 164 files, and a target the retry refused).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import {
  type Bucket,
  isBucket,
  isValidKey,
  STORAGE_BUCKETS,
  type Storage,
} from "~/integrations/storage/storage";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  BackupError,
  libpqConnection,
  type Manifest,
  type MediaEntry,
  pgDump,
  postgresTool,
  run,
  runTool,
  sha256File,
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

const UNCHANGED = "Odredište nije menjano.";

export async function readManifest(archive: string): Promise<Manifest> {
  const { stdout } = await run("tar", ["-xOf", archive, "./manifest.json"], { maxBuffer: 256 << 20 }).catch(
    () => {
      throw new BackupError("bad-archive", `${archive} nije rezervna kopija ovog sajta (nema manifest.json)`);
    },
  );
  let manifest: Manifest;
  try {
    manifest = JSON.parse(stdout) as Manifest;
  } catch {
    throw new BackupError(
      "bad-archive",
      `oštećen fajl u arhivi: manifest.json (nije ispravan JSON). ${UNCHANGED}`,
    );
  }
  if (manifest?.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new BackupError(
      "bad-archive",
      `${archive} nije rezervna kopija ovog sajta (format ${manifest?.format})`,
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
  let keepStage = false;
  try {
    await extract(archive, stage);
    // Every checksum before a single write.
    await verifyArchive(manifest, stage);
    log(`Arhiva proverena: baza i ${manifest.media.length} fajlova se slažu sa manifestom.`);
    const before = await inspectTarget(target, options.storage);
    if (!before.empty && !options.force) {
      throw new BackupError(
        "not-empty",
        `Odredište nije prazno (${before.problems.join("; ")}). Dodajte --force da ga zamenite sadržajem arhive.`,
      );
    }

    const undo = new Undo(path.join(stage, "before"));
    try {
      await undo.keepDatabase(target, before);
      await undo.keepMedia(options.storage, manifest.media, before.objects);
      const handle = await loadDatabase(
        manifest,
        path.join(stage, manifest.database),
        target,
        before,
        undo,
        log,
      );
      try {
        await verifyRowCounts(handle.db, manifest);
      } finally {
        await handle.close();
      }
      await restoreMedia(manifest, stage, options.storage, before.objects, undo);
      log(`Mediji vraćeni: ${manifest.media.length} fajlova.`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const restored = await undo.rollback(target, options.storage, log);
      if (!restored.ok) {
        keepStage = true;
        throw new BackupError(
          "restore-failed",
          `${reason}\nOdredište NIJE vraćeno u prethodno stanje (${restored.reason}); ono što je zamenjeno čuva se u ${undo.dir}.`,
        );
      }
      if (error instanceof BackupError)
        throw new BackupError(error.code, `${reason}\nOdredište je vraćeno u stanje pre vraćanja.`);
      throw new BackupError("restore-failed", `${reason}\nOdredište je vraćeno u stanje pre vraćanja.`);
    }
    undo.discard();
    return {
      from: manifest.driver,
      to: target.driver,
      tables: Object.keys(manifest.tables).length,
      rows: totalRows(manifest.tables),
      mediaFiles: manifest.media.length,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    if (!keepStage) fs.rmSync(stage, { recursive: true, force: true });
    else fs.rmSync(path.join(stage, "media"), { recursive: true, force: true });
  }
}

async function extract(archive: string, stage: string): Promise<void> {
  try {
    await run("tar", ["-xf", archive, "-C", stage], { maxBuffer: 1 << 20 });
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
    throw new BackupError(
      "bad-archive",
      `arhiva ${archive} je oštećena (tar: ${stderr || "greška"}). ${UNCHANGED}`,
    );
  }
}

/**
 * The archive as the manifest describes it: every media file present with its size and SHA-256,
 * the dump's SHA-256 (or, in an archive made before it was recorded, the dump read through). Names
 * every file that fails.
 */
async function verifyArchive(manifest: Manifest, stage: string): Promise<void> {
  const problems: string[] = [];
  const dump = path.join(stage, path.basename(manifest.database));
  if (manifest.database !== path.basename(manifest.database) || !fs.existsSync(dump)) {
    problems.push(`nedostaje fajl baze ${manifest.database}`);
  } else if (manifest.databaseSha256) {
    if ((await sha256File(dump)) !== manifest.databaseSha256)
      problems.push(`oštećen fajl u arhivi: ${manifest.database} (SHA-256 se ne slaže sa manifestom)`);
  } else {
    const damage = await dumpDamage(dump);
    if (damage) problems.push(`oštećen fajl u arhivi: ${manifest.database} (${damage})`);
  }
  for (const entry of manifest.media) {
    const name = `${entry.bucket}/${entry.key}`;
    if (!isBucket(entry.bucket) || !isValidKey(entry.key)) {
      problems.push(`neispravan naziv fajla u manifestu: ${name}`);
      continue;
    }
    const file = mediaFile(stage, entry);
    if (!fs.existsSync(file)) {
      problems.push(`nedostaje fajl u arhivi: ${name}`);
    } else if (fs.statSync(file).size !== entry.size || (await sha256File(file)) !== entry.sha256) {
      problems.push(`oštećen fajl u arhivi: ${name} (SHA-256 se ne slaže sa manifestom)`);
    }
  }
  if (problems.length === 0) return;
  const shown = problems.slice(0, 10).join("\n  ");
  const more = problems.length > 10 ? `\n  … i još ${problems.length - 10}` : "";
  throw new BackupError(
    "bad-archive",
    `Arhiva je oštećena; ništa nije upisano:\n  ${shown}${more}\n${UNCHANGED}`,
  );
}

/** Why a dump without a recorded checksum cannot be read (a broken gzip stream), or null. */
async function dumpDamage(file: string): Promise<string | null> {
  if (!file.endsWith(".gz")) return null; // pg_restore checks its own format, in one transaction
  try {
    await pipeline(fs.createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source);
    });
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `gzip: ${code ? `${code}, ` : ""}${(error as Error).message}`;
  }
}

function mediaFile(stage: string, entry: MediaEntry): string {
  return path.join(stage, "media", entry.bucket, ...entry.key.split("/"));
}

type TargetState = {
  empty: boolean;
  problems: string[];
  /** `bucket/key` of every object the storage holds. */
  objects: Set<string>;
  databaseHasTables: boolean;
};

/** What the target holds before anything is written. */
async function inspectTarget(target: RestoreTarget, storage: Storage): Promise<TargetState> {
  const problems: string[] = [];
  const objects = new Set<string>();
  for (const bucket of STORAGE_BUCKETS)
    for await (const key of storage.list(bucket)) objects.add(`${bucket}/${key}`);
  if (objects.size > 0) problems.push(`skladište medija ima ${objects.size} fajlova`);
  let databaseHasTables = false;
  if (target.driver === "pglite") {
    const dir = path.resolve(target.dataDir);
    databaseHasTables = fs.existsSync(path.join(dir, "PG_VERSION"));
    if (databaseHasTables) problems.push(`baza ${dir} već postoji`);
  } else {
    const handle = await openDatabase({ driver: "postgres", url: target.url, max: 1 });
    try {
      const tables = await listTables(handle.db);
      databaseHasTables = tables.length > 0;
      if (databaseHasTables) problems.push(`baza ima ${tables.length} tabela`);
    } finally {
      await handle.close();
    }
  }
  return { empty: problems.length === 0, problems, objects, databaseHasTables };
}

/**
 * What a restore replaced, kept until it succeeded, and put back when it did not: the target
 * database (a pg_dump, or PGlite's directory moved aside), the objects it overwrote or deleted,
 * and the keys it added.
 */
class Undo {
  private pgDumpFile: string | null = null;
  private pgliteAside: string | null = null;
  private databaseTouched = false;
  private readonly replaced: { bucket: Bucket; key: string; file: string; contentType: string }[] = [];
  private readonly added: { bucket: Bucket; key: string }[] = [];

  constructor(readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async keepDatabase(target: RestoreTarget, before: TargetState): Promise<void> {
    if (!before.databaseHasTables) return;
    if (target.driver === "postgres") {
      const file = path.join(this.dir, "database-before.pgdump");
      try {
        await pgDump(target.url, file);
      } catch (error) {
        throw new BackupError(
          "tool-failed",
          `stanje odredišne baze se ne može sačuvati pre zamene (${(error as Error).message}). ${UNCHANGED}`,
        );
      }
      this.pgDumpFile = file;
    } else {
      const dir = path.resolve(target.dataDir);
      const aside = `${dir}.pre-restore-${process.pid}-${Date.now()}`;
      fs.renameSync(dir, aside);
      this.pgliteAside = aside;
    }
  }

  /** Keeps every object the restore will overwrite with other bytes or delete. */
  async keepMedia(storage: Storage, entries: MediaEntry[], objects: Set<string>): Promise<void> {
    if (objects.size === 0) return;
    const wanted = new Map(entries.map((e) => [`${e.bucket}/${e.key}`, e.sha256]));
    let n = 0;
    for (const name of objects) {
      const [bucket, ...rest] = name.split("/");
      const key = rest.join("/");
      const object = await storage.get(bucket as Bucket, key);
      if (!object) continue;
      const file = path.join(this.dir, "media", String(n++));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const hash = createHash("sha256");
      object.body.on("data", (chunk: Buffer) => hash.update(chunk));
      await pipeline(object.body, fs.createWriteStream(file, { mode: 0o600 }));
      if (wanted.get(name) === hash.digest("hex")) {
        fs.rmSync(file);
        continue;
      }
      this.replaced.push({ bucket: bucket as Bucket, key, file, contentType: object.contentType });
    }
  }

  noteDatabaseWritten(): void {
    this.databaseTouched = true;
  }

  noteAdded(bucket: Bucket, key: string): void {
    this.added.push({ bucket, key });
  }

  /** Puts the target back as it was; says why not when it cannot. */
  async rollback(
    target: RestoreTarget,
    storage: Storage,
    log: (message: string) => void,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    try {
      for (const { bucket, key } of this.added) await storage.delete(bucket, key);
      for (const kept of this.replaced) {
        await storage.put(kept.bucket, kept.key, fs.readFileSync(kept.file), kept.contentType);
      }
      if (target.driver === "pglite") {
        const dir = path.resolve(target.dataDir);
        if (this.databaseTouched || this.pgliteAside) fs.rmSync(dir, { recursive: true, force: true });
        if (this.pgliteAside) fs.renameSync(this.pgliteAside, dir);
        this.pgliteAside = null;
      } else if (this.databaseTouched) {
        const handle = await openDatabase({ driver: "postgres", url: target.url, max: 1 });
        try {
          await emptyPostgres(handle.db);
        } finally {
          await handle.close();
        }
        if (this.pgDumpFile) await pgRestore(target.url, this.pgDumpFile);
      }
      log("Odredište je vraćeno u stanje pre vraćanja.");
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The restore succeeded: what it replaced goes. */
  discard(): void {
    if (this.pgliteAside) fs.rmSync(this.pgliteAside, { recursive: true, force: true });
    this.pgliteAside = null;
  }

  /** For the database loader: a PostgreSQL target that held tables is emptied first. */
  async emptyPostgresTarget(url: string): Promise<void> {
    this.databaseTouched = true;
    const handle = await openDatabase({ driver: "postgres", url, max: 1 });
    try {
      await emptyPostgres(handle.db);
    } finally {
      await handle.close();
    }
  }
}

/** `pg_restore` of a custom-format dump into `url`, in one transaction, the password off argv. */
async function pgRestore(url: string, file: string): Promise<void> {
  const connection = libpqConnection(url);
  await runTool(
    postgresTool("pg_restore"),
    [
      "--no-owner",
      "--no-acl",
      "--exit-on-error",
      "--single-transaction",
      "--dbname",
      connection.dbname,
      file,
    ],
    connection.env,
  );
}

/** The archive's database into the target: PGlite's data directory, pg_restore, or a row copy. */
async function loadDatabase(
  manifest: Manifest,
  dumpFile: string,
  target: RestoreTarget,
  before: TargetState,
  undo: Undo,
  log: (message: string) => void,
): Promise<DatabaseHandle> {
  if (target.driver === "pglite") {
    undo.noteDatabaseWritten();
    const blob = new Blob([fs.readFileSync(dumpFile)]);
    fs.mkdirSync(path.dirname(path.resolve(target.dataDir)), { recursive: true });
    const handle = await openDatabase({ driver: "pglite", dataDir: target.dataDir, loadDataDir: blob });
    log("Baza vraćena (PGlite).");
    return handle;
  }
  if (before.databaseHasTables) await undo.emptyPostgresTarget(target.url);
  undo.noteDatabaseWritten();
  if (manifest.driver === "pglite") return pgliteIntoPostgres(dumpFile, target.url, log);
  await pgRestore(target.url, dumpFile);
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

/**
 * Every media file stored (checked against its checksum once more as it is read), then every one
 * read back from the store and checked; what the target held beyond the archive is deleted.
 */
async function restoreMedia(
  manifest: Manifest,
  stage: string,
  storage: Storage,
  existing: Set<string>,
  undo: Undo,
): Promise<void> {
  for (const entry of manifest.media) {
    const bytes = fs.readFileSync(mediaFile(stage, entry));
    if (sha256(bytes) !== entry.sha256) {
      throw new BackupError("bad-archive", `oštećen fajl u arhivi: ${entry.bucket}/${entry.key}`);
    }
    const bucket = entry.bucket as Bucket;
    if (!existing.has(`${entry.bucket}/${entry.key}`)) undo.noteAdded(bucket, entry.key);
    await storage.put(bucket, entry.key, bytes, entry.contentType);
  }
  const inArchive = new Set(manifest.media.map((e) => `${e.bucket}/${e.key}`));
  for (const name of existing) {
    if (inArchive.has(name)) continue;
    const [bucket, ...rest] = name.split("/");
    await storage.delete(bucket as Bucket, rest.join("/"));
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

async function emptyPostgres(db: Database): Promise<void> {
  const owner = rowsOf<{ user: string }>(await db.execute(sql`select current_user as "user"`))[0].user;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql.raw(`create schema public authorization "${owner.replace(/"/g, '""')}"`));
}
