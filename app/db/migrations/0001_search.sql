-- Hand-written: extensions and the diacritic-insensitive trigram search indexes (drizzle-kit
-- writes neither CREATE EXTENSION nor operator classes on expressions).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; indexes need an IMMUTABLE wrapper with the dictionary named.
CREATE OR REPLACE FUNCTION search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS articles_title_trgm_idx ON articles USING gin (search_norm(title) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS articles_content_trgm_idx ON articles USING gin (search_norm(content) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS articles_author_trgm_idx ON articles USING gin (search_norm(author) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS companies_name_trgm_idx ON companies USING gin (search_norm(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS newsletter_subscribers_email_trgm_idx ON newsletter_subscribers USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS media_files_name_trgm_idx ON media_files USING gin (search_norm(name) gin_trgm_ops);
