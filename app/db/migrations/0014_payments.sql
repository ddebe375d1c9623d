CREATE TABLE "promotion_products" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"days" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_products_kind_check" CHECK ("promotion_products"."kind" in ('job', 'sale')),
	CONSTRAINT "promotion_products_days_check" CHECK ("promotion_products"."days" between 1 and 365),
	CONSTRAINT "promotion_products_amount_check" CHECK ("promotion_products"."amount" between 50 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"stripe_session_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_orders" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "stripe_orders" ADD COLUMN "featured_days" integer;--> statement-breakpoint
ALTER TABLE "stripe_orders" ADD COLUMN "promoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_norm(coalesce(product_name, '') || ' ' || coalesce(customer_email, '') || ' ' || coalesce(customer_name, '') || ' ' || stripe_session_id)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "promotion_products_kind_idx" ON "promotion_products" USING btree ("kind","position");--> statement-breakpoint
ALTER TABLE "stripe_orders" ADD CONSTRAINT "stripe_orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stripe_orders_listing_idx" ON "stripe_orders" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "stripe_orders_search_text_trgm_idx" ON "stripe_orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "stripe_orders" ADD CONSTRAINT "stripe_orders_featured_days_check" CHECK ("stripe_orders"."featured_days" is null or "stripe_orders"."featured_days" > 0);