/**
 * Backups on both drivers as issue 24 found them wanting: an archive readable by its owner only,
 * and a restore that checks the whole archive before it writes anything, names the damaged file,
 * and leaves the target as it was when it fails — also a forced restore that fails half-way.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { createLocalStorage } from "~/integrations/storage/local.server";
import type { Storage } from "~/integrations/storage/storage";
import { corruptMember } from "../../../tests/support/archive";
import { createTestDatabase, describeDb, TEST_DRIVER, type TestDatabase } from "../../../tests/support/db";
import { databaseUrl } from "../../../tests/support/global-setup";
import { BackupError, createBackup, mediaChecksums, readManifest, restoreBackup } from "./archive.server";
import type { RestoreTarget } from "./restore.server";
import { countRows, listTables } from "./tables.server";

let source: TestDatabase;
let targetDb: TestDatabase | undefined;
let tmp: string;
let sourceUrl: string | undefined;
let target: RestoreTarget;
let storage: Storage;
let targetStorage: Storage;
let archive: string;

async function urlOf(t: TestDatabase): Promise<string> {
  const provided = inject("testDb") as { adminUrl: string };
  const result = await t.db.execute(sql`select current_database() as name`);
  return databaseUrl(provided.adminUrl, (result as unknown as { rows: { name: string }[] }).rows[0].name);
}

/** The target's tables and row counts (none: an empty target), and its media with their checksums. */
async function targetState(): Promise<{ rows: Record<string, number>; media: Map<string, string> }> {
  const media = await mediaChecksums(targetStorage);
  if (target.driver === "pglite" && !fs.existsSync(path.join(target.dataDir, "PG_VERSION")))
    return { rows: {}, media };
  const handle =
    target.driver === "pglite"
      ? await openDatabase({ driver: "pglite", dataDir: target.dataDir })
      : await openDatabase({ driver: "postgres", url: target.url, max: 1 });
  try {
    return { rows: (await listTables(handle.db)).length ? await countRows(handle.db) : {}, media };
  } finally {
    await handle.close();
  }
}

async function failure(promise: Promise<unknown>): Promise<BackupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

beforeAll(async () => {
  source = await createTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
  if (TEST_DRIVER === "postgres") {
    sourceUrl = await urlOf(source);
    targetDb = await createTestDatabase({ migrated: false });
    target = { driver: "postgres", url: await urlOf(targetDb) };
  } else {
    target = { driver: "pglite", dataDir: path.join(tmp, "target", "db") };
  }
  await source.db.insert(auditLog).values(
    Array.from({ length: 12 }, (_, i) => ({
      userEmail: `urednik${i}@test.rs`,
      area: "articles",
      action: "update",
      ip: "203.0.113.7",
    })),
  );
  storage = createLocalStorage(path.join(tmp, "storage"));
  targetStorage = createLocalStorage(path.join(tmp, "target", "storage"));
  for (let i = 1; i <= 4; i++)
    await storage.put("images", `170000000000${i}-kamion.jpg`, Buffer.alloc(3000 + i, i), "image/jpeg");
  await storage.put("mediji", "uputstvo.pdf", Buffer.from("%PDF-1.4 uputstvo"), "application/pdf");

  // Into a directory that does not exist yet.
  archive = path.join(tmp, "new", "dir", "site.tar");
  await createBackup({ handle: source.handle, databaseUrl: sourceUrl, storage, appVersion: "test" }, archive);
}, 120_000);

afterAll(async () => {
  await targetDb?.close();
  await source?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describeDb("backup archives and restores that leave the target as it was", () => {
  it("the archive is readable by its owner only, and so is the directory made for it", async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(archive)).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.dirname(archive))).toEqual(["site.tar"]);
    const manifest = await readManifest(archive);
    expect(manifest.databaseSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("one damaged media file: nothing is written, the file is named, and the good archive restores after", async () => {
    const bad = path.join(tmp, "bad-media.tar");
    corruptMember(archive, bad, "media/images/1700000000003-kamion.jpg");
    const error = await failure(restoreBackup(bad, { target, storage: targetStorage }));
    expect(error.code).toBe("bad-archive");
    expect(error.message).toContain("oštećen fajl u arhivi: images/1700000000003-kamion.jpg");
    expect(error.message).toContain("Odredište nije menjano.");
    expect(await targetState()).toEqual({ rows: {}, media: new Map() });

    // The retry with the good archive is not refused: the target is still empty.
    const summary = await restoreBackup(archive, { target, storage: targetStorage });
    expect(summary.mediaFiles).toBe(5);
    const restored = await targetState();
    expect(restored.rows["public.audit_log"]).toBe(12);
    expect(restored.media).toEqual(await mediaChecksums(storage));
  }, 120_000);

  it("a damaged database dump: a clear message naming it, nothing written — also in an archive without the dump's checksum", async () => {
    const manifest = await readManifest(archive);
    const before = await targetState();
    const bad = path.join(tmp, "bad-dump.tar");
    corruptMember(archive, bad, manifest.database);
    const error = await failure(restoreBackup(bad, { target, storage: targetStorage, force: true }));
    expect(error.message).toContain(`oštećen fajl u arhivi: ${manifest.database}`);
    expect(error.message).not.toMatch(/\n\s+at /); // no stack
    expect(await targetState()).toEqual(before);

    // An archive made before the dump had a checksum in the manifest.
    const old = path.join(tmp, "old");
    fs.mkdirSync(old);
    execFileSync("tar", ["-xf", bad, "-C", old]);
    if (TEST_DRIVER === "postgres") {
      // pg_restore does not check every byte of a custom-format dump (one flipped byte in the
      // middle can land where it reads past it), so the dump is cut short instead: damaged for sure.
      const dump = path.join(old, manifest.database);
      fs.truncateSync(dump, Math.floor(fs.statSync(dump).size / 2));
    }
    const { databaseSha256: _, ...withoutSum } = manifest;
    fs.writeFileSync(path.join(old, "manifest.json"), JSON.stringify(withoutSum));
    const oldArchive = path.join(tmp, "old.tar");
    execFileSync("tar", ["-cf", oldArchive, "-C", old, "."]);
    const oldError = await failure(
      restoreBackup(oldArchive, { target, storage: targetStorage, force: true }),
    );
    expect(oldError.message).not.toMatch(/\n\s+at /);
    if (TEST_DRIVER === "pglite") {
      // Its gzip stream is read through before anything is written.
      expect(oldError.message).toContain(`oštećen fajl u arhivi: ${manifest.database} (gzip:`);
    } else {
      // pg_restore finds it while loading, in one transaction; the target's state is put back.
      expect(oldError.message).toContain("pg_restore nije uspeo");
      expect(oldError.message).toContain("Odredište je vraćeno u stanje pre vraćanja.");
    }
    expect(await targetState()).toEqual(before);
  }, 120_000);

  it("a forced restore that fails half-way through the media puts back the database and the files it replaced", async () => {
    // The target as an operator left it after the restore above: a row more, a file of its own,
    // and one of the archive's files with other bytes.
    const handle =
      target.driver === "pglite"
        ? await openDatabase({ driver: "pglite", dataDir: target.dataDir })
        : await openDatabase({ driver: "postgres", url: target.url, max: 1 });
    try {
      await handle.db
        .insert(auditLog)
        .values({ userEmail: "posle@test.rs", area: "auth", action: "sign-in", ip: "198.51.100.2" });
    } finally {
      await handle.close();
    }
    await targetStorage.put("images", "1800000000000-novo.jpg", Buffer.from("novo"), "image/jpeg");
    await targetStorage.put("mediji", "uputstvo.pdf", Buffer.from("%PDF-1.4 izmenjeno"), "application/pdf");
    const before = await targetState();
    expect(before.rows["public.audit_log"]).toBe(13);

    let puts = 0;
    const failing: Storage = {
      ...targetStorage,
      list: (bucket) => targetStorage.list(bucket),
      async put(bucket, key, body, contentType) {
        if (++puts === 3) throw new Error("No space left on device");
        return targetStorage.put(bucket, key, body, contentType);
      },
    };
    const error = await failure(restoreBackup(archive, { target, storage: failing, force: true }));
    expect(error.message).toContain("No space left on device");
    expect(error.message).toContain("Odredište je vraćeno u stanje pre vraćanja.");
    expect(await targetState()).toEqual(before);

    // And the same restore without the fault replaces it all.
    await restoreBackup(archive, { target, storage: targetStorage, force: true });
    const after = await targetState();
    expect(after.rows["public.audit_log"]).toBe(12);
    expect(after.media).toEqual(await mediaChecksums(storage));
  }, 180_000);
});
