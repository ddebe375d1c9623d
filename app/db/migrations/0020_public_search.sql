ALTER TABLE "articles" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_norm(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "tag_slugs" text[] GENERATED ALWAYS AS (tag_slugs(tags)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_norm(name || ' ' || coalesce(description, '') || ' ' || coalesce(location, '') || ' ' || coalesce(state, '') || ' ' || coalesce(category, '') || ' ' || search_words(services) || ' ' || search_words(specialties))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_norm(name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_norm(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_title" text GENERATED ALWAYS AS (search_norm(title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_title_trgm_idx" ON "articles" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_tag_slugs_idx" ON "articles" USING gin ("tag_slugs");--> statement-breakpoint
CREATE INDEX "companies_search_text_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);