/**
 * The dashboard's "Sistem" card (admins only): what an operator checks first — the version and
 * uptime of the process that answered, the database, how many app processes share it, the job
 * queue, and the last backup.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { type BackupRecord, lastBackup } from "~/domain/backups/backups.server";
import { type JobQueueStats, jobQueueStats } from "~/domain/jobs/stats.server";

export type SystemStatus = {
  driver: "pglite" | "postgres";
  /** App processes using the database: each PostgreSQL one keeps one LISTEN connection open. */
  processes: number;
  queue: JobQueueStats;
  lastBackup: Pick<BackupRecord, "createdAt" | "bytes" | "source" | "location"> | null;
};

export async function systemStatus(db: DbOrTx, driver: "pglite" | "postgres"): Promise<SystemStatus> {
  const [queue, backup, processes] = await Promise.all([
    jobQueueStats(db),
    lastBackup(db),
    driver === "pglite"
      ? Promise.resolve(1)
      : db
          .execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and query = 'LISTEN bv_content_changed'`,
          )
          .then((r) => Math.max(1, Number((r as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 1))),
  ]);
  return {
    driver,
    processes,
    queue,
    lastBackup: backup
      ? { createdAt: backup.createdAt, bytes: backup.bytes, source: backup.source, location: backup.location }
      : null,
  };
}
