/**
 * At start, a database that cannot be reached yet (an outage, a host booting PostgreSQL after the
 * app) is waited for, with a growing pause between tries, instead of exiting: a process that exits
 * is started again at once by its supervisor (systemd, the cluster's primary) and exits again,
 * burning CPU while the other processes serve (issue 24: 10 deaths in 33 s). Any other failure
 * (a wrong password, a missing database) is not waited out: it ends the start with its error.
 */
import { sql } from "drizzle-orm";
import { logger } from "~/lib/logger.server";
import { databaseAvailability, isDatabaseUnavailable } from "./availability.server";
import type { DatabaseHandle } from "./client.server";

/** Pause before try n + 1 (n from 1): 0.5 s, 1 s, 2 s, … at most 15 s. */
export function waitBeforeRetry(failures: number): number {
  return Math.min(500 * 2 ** (failures - 1), 15_000);
}

export async function waitForDatabase(
  handle: DatabaseHandle,
  options: { sleep?: (ms: number) => Promise<void>; maxWaitMs?: number } = {},
): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const started = Date.now();
  for (let failures = 1; ; failures++) {
    try {
      await handle.db.execute(sql`select 1`);
      if (failures > 1) {
        databaseAvailability.available();
        logger.info({ waitedMs: Date.now() - started }, "database reachable: starting");
      }
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (options.maxWaitMs !== undefined && Date.now() - started > options.maxWaitMs) throw error;
      const pause = waitBeforeRetry(failures);
      logger.warn(
        { err: error, attempt: failures, retryInMs: pause },
        "database unreachable at start: waiting for it",
      );
      await sleep(pause);
    }
  }
}
