CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"featured_image" text,
	"category" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"slug" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_date" timestamp with time zone DEFAULT now() NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_category_check" CHECK ("articles"."category" in ('Vesti', 'Oglasi')),
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('publish', 'draft')),
	CONSTRAINT "articles_views_check" CHECK ("articles"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "banner_analytics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"banner_id" integer NOT NULL,
	"banner_period_id" integer,
	"user_agent" text,
	"referrer" text,
	"session_id" text,
	"page_url" text,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"banner_id" integer NOT NULL,
	"company_name" text,
	"link" text,
	"image_url" text,
	"start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"end_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"company" text,
	"link" text,
	"phone" text,
	"section" text NOT NULL,
	"position" text NOT NULL,
	"type" text DEFAULT 'banner' NOT NULL,
	"message" text,
	"background_color" text,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"start_date" date,
	"end_date" date,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location" text,
	"state" text,
	"phone" text,
	"email" text,
	"website" text,
	"logo" text,
	"category" text,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"year_established" integer,
	"fleet_size" text,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"location" text,
	"state" text,
	"phone" text,
	"email" text,
	"website" text,
	"logo" text,
	"category" text,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"year_established" integer,
	"fleet_size" text,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"admin_notes" text,
	CONSTRAINT "company_submissions_status_check" CHECK ("company_submissions"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "forum_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_comments_status_check" CHECK ("forum_comments"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "forum_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"author" text NOT NULL,
	"company_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topics_status_check" CHECK ("forum_topics"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"type" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_bucket_check" CHECK ("media_files"."bucket" in ('images', 'mediji')),
	CONSTRAINT "media_files_type_check" CHECK ("media_files"."type" in ('image', 'video', 'document'))
);
--> statement-breakpoint
CREATE TABLE "email_stats" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_count" integer NOT NULL,
	"email_type" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider" text NOT NULL,
	CONSTRAINT "email_stats_type_check" CHECK ("email_stats"."email_type" in ('newsletter', 'transactional'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"brevo_contact_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"source" text,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_lower" CHECK ("newsletter_subscribers"."email" = lower("newsletter_subscribers"."email"))
);
--> statement-breakpoint
CREATE TABLE "stripe_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"stripe_session_id" text NOT NULL,
	"stripe_payment_intent_id" text,
	"product_id" text,
	"product_name" text,
	"customer_name" text,
	"customer_email" text,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"billing_address" jsonb,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_orders_amount_check" CHECK ("stripe_orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_article_image" text,
	"default_company_image" text,
	"site_name" text DEFAULT 'Balkan Vozači' NOT NULL,
	"site_description" text DEFAULT 'Zajednica balkanskih vozača u Americi' NOT NULL,
	"contact_email" text,
	"popup_enabled" boolean DEFAULT false NOT NULL,
	"popup_image" text,
	"popup_link" text,
	"popup_max_shows_per_day" integer DEFAULT 2 NOT NULL,
	"popup_min_hours_between" real DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_popup_shows" CHECK ("site_settings"."popup_max_shows_per_day" between 1 and 10),
	CONSTRAINT "site_settings_popup_hours" CHECK ("site_settings"."popup_min_hours_between" between 0.5 and 24)
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'editor' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	CONSTRAINT "admin_users_email_lower" CHECK ("admin_users"."email" = lower("admin_users"."email")),
	CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" in ('admin', 'editor'))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner_analytics" ADD CONSTRAINT "banner_analytics_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_analytics" ADD CONSTRAINT "banner_analytics_banner_period_id_banner_periods_id_fk" FOREIGN KEY ("banner_period_id") REFERENCES "public"."banner_periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_periods" ADD CONSTRAINT "banner_periods_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_admin_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_published_date_idx" ON "articles" USING btree ("published_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_status_date_idx" ON "articles" USING btree ("status","published_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_category_status_date_idx" ON "articles" USING btree ("category","status","published_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_featured_idx" ON "articles" USING btree ("published_date" DESC NULLS LAST) WHERE "articles"."featured" and "articles"."status" = 'publish';--> statement-breakpoint
CREATE INDEX "articles_popular_idx" ON "articles" USING btree ("published_date" DESC NULLS LAST) WHERE "articles"."popular";--> statement-breakpoint
CREATE INDEX "banner_analytics_banner_time_idx" ON "banner_analytics" USING btree ("banner_id","clicked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "banner_analytics_period_time_idx" ON "banner_analytics" USING btree ("banner_period_id","clicked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "banner_analytics_time_idx" ON "banner_analytics" USING btree ("clicked_at");--> statement-breakpoint
CREATE INDEX "banner_periods_banner_idx" ON "banner_periods" USING btree ("banner_id","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "banner_periods_one_running" ON "banner_periods" USING btree ("banner_id") WHERE "banner_periods"."end_date" is null;--> statement-breakpoint
CREATE INDEX "banners_section_position_idx" ON "banners" USING btree ("section","position");--> statement-breakpoint
CREATE INDEX "companies_active_created_idx" ON "companies" USING btree ("active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_category_idx" ON "companies" USING btree ("category");--> statement-breakpoint
CREATE INDEX "companies_state_idx" ON "companies" USING btree ("state");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_submissions_status_submitted_idx" ON "company_submissions" USING btree ("status","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_submissions_submitted_idx" ON "company_submissions" USING btree ("submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_comments_topic_idx" ON "forum_comments" USING btree ("topic_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_comments_status_created_idx" ON "forum_comments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_topics_status_created_idx" ON "forum_topics" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_topics_created_idx" ON "forum_topics" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_bucket_name_key" ON "media_files" USING btree ("bucket","name");--> statement-breakpoint
CREATE INDEX "media_files_bucket_created_idx" ON "media_files" USING btree ("bucket","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_files_created_idx" ON "media_files" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_stats_provider_sent_idx" ON "email_stats" USING btree ("provider","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_active_idx" ON "newsletter_subscribers" USING btree ("is_active","subscribed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_orders_session_key" ON "stripe_orders" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE INDEX "stripe_orders_created_idx" ON "stripe_orders" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_key" ON "admin_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "admin_users_created_at_idx" ON "admin_users" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "login_attempts_key_time_idx" ON "login_attempts" USING btree ("key","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_sessions_token_key" ON "user_sessions" USING btree ("session_token");--> statement-breakpoint
CREATE INDEX "user_sessions_user_id_idx" ON "user_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_sessions_expires_at_idx" ON "user_sessions" USING btree ("expires_at");