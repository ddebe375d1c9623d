CREATE TABLE "newsletter_send_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"batch_no" integer NOT NULL,
	"subscriber_ids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"probe_email" text,
	"provider_message_id" text,
	"recipients_sent" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_send_batches_status_check" CHECK ("newsletter_send_batches"."status" in ('pending', 'sending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"origin" text NOT NULL,
	"article_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text,
	"selected_ids" jsonb,
	"provider" text,
	"job_id" integer,
	"executor" text,
	"total_recipients" integer DEFAULT 0 NOT NULL,
	"total_batches" integer DEFAULT 0 NOT NULL,
	"batches_done" integer DEFAULT 0 NOT NULL,
	"recipients_sent" integer DEFAULT 0 NOT NULL,
	"stats_recorded" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sends_kind_check" CHECK ("newsletter_sends"."kind" in ('manual', 'dynamic')),
	CONSTRAINT "newsletter_sends_status_check" CHECK ("newsletter_sends"."status" in ('draft', 'queued', 'sending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "brevo_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_send_batches" ADD CONSTRAINT "newsletter_send_batches_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_send_batches_send_no_key" ON "newsletter_send_batches" USING btree ("send_id","batch_no");--> statement-breakpoint
CREATE INDEX "newsletter_send_batches_status_idx" ON "newsletter_send_batches" USING btree ("send_id","status","batch_no");--> statement-breakpoint
CREATE INDEX "newsletter_sends_status_idx" ON "newsletter_sends" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_subscribed_idx" ON "newsletter_subscribers" USING btree ("subscribed_at" DESC NULLS LAST,"id" DESC NULLS LAST);