CREATE TABLE "listing_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"position" integer NOT NULL,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"company_name" text,
	"company_id" integer,
	"position" text,
	"route_type" text,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"cdl_class" text,
	"endorsements" text[] DEFAULT '{}'::text[] NOT NULL,
	"pay_min" numeric(10, 2),
	"pay_max" numeric(10, 2),
	"pay_unit" text,
	"home_time" text,
	"requirements" text,
	"sale_category" text,
	"make" text,
	"model" text,
	"year" integer,
	"mileage" integer,
	"price_cents" integer,
	"condition" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"featured_until" timestamp with time zone,
	"featured_days_pending" integer DEFAULT 0 NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"admin_note" text,
	"search_text" text GENERATED ALWAYS AS (search_norm(title || ' ' || coalesce(company_name, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || city || ' ' || description)) STORED NOT NULL,
	CONSTRAINT "listings_kind_check" CHECK ("listings"."kind" in ('job', 'sale')),
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('pending', 'approved', 'rejected', 'expired')),
	CONSTRAINT "listings_job_fields_check" CHECK ("listings"."kind" <> 'job' or ("listings"."company_name" is not null and "listings"."position" is not null)),
	CONSTRAINT "listings_sale_fields_check" CHECK ("listings"."kind" <> 'sale' or ("listings"."sale_category" is not null and "listings"."condition" is not null)),
	CONSTRAINT "listings_contact_check" CHECK ("listings"."contact_phone" is not null or "listings"."contact_email" is not null),
	CONSTRAINT "listings_approved_expiry_check" CHECK ("listings"."status" not in ('approved', 'expired') or "listings"."expires_at" is not null),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price_cents" is null or "listings"."price_cents" >= 0),
	CONSTRAINT "listings_pay_check" CHECK ("listings"."pay_max" is null or "listings"."pay_min" is null or "listings"."pay_max" >= "listings"."pay_min"),
	CONSTRAINT "listings_featured_days_check" CHECK ("listings"."featured_days_pending" >= 0)
);
--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photos_listing_position_key" ON "listing_photos" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_photos_key_idx" ON "listing_photos" USING btree ("key");--> statement-breakpoint
CREATE INDEX "listings_public_idx" ON "listings" USING btree ("kind","approved_at" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_expiry_idx" ON "listings" USING btree ("expires_at") WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_state_idx" ON "listings" USING btree ("kind","state");--> statement-breakpoint
CREATE INDEX "listings_equipment_idx" ON "listings" USING gin ("equipment");--> statement-breakpoint
CREATE INDEX "listings_search_text_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);