/**
 * The backup a release takes before its migrations change the database (docs/operations.md
 * "Rolling a release back", decision 229): when the code brings migrations the database has not
 * had yet — an upgrade, not a new install — and a backup destination is configured (BACKUP_DIR or
 * BACKUP_BUCKET), the first process to start writes a whole archive (database and media, the
 * nightly format) before it migrates, under the boot lock, so the others wait for both. Rolling
 * back is then: the previous release, and `npm run restore -- <that archive> --force`.
 *
 * Archives are named `balkan-vozaci-pre-migration-YYYYMMDDTHHMMSSZ.tar`; the newest 3 are kept
 * (the nightly retention leaves them alone). A backup that fails stops the start: migrating
 * without the way back is what it exists to prevent (BACKUP_BEFORE_MIGRATIONS=0 skips it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { MIGRATIONS_FOLDER } from "~/db/migrate.server";
import {
  type BackupDestination,
  ensurePrivateDirectory,
} from "~/integrations/storage/backup-destination.server";
import type { Storage } from "~/integrations/storage/storage";
import { createBackup } from "./archive.server";
import { recordBackup } from "./backups.server";
import { backupFileName } from "./retention";
import { rowsOf } from "./tables.server";

export const PRE_MIGRATION_PREFIX = "balkan-vozaci-pre-migration-";
export const KEEP_PRE_MIGRATION = 3;

type JournalEntry = { tag: string; when: number };

/** The migrations this code carries that the database has not had (drizzle's rule: newer than the last applied). */
export async function pendingMigrations(
  handle: DatabaseHandle,
  folder = MIGRATIONS_FOLDER,
): Promise<{ applied: number; pending: string[] }> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const exists = rowsOf<{ present: boolean }>(
    await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )[0].present;
  if (!exists) return { applied: 0, pending: journal.entries.map((e) => e.tag) };
  const [row] = rowsOf<{ applied: number; last: string | null }>(
    await handle.db.execute(
      sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    ),
  );
  const last = row?.last ? Number(row.last) : null;
  return {
    applied: Number(row?.applied ?? 0),
    pending: journal.entries.filter((e) => last === null || e.when > last).map((e) => e.tag),
  };
}

export function preMigrationFileName(at: Date): string {
  return backupFileName(at).replace(/^balkan-vozaci-/, PRE_MIGRATION_PREFIX);
}

export type PreMigrationDeps = {
  handle: DatabaseHandle;
  databaseUrl?: string;
  storage: Storage;
  destination: BackupDestination;
  appVersion: string;
  log?: (message: string, details?: Record<string, unknown>) => void;
};

/**
 * An archive in the destination when migrations are about to change an existing database; null
 * when there is nothing to migrate or nothing yet to lose (a new database).
 */
export async function backupBeforeMigrations(
  deps: PreMigrationDeps,
  now = new Date(),
): Promise<string | null> {
  const { applied, pending } = await pendingMigrations(deps.handle);
  if (applied === 0 || pending.length === 0) return null;
  const { destination } = deps;
  const name = preMigrationFileName(now);
  if (destination.dir) ensurePrivateDirectory(destination.dir);
  const workDir = destination.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "pre-migration-"));
  try {
    const summary = await createBackup(
      {
        handle: deps.handle,
        databaseUrl: deps.databaseUrl,
        storage: deps.storage,
        appVersion: deps.appVersion,
      },
      path.join(workDir, name),
    );
    const location = await destination.store(summary.file, name);
    await recordBackup(deps.handle.db, { ...summary, source: "pre-migration", location });
    const older = (await destination.list())
      .filter((n) => n.startsWith(PRE_MIGRATION_PREFIX) && n.endsWith(".tar"))
      .sort()
      .reverse()
      .slice(KEEP_PRE_MIGRATION);
    for (const old of older) await destination.remove(old);
    deps.log?.("backup before migrations written", { location, pending, bytes: summary.bytes });
    return location;
  } finally {
    if (!destination.dir) fs.rmSync(workDir, { recursive: true, force: true });
  }
}
