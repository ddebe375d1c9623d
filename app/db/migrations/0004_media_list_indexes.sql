DROP INDEX "media_files_bucket_created_idx";--> statement-breakpoint
DROP INDEX "media_files_created_idx";--> statement-breakpoint
CREATE INDEX "media_files_type_created_idx" ON "media_files" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_files_bucket_type_created_idx" ON "media_files" USING btree ("bucket","type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_files_bucket_created_idx" ON "media_files" USING btree ("bucket","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_files_created_idx" ON "media_files" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);