CREATE TABLE "article_headings" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"heading_count" integer,
	"previous_content" text,
	"converted_hash" text,
	"error" text,
	"analyzed_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_headings_state_check" CHECK ("article_headings"."state" in ('pending', 'analyzing', 'converted', 'error')),
	CONSTRAINT "article_headings_count_check" CHECK ("article_headings"."heading_count" is null or "article_headings"."heading_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "article_headings" ADD CONSTRAINT "article_headings_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_headings_state_idx" ON "article_headings" USING btree ("state");