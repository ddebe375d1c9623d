import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { serialId, stampedAt } from "./columns";

/**
 * Every backup this site made (`npm run backup` or the nightly job, domain/backups), for the
 * dashboard's "last backup" and the operator's alert on backup age. The archive itself lives where
 * `location` says (a file, or `s3://bucket/key`); a restored database carries the history of its
 * source up to the backup it came from.
 */
export const backups = pgTable(
  "backups",
  {
    id: serialId(),
    /** `cli` (npm run backup), `nightly` (the durable job) or `pre-migration` (a release's start). */
    source: text("source", { enum: ["cli", "nightly", "pre-migration"] }).notNull(),
    location: text("location").notNull(),
    driver: text("driver", { enum: ["pglite", "postgres"] }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    tables: integer("tables").notNull(),
    rows: bigint("rows", { mode: "number" }).notNull(),
    mediaFiles: integer("media_files").notNull(),
    durationMs: integer("duration_ms").notNull(),
    createdAt: stampedAt("created_at"),
  },
  (t) => [index("backups_created_idx").on(t.createdAt.desc())],
);
