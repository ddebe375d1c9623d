/**
 * The database a benchmark measures, migrated: PGlite in memory, or PostgreSQL — the database in
 * DATABASE_URL (it must be empty) or else a throwaway cluster (bench/support/cluster.mjs).
 * `close()` closes the connection and stops the cluster it started.
 */
import { type DatabaseHandle, openDatabase } from "../../app/db/client.server";
import { runMigrations } from "../../app/db/migrate.server";
import { startPostgres } from "./cluster.mjs";

export async function openBenchDatabase(
  driver: string,
  { max = 4 }: { max?: number } = {},
): Promise<{ handle: DatabaseHandle; url: string | null; close(): Promise<void> }> {
  let stopCluster: (() => void) | undefined;
  let handle: DatabaseHandle;
  let url: string | null = null;
  if (driver === "postgres") {
    url = process.env.DATABASE_URL ?? null;
    if (!url) {
      const cluster = await startPostgres();
      url = cluster.url as string;
      stopCluster = cluster.stop;
    }
    handle = await openDatabase({ driver: "postgres", url, max });
  } else {
    handle = await openDatabase({ driver: "pglite", dataDir: null });
  }
  const close = async () => {
    await handle.close();
    stopCluster?.();
  };
  try {
    await runMigrations(handle);
  } catch (error) {
    await close();
    throw error;
  }
  return { handle, url, close };
}
