CREATE TABLE "article_preview_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"token" text NOT NULL,
	"made_for" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text
);
--> statement-breakpoint
ALTER TABLE "article_preview_links" ADD CONSTRAINT "article_preview_links_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_preview_links" ADD CONSTRAINT "article_preview_links_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_preview_links_token_key" ON "article_preview_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "article_preview_links_article_idx" ON "article_preview_links" USING btree ("article_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Hand-written (docs/decisions/290): an empty meta title or description means "the title" or "the
-- excerpt" when the page is rendered, so that the page follows later edits. The form used to store
-- the title and the excerpt themselves when the fields were left empty (and the demo data did the
-- same): such values are emptied, so those pages follow future edits too.
UPDATE "articles" SET "meta_title" = NULL
  WHERE "meta_title" IS NOT NULL AND (btrim("meta_title") = '' OR btrim("meta_title") = btrim("title"));--> statement-breakpoint
UPDATE "articles" SET "meta_description" = NULL
  WHERE "meta_description" IS NOT NULL
    AND (btrim("meta_description") = '' OR btrim("meta_description") = btrim("excerpt"));
