CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"location" text NOT NULL,
	"driver" text NOT NULL,
	"bytes" bigint NOT NULL,
	"tables" integer NOT NULL,
	"rows" bigint NOT NULL,
	"media_files" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backups_created_idx" ON "backups" USING btree ("created_at" DESC NULLS LAST);