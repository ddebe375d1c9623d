/** The record of backups made (table `backups`): written after each one, read by the dashboard. */
import { desc } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { backups } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import type { BackupSummary } from "./archive.server";

export type BackupRecord = typeof backups.$inferSelect;

/** Records a finished backup. A database not yet migrated to have the table is left alone. */
export async function recordBackup(
  db: DbOrTx,
  summary: BackupSummary & { source: BackupRecord["source"]; location: string },
): Promise<void> {
  try {
    await db.insert(backups).values({
      source: summary.source,
      location: summary.location,
      driver: summary.driver,
      bytes: summary.bytes,
      tables: summary.tables,
      rows: summary.rows,
      mediaFiles: summary.mediaFiles,
      durationMs: summary.durationMs,
    });
  } catch (error) {
    logger.warn({ err: error }, "the backup was written but could not be recorded in the database");
  }
}

export async function lastBackup(db: DbOrTx): Promise<BackupRecord | null> {
  const [row] = await db.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).limit(1);
  return row ?? null;
}
