import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** The handler's checkpoint and what the screens show: { done, total, message, … }. */
    progress: jsonb("progress").$type<Record<string, unknown>>().notNull().default({}),
    /** At most one queued or running job per key (e.g. "headings:convert-all"). */
    uniqueKey: text("unique_key"),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    lockedBy: text("locked_by"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    lastError: text("last_error"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    index("jobs_ready_idx").on(t.status, t.runAfter),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt.desc()),
    uniqueIndex("jobs_active_unique_key").on(t.uniqueKey).where(sql`status in ('queued', 'running')`),
  ],
);
