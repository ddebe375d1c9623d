import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { oneOf, serialId, timestamps } from "./columns";
import { MEDIA_BUCKETS, MEDIA_TYPES } from "./media-values";

export { MEDIA_BUCKETS, MEDIA_TYPES };

/** One row per stored file, kept in step with the object store (spec §3 Media file). */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: serialId(),
    bucket: text("bucket", { enum: MEDIA_BUCKETS }).notNull(),
    /** The object key inside the bucket (the sanitised, time-stamped file name). */
    name: text("name").notNull(),
    url: text("url").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    type: text("type", { enum: MEDIA_TYPES }).notNull(),
    width: integer("width"),
    height: integer("height"),
    /** The words that go with the file wherever it is inserted (alt text, caption). */
    alt: text("alt").notNull().default(""),
    caption: text("caption").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("media_files_bucket_name_key").on(t.bucket, t.name),
    // The listing orders by (created_at desc, id desc) — NULLS FIRST is what plain DESC means, so the
    // planner can walk these indexes for a page; each filter combination has one.
    index("media_files_bucket_created_idx").on(
      t.bucket,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("media_files_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("media_files_type_created_idx").on(
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("media_files_bucket_type_created_idx").on(
      t.bucket,
      t.type,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    oneOf("media_files_bucket_check", t.bucket, MEDIA_BUCKETS),
    oneOf("media_files_type_check", t.type, MEDIA_TYPES),
  ],
);
