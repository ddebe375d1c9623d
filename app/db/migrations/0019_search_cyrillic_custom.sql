-- Hand-written (docs/decisions/200): Serbian is written in two scripts, so the search folds
-- Cyrillic into Latin before anything else: "возач", "vozač" and "vozac" all become "vozac", and
-- "ђорђевић", "Đorđević", "djordjevic" and "dordevic" all become "dordevic" — on the stored text
-- and on the query alike. The same transliteration gives tags their URL slugs (decision 201).
-- Every function names its schema, so that it also works under an empty search_path (pg_restore).

-- Serbian Cyrillic → Serbian Latin (Gaj's alphabet), case kept; other characters unchanged.
-- The JavaScript twin is cyrillicToLatin() in app/domain/articles/slug.ts. Text without any
-- Cyrillic letter (most of it) skips the translation: translate() over multibyte characters is the
-- costly part of search_norm().
CREATE OR REPLACE FUNCTION serbian_latin(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN value !~ '[Ѐ-ӿ]' THEN value ELSE pg_catalog.translate(
    pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(pg_catalog.replace(
      value, 'љ', 'lj'), 'Љ', 'Lj'), 'њ', 'nj'), 'Њ', 'Nj'), 'џ', 'dž'), 'Џ', 'Dž'),
    'абвгдђежзијклмнопрстћуфхцчшАБВГДЂЕЖЗИЈКЛМНОПРСТЋУФХЦЧШ',
    'abvgdđežzijklmnoprstćufhcčšABVGDĐEŽZIJKLMNOPRSTĆUFHCČŠ') END $$;
--> statement-breakpoint
-- What every search compares: Latin script, lowercase, no diacritics, "dj" folded into "d".
-- The JavaScript twin (for highlighting) is foldForSearch() in app/domain/search/normalize.ts.
CREATE OR REPLACE FUNCTION search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT pg_catalog.replace(pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary,
    public.serbian_latin(value))), 'dj', 'd') $$;
--> statement-breakpoint
-- A URL slug, exactly like slugText() in app/domain/articles/slug.ts: transliterated, đ → dj,
-- diacritics dropped, lowercase, runs of anything but a-z and 0-9 → one hyphen, at most 100.
CREATE OR REPLACE FUNCTION slug_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT pg_catalog.regexp_replace(pg_catalog.left(pg_catalog.regexp_replace(pg_catalog.regexp_replace(
    pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary,
      pg_catalog.replace(pg_catalog.replace(public.serbian_latin(value), 'đ', 'dj'), 'Đ', 'Dj'))),
    '[^a-z0-9]+', '-', 'g'), '^-+|-+$', '', 'g'), 100), '-+$', '') $$;
--> statement-breakpoint
-- The slug of each tag, in the tags' order (an article's `tag_slugs` column, decision 201).
CREATE OR REPLACE FUNCTION tag_slugs(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(pg_catalog.array_agg(public.slug_text(t) ORDER BY n), '{}'::text[])
    FROM pg_catalog.unnest(tags) WITH ORDINALITY AS u(t, n) $$;
--> statement-breakpoint
-- The words of a text[] column for a search text (array_to_string is only STABLE: it serves any
-- array type; for text[] it is immutable).
CREATE OR REPLACE FUNCTION search_words(value text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(pg_catalog.array_to_string(value, ' '), '') $$;
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
UPDATE stripe_orders SET stripe_session_id = stripe_session_id;
--> statement-breakpoint
-- Indexes on search_norm(...) expressions are rebuilt with the new function.
REINDEX TABLE companies;
--> statement-breakpoint
REINDEX TABLE media_files;
--> statement-breakpoint
REINDEX TABLE articles;
