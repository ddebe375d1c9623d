import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { oneOf, serialId, stampedAt, tstz } from "./columns";

export const JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Durable background jobs (domain/jobs): long work (newsletter sends, heading conversion, listing
 * expiry) runs here, never inside a request. A running job holds a lease (`locked_until`) that it
 * renews as it reports progress; a job whose process died is taken over when the lease runs out
 * and resumes from the checkpoint it saved in `progress`.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serialId(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** The handler's checkpoint and what the screens show: { done, total, message, … }. */
    progress: jsonb("progress").$type<Record<string, unknown>>().notNull().default({}),
    /** At most one queued or running job per key (e.g. "headings:convert-all"). */
    uniqueKey: text("unique_key"),
    runAfter: stampedAt("run_after"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: tstz("locked_until"),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    lastError: text("last_error"),
    createdBy: text("created_by"),
    createdAt: stampedAt("created_at"),
    startedAt: tstz("started_at"),
    finishedAt: tstz("finished_at"),
    updatedAt: stampedAt("updated_at"),
  },
  (t) => [
    oneOf("jobs_status_check", t.status, JOB_STATUSES),
    index("jobs_ready_idx").on(t.status, t.runAfter),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt.desc()),
    uniqueIndex("jobs_active_unique_key").on(t.uniqueKey).where(sql`status in ('queued', 'running')`),
  ],
);
