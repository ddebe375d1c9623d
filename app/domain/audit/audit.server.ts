/**
 * The audit log (decision 195): `recordAudit(db, {...})` after every admin write in every area
 * and at every sign-in and failed sign-in; the admin screen /admin/audit reads it filtered by
 * user, area, action and date, paged in SQL, and exports it as CSV. Rows older than
 * AUDIT_RETENTION_DAYS go with the daily `audit:prune` job.
 *
 * Glossary: an *entry* is one write; its *changes* are the fields that differ, `{ field: [before,
 * after] }`, texts longer than CHANGE_TEXT_MAX shortened (an audit is not a backup: revisions keep
 * article texts whole).
 */
import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "~/db/client.server";
import { auditLog, jobs } from "~/db/schema";
import { ensurePeriodicScheduled, type PeriodicJob } from "~/domain/jobs/periodic.server";
import type { JobHandler } from "~/domain/jobs/runner.server";
import { logger } from "~/lib/logger.server";
import { AUDIT_PAGE_SIZE, type AuditArea, type AuditQuery } from "./labels";

export type AuditActor = { id: number | null; email: string } | null;

export type AuditEntryInput = {
  actor: AuditActor;
  area: AuditArea;
  action: string;
  recordId?: string | number | null;
  recordLabel?: string | null;
  ip?: string | null;
  changes?: Record<string, [unknown, unknown]> | null;
};

export const CHANGE_TEXT_MAX = 300;

function compact(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && value.length > CHANGE_TEXT_MAX) {
    return `${value.slice(0, CHANGE_TEXT_MAX)}… (${value.length} znakova)`;
  }
  if (Array.isArray(value)) return value.map(compact);
  return value ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(compact(a)) === JSON.stringify(compact(b));

/**
 * The fields of `after` that differ from `before` (only the keys of `after`; `before` null: a new
 * record, every field from null), compacted.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Record<string, [unknown, unknown]> | null {
  const out: Record<string, [unknown, unknown]> = {};
  const keys = Object.keys(after ?? before ?? {});
  for (const key of keys) {
    const a = before?.[key] ?? null;
    const b = after?.[key] ?? null;
    if (!same(a, b)) out[key] = [compact(a), compact(b)];
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Writes one entry. Never throws into the write it records: a failure is logged. */
export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  try {
    await db.insert(auditLog).values({
      userId: entry.actor?.id ?? null,
      userEmail: entry.actor?.email ?? "",
      area: entry.area,
      action: entry.action,
      recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
      recordLabel: entry.recordLabel?.slice(0, 300) ?? null,
      ip: entry.ip ?? null,
      changes: entry.changes ?? null,
    });
  } catch (error) {
    logger.error({ err: error, area: entry.area, action: entry.action }, "audit entry could not be written");
  }
}

function where(query: AuditQuery): SQL | undefined {
  return and(
    query.userId !== null ? eq(auditLog.userId, query.userId) : undefined,
    query.area ? eq(auditLog.area, query.area) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, query.from) : undefined,
    query.to ? lt(auditLog.at, query.to) : undefined,
  );
}

export type AuditRow = typeof auditLog.$inferSelect;

/** One page, newest first, and the total of the filtered log. */
export async function listAudit(db: DbOrTx, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where(query))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where(query)),
  ]);
  return { rows, total: n };
}

/** Every row of the filter, newest first, in chunks (the CSV export streams them). */
export async function* auditRowsForExport(
  db: DbOrTx,
  query: AuditQuery,
  chunk = 1000,
): AsyncGenerator<AuditRow[]> {
  let cursor: { at: Date; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor
      ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id})`
      : undefined;
    const rows: AuditRow[] = await db
      .select()
      .from(auditLog)
      .where(and(where(query), after))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(chunk);
    if (rows.length === 0) return;
    yield rows;
    const last: AuditRow = rows[rows.length - 1];
    cursor = { at: last.at, id: last.id };
    if (rows.length < chunk) return;
  }
}

/** The actions present in the log (the screen's action filter). */
export async function auditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((r) => r.action);
}

/** Deletes entries older than `days`; returns how many. */
export async function pruneAudit(db: DbOrTx, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const rows = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return rows.length;
}

export const PRUNE_JOB_KIND = "audit:prune";
const PRUNE_INTERVAL_MS = 24 * 3_600_000;

/** The daily job: prune to the configured retention (the runner queues the next run tomorrow). */
export function createAuditPruneHandler(retentionDays: () => number): JobHandler {
  return async (ctx) => {
    const removed = await pruneAudit(ctx.db, retentionDays());
    if (removed > 0) logger.info({ removed }, "old audit entries deleted");
    await ctx.db.delete(jobs).where(and(eq(jobs.kind, PRUNE_JOB_KIND), eq(jobs.status, "done")));
    return { removed };
  };
}

/** Periodic (jobs/periodic.server.ts): one run always queued, the next a day after the last ended. */
export const AUDIT_PRUNE_SCHEDULE: PeriodicJob = {
  kind: PRUNE_JOB_KIND,
  uniqueKey: PRUNE_JOB_KIND,
  maxAttempts: 10,
  nextRun: (now) => new Date(now.getTime() + PRUNE_INTERVAL_MS),
};

export async function ensureAuditPruneScheduled(db: Database): Promise<void> {
  await ensurePeriodicScheduled(db, AUDIT_PRUNE_SCHEDULE);
}
