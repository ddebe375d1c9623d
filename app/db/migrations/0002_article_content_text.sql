ALTER TABLE "articles" ADD COLUMN "content_text" text GENERATED ALWAYS AS (regexp_replace(content, '<[^>]*>', ' ', 'g')) STORED NOT NULL;
--> statement-breakpoint
-- Hand-written below (drizzle-kit cannot express an operator class on an expression): the admin
-- search looks for words in the plain text, so the trigram index moves from the raw HTML to it.
CREATE INDEX IF NOT EXISTS articles_content_text_trgm_idx ON articles USING gin (search_norm(content_text) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS articles_content_trgm_idx;
