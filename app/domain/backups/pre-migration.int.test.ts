/**
 * The backup a release takes before its migrations (issue 24, decision 229), on both drivers: only
 * when migrations would change an existing database, into the backup destination, recorded, the
 * newest 3 kept.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createDirectoryDestination } from "~/integrations/storage/backup-destination.server";
import { createLocalStorage } from "~/integrations/storage/local.server";
import { createTestDatabase, describeDb, TEST_DRIVER, type TestDatabase } from "../../../tests/support/db";
import { databaseUrl } from "../../../tests/support/global-setup";
import { lastBackup } from "./backups.server";
import {
  backupBeforeMigrations,
  PRE_MIGRATION_PREFIX,
  pendingMigrations,
  preMigrationFileName,
} from "./pre-migration.server";
import { readManifest } from "./restore.server";

let t: TestDatabase;
let tmp: string;
let url: string | undefined;

beforeAll(async () => {
  t = await createTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pre-migration-"));
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

describeDb("a backup before migrations", () => {
  const deps = () => ({
    handle: t.handle,
    databaseUrl: url,
    storage: createLocalStorage(path.join(tmp, "storage")),
    destination: createDirectoryDestination(path.join(tmp, "backups")),
    appVersion: "test",
  });

  it("nothing to migrate: no backup", async () => {
    expect((await pendingMigrations(t.handle)).pending).toEqual([]);
    expect(await backupBeforeMigrations(deps())).toBeNull();
    expect(fs.existsSync(path.join(tmp, "backups"))).toBe(false);
  });

  it("an upgrade (a database one migration behind the code): a whole archive first, recorded, the newest 3 kept", async () => {
    const dir = path.join(tmp, "backups");
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    for (let day = 1; day <= 4; day++)
      fs.writeFileSync(path.join(dir, preMigrationFileName(new Date(Date.UTC(2026, 0, day)))), "old");
    // The database as the previous release left it: without the newest migration.
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const { applied, pending } = await pendingMigrations(t.handle);
    expect(applied).toBeGreaterThan(10);
    expect(pending).toHaveLength(1);

    const now = new Date("2026-11-27T20:00:00Z");
    const location = await backupBeforeMigrations(deps(), now);
    expect(location).toBe(path.join(dir, preMigrationFileName(now)));
    expect(path.basename(location ?? "")).toBe("balkan-vozaci-pre-migration-20261127T200000Z.tar");
    expect(fs.statSync(location ?? "").mode & 0o777).toBe(0o600);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect((await readManifest(location ?? "")).driver).toBe(TEST_DRIVER);
    expect(await lastBackup(t.db)).toMatchObject({ source: "pre-migration", location });
    expect(
      fs
        .readdirSync(dir)
        .filter((n) => n.startsWith(PRE_MIGRATION_PREFIX))
        .sort(),
    ).toEqual([
      preMigrationFileName(new Date(Date.UTC(2026, 0, 3))),
      preMigrationFileName(new Date(Date.UTC(2026, 0, 4))),
      path.basename(location ?? ""),
    ]);
  }, 120_000);

  it("a new database (no migration applied yet) has nothing to lose: no backup", async () => {
    const empty = await createTestDatabase({ migrated: false });
    try {
      const { applied, pending } = await pendingMigrations(empty.handle);
      expect(applied).toBe(0);
      expect(pending.length).toBeGreaterThan(10);
      expect(await backupBeforeMigrations({ ...deps(), handle: empty.handle })).toBeNull();
    } finally {
      await empty.close();
    }
  });
});
