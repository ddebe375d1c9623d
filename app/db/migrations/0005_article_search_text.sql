ALTER TABLE "articles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_norm(title || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g') || ' ' || author)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_text_trgm_idx" ON "articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "articles" DROP COLUMN "content_text";