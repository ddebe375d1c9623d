-- Hand-written: Serbian "đ" is written "dj" without diacritics ("Đorđević" = "Djordjevic"), and
-- unaccent() turns it into "d". search_norm() now also folds "dj" into "d", on the stored text and
-- on the query alike, so "djordjevic", "dordevic" and "Đorđević" all find each other.
CREATE OR REPLACE FUNCTION search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT replace(lower(public.unaccent('public.unaccent'::regdictionary, value)), 'dj', 'd') $$;
--> statement-breakpoint
-- Stored generated columns are computed again on any update of their row.
UPDATE articles SET title = title;
--> statement-breakpoint
UPDATE listings SET title = title;
--> statement-breakpoint
UPDATE forum_topics SET title = title;
--> statement-breakpoint
UPDATE forum_comments SET content = content;
--> statement-breakpoint
-- Indexes on search_norm(...) expressions are rebuilt with the new function.
REINDEX TABLE companies;
--> statement-breakpoint
REINDEX TABLE media_files;
--> statement-breakpoint
REINDEX TABLE articles;
