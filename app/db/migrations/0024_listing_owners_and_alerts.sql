CREATE TABLE "listing_alert_matches" (
	"alert_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"send_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_alert_matches_pkey" PRIMARY KEY("alert_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "listing_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"script" text DEFAULT 'lat' NOT NULL,
	"q" text DEFAULT '' NOT NULL,
	"q_pattern" text GENERATED ALWAYS AS (case when q = '' then null else '%' || search_norm(replace(replace(replace(q, '\', '\\'), '%', '\%'), '_', '\_')) || '%' end) STORED,
	"state" text,
	"route_type" text,
	"equipment" text,
	"position" text,
	"sale_category" text,
	"price_min" integer,
	"price_max" integer,
	"year_min" integer,
	"year_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "listing_alerts_kind_check" CHECK ("listing_alerts"."kind" in ('job', 'sale')),
	CONSTRAINT "listing_alerts_status_check" CHECK ("listing_alerts"."status" in ('pending', 'active')),
	CONSTRAINT "listing_alerts_frequency_check" CHECK ("listing_alerts"."frequency" in ('daily', 'instant')),
	CONSTRAINT "listing_alerts_script_check" CHECK ("listing_alerts"."script" in ('lat', 'cir')),
	CONSTRAINT "listing_alerts_email_lower" CHECK ("listing_alerts"."email" = lower("listing_alerts"."email"))
);
--> statement-breakpoint
CREATE TABLE "listing_manage_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "newsletter_send_batches" RENAME COLUMN "subscriber_ids" TO "recipient_ids";--> statement-breakpoint
ALTER TABLE "newsletter_sends" DROP CONSTRAINT "newsletter_sends_kind_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "poster_email" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "poster_script" text DEFAULT 'lat' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "filled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "revision_of" integer;--> statement-breakpoint
ALTER TABLE "listing_alert_matches" ADD CONSTRAINT "listing_alert_matches_alert_id_listing_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."listing_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_alert_matches" ADD CONSTRAINT "listing_alert_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_alert_matches" ADD CONSTRAINT "listing_alert_matches_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_manage_links" ADD CONSTRAINT "listing_manage_links_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_alert_matches_send_idx" ON "listing_alert_matches" USING btree ("send_id","alert_id");--> statement-breakpoint
CREATE INDEX "listing_alert_matches_listing_idx" ON "listing_alert_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_alerts_run_idx" ON "listing_alerts" USING btree ("status","frequency","kind");--> statement-breakpoint
CREATE INDEX "listing_alerts_email_idx" ON "listing_alerts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_manage_links_token_key" ON "listing_manage_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "listing_manage_links_listing_idx" ON "listing_manage_links" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_revision_of_listings_id_fk" FOREIGN KEY ("revision_of") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listings_revision_of_key" ON "listings" USING btree ("revision_of");--> statement-breakpoint
CREATE INDEX "listings_remind_idx" ON "listings" USING btree ("expires_at") WHERE "listings"."status" = 'approved' and "listings"."poster_email" is not null and "listings"."filled_at" is null;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_poster_script_check" CHECK ("listings"."poster_script" in ('lat', 'cir'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_poster_email_lower" CHECK ("listings"."poster_email" = lower("listings"."poster_email"));--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_kind_check" CHECK ("newsletter_sends"."kind" in ('manual', 'dynamic', 'alerts'));