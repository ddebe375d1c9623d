/**
 * The nightly backup: a durable periodic job (`backups:nightly`, like listing expiry) that writes
 * one archive at 03:00 New York time into `BACKUP_DIR` or the S3 bucket `BACKUP_BUCKET`, records
 * it, and keeps 7 daily and 4 weekly archives (retention.ts). It is periodic
 * (jobs/periodic.server.ts): the runner queues the next night's run whatever this one did — a run
 * that failed its 3 attempts (a full disk) included — and only one is ever scheduled (its unique
 * key); the app schedules one at boot when backups are configured. A process killed mid-backup
 * leaves at most a `.partial` file; the run is taken over and starts again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { ensurePeriodicScheduled, type PeriodicJob } from "~/domain/jobs/periodic.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import {
  type BackupDestination,
  ensurePrivateDirectory,
} from "~/integrations/storage/backup-destination.server";
import type { Storage } from "~/integrations/storage/storage";
import { logger } from "~/lib/logger.server";
import { createBackup } from "./archive.server";
import { recordBackup } from "./backups.server";
import { applyRetention, backupFileName, nextNightlyRun } from "./retention";

export const NIGHTLY_BACKUP_KIND = "backups:nightly";
const NIGHTLY_BACKUP_KEY = "backups:nightly";

export type NightlyBackupDeps = {
  handle: DatabaseHandle;
  databaseUrl?: string;
  storage: Storage;
  destination: BackupDestination | null;
  appVersion: string;
};

/** One nightly backup into `destination`, then the retention; returns where it went. */
export async function runNightlyBackup(deps: NightlyBackupDeps, now = new Date()): Promise<string> {
  const destination = deps.destination;
  if (!destination) throw new Error("no backup destination");
  const name = backupFileName(now);
  if (destination.dir) ensurePrivateDirectory(destination.dir);
  const workDir = destination.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nightly-"));
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
    await recordBackup(deps.handle.db, { ...summary, source: "nightly", location });
    const { remove } = applyRetention(await destination.list());
    for (const old of remove) await destination.remove(old);
    logger.info(
      { location, bytes: summary.bytes, ms: summary.durationMs, removed: remove.length },
      "nightly backup written",
    );
    return location;
  } finally {
    if (!destination.dir) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

export function createNightlyBackupHandler(deps: () => NightlyBackupDeps): JobHandler {
  return async () => {
    const resolved = deps();
    if (!resolved.destination) {
      logger.info("nightly backups are off (no BACKUP_DIR or BACKUP_BUCKET): not scheduling again");
      return { message: "isključeno" };
    }
    const location = await runNightlyBackup(resolved);
    return { location };
  };
}

/**
 * The schedule: at 03:00 New York time, the next night after a run ended. `enabled`: backups are
 * configured (a run found without a destination is not followed by another).
 */
export function nightlyBackupSchedule(enabled: () => boolean = () => true): PeriodicJob {
  return {
    kind: NIGHTLY_BACKUP_KIND,
    uniqueKey: NIGHTLY_BACKUP_KEY,
    maxAttempts: 3,
    nextRun: nextNightlyRun,
    firstRun: nextNightlyRun,
    enabled,
  };
}

/** At boot: one nightly run is always scheduled while backups are configured. */
export async function ensureNightlyBackupScheduled(db: Database, now = new Date()): Promise<void> {
  await ensurePeriodicScheduled(db, nightlyBackupSchedule(), now);
}
