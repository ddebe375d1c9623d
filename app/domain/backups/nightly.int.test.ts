/**
 * The nightly backup job's work on both drivers: one archive into the directory, recorded, with
 * the retention applied to what was there; and its schedule at boot.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { jobs } from "~/db/schema";
import { startJobRunner } from "~/domain/jobs/runner.server";
import { createDirectoryDestination } from "~/integrations/storage/backup-destination.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { createTestDatabase, describeDb, TEST_DRIVER, type TestDatabase } from "../../../tests/support/db";
import { databaseUrl } from "../../../tests/support/global-setup";
import { until } from "../../../tests/support/until";
import { lastBackup } from "./backups.server";
import {
  createNightlyBackupHandler,
  ensureNightlyBackupScheduled,
  NIGHTLY_BACKUP_KIND,
  nightlyBackupSchedule,
  runNightlyBackup,
} from "./nightly.server";
import { readManifest, sha256 } from "./restore.server";
import { backupFileName } from "./retention";

let t: TestDatabase;
let tmp: string;
let url: string | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nightly-"));
  if (TEST_DRIVER === "postgres") {
    const provided = inject("testDb") as { adminUrl: string };
    const result = await t.db.execute(sql`select current_database() as name`);
    url = databaseUrl(provided.adminUrl, (result as unknown as { rows: { name: string }[] }).rows[0].name);
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describeDb("nightly backups", () => {
  it("writes one archive with the media, records it and keeps 7 daily and 4 weekly", async () => {
    const storage = createLocalStorage(path.join(tmp, "storage"));
    const picture = Buffer.from("not really a jpeg");
    await storage.put("images", "1700000000000-kamion.jpg", picture, "image/jpeg");
    const dir = path.join(tmp, "backups");
    fs.mkdirSync(dir, { recursive: true });
    const now = new Date("2026-11-25T08:00:00Z");
    // 40 earlier nightly archives, one a day, and a file that is not ours.
    for (let i = 1; i <= 40; i++) {
      fs.writeFileSync(path.join(dir, backupFileName(new Date(now.getTime() - i * 86_400_000))), "old");
    }
    fs.writeFileSync(path.join(dir, "README.txt"), "ours to keep");

    const location = await runNightlyBackup(
      {
        handle: t.handle,
        databaseUrl: url,
        storage,
        destination: createDirectoryDestination(dir),
        appVersion: "test",
      },
      now,
    );

    expect(location).toBe(path.join(dir, backupFileName(now)));
    const manifest = await readManifest(location);
    expect(manifest.driver).toBe(TEST_DRIVER);
    expect(manifest.tables["public.jobs"]).toBe(0);
    expect(manifest.media).toEqual([
      {
        bucket: "images",
        key: "1700000000000-kamion.jpg",
        contentType: "image/jpeg",
        size: picture.length,
        sha256: sha256(picture),
      },
    ]);
    const left = fs.readdirSync(dir).sort();
    // Today + 6 days before (7 days), then the newest of each of the 2 older ISO weeks needed to
    // make 4 weeks (the 7 days span 2 of them), and the file that is not a backup.
    expect(left).toContain("README.txt");
    expect(left.filter((f) => f.endsWith(".tar"))).toHaveLength(9);
    expect(left).toContain(backupFileName(new Date("2026-11-15T08:00:00Z")));
    expect(left).toContain(backupFileName(new Date("2026-11-08T08:00:00Z")));

    const recorded = await lastBackup(t.db);
    expect(recorded).toMatchObject({ source: "nightly", location, driver: TEST_DRIVER, mediaFiles: 1 });
  });

  it("is scheduled once, at the next 03:00 in New York", async () => {
    const now = new Date("2026-11-25T12:00:00Z");
    await ensureNightlyBackupScheduled(t.db, now);
    await ensureNightlyBackupScheduled(t.db, now);
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, NIGHTLY_BACKUP_KIND));
    expect(queued).toHaveLength(1);
    expect(queued[0].runAfter.toISOString()).toBe("2026-11-26T08:00:00.000Z");
  });

  it("a nightly backup that fails every attempt (its directory cannot be written) queues the next night's run", async () => {
    await t.db.delete(jobs);
    // BACKUP_DIR names a file: every write fails, as on a full disk.
    const notADirectory = path.join(tmp, "full-disk");
    fs.writeFileSync(notADirectory, "");
    const handler = createNightlyBackupHandler(() => ({
      handle: t.handle,
      databaseUrl: url,
      storage: createLocalStorage(path.join(tmp, "storage")),
      destination: createDirectoryDestination(notADirectory),
      appVersion: "test",
    }));
    await ensureNightlyBackupScheduled(t.db);
    const [first] = await t.db.select().from(jobs).where(eq(jobs.kind, NIGHTLY_BACKUP_KIND));
    await t.db
      .update(jobs)
      .set({ runAfter: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, first.id));
    const runner = startJobRunner({
      db: t.db,
      handlers: { [NIGHTLY_BACKUP_KIND]: handler },
      periodic: [nightlyBackupSchedule()],
      pollMs: 50,
      retryDelayMs: () => 10,
    });
    try {
      const rows = await until(
        () => t.db.select().from(jobs).where(eq(jobs.kind, NIGHTLY_BACKUP_KIND)),
        (r) => r.length === 2 && r.some((j) => j.status === "failed"),
        20_000,
        50,
      );
      const failed = rows.find((j) => j.id === first.id);
      expect(failed).toMatchObject({ status: "failed", attempts: 3 });
      const next = rows.find((j) => j.id !== first.id);
      expect(next).toMatchObject({ status: "queued", uniqueKey: NIGHTLY_BACKUP_KIND, maxAttempts: 3 });
      // The next 03:00 in New York, after now.
      expect(next?.runAfter.getTime()).toBeGreaterThan(Date.now());
      expect(next?.runAfter.getTime()).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
    } finally {
      await runner.stop();
    }
  });
});
