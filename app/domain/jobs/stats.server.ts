/** The queue's depth and age, for the metrics (bv_jobs_waiting …) and the dashboard's "Sistem" card. */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";

export type JobQueueStats = { waiting: number; oldestWaitingSeconds: number; running: number };

/**
 * Due jobs not being run: queued ones whose time has come, and running ones whose lease ran out
 * (their process died; another takes them over). The age counts from when each became due.
 */
export async function jobQueueStats(db: DbOrTx): Promise<JobQueueStats> {
  const result = await db.execute(sql`
    select
      count(*) filter (where due)::int as waiting,
      coalesce(extract(epoch from now() - min(due_since) filter (where due)), 0)::float8 as oldest,
      count(*) filter (where not due)::int as running
    from (
      select
        (status = 'queued' or locked_until < now()) as due,
        case when status = 'queued' then run_after else locked_until end as due_since
      from jobs
      where (status = 'queued' and run_after <= now()) or status = 'running'
    ) j`);
  const row = (result as unknown as { rows: { waiting: number; oldest: number; running: number }[] }).rows[0];
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestWaitingSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))),
    running: Number(row?.running ?? 0),
  };
}
