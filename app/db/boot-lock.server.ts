/**
 * Several processes may start at once on one PostgreSQL database (WEB_CONCURRENCY, or one unit
 * per port): the boot steps that write — migrations, the settings row, the administrator, the
 * banner slots — run one process at a time under a session advisory lock. PGlite serves one
 * process (its data directory is locked): nothing to wait for.
 */
import type { DatabaseHandle } from "./client.server";

const BOOT_LOCK = "select pg_advisory_lock(hashtext('balkan-vozaci:boot'))";
const BOOT_UNLOCK = "select pg_advisory_unlock(hashtext('balkan-vozaci:boot'))";

export async function withBootLock<T>(handle: DatabaseHandle, fn: () => Promise<T>): Promise<T> {
  if (!handle.pool) return fn();
  const client = await handle.pool.connect();
  try {
    await client.query(BOOT_LOCK);
    return await fn();
  } finally {
    await client.query(BOOT_UNLOCK).catch(() => {});
    client.release();
  }
}
