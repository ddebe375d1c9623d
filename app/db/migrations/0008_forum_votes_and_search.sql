CREATE TABLE "forum_comment_votes" (
	"comment_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_comment_votes_comment_id_visitor_pk" PRIMARY KEY("comment_id","visitor"),
	CONSTRAINT "forum_comment_votes_value_check" CHECK ("forum_comment_votes"."value" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "forum_topic_votes" (
	"topic_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_topic_votes_topic_id_visitor_pk" PRIMARY KEY("topic_id","visitor"),
	CONSTRAINT "forum_topic_votes_value_check" CHECK ("forum_topic_votes"."value" in (-1, 1))
);
--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_norm(content || ' ' || author)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_topics" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_norm(title || ' ' || content)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_comment_votes" ADD CONSTRAINT "forum_comment_votes_comment_id_forum_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."forum_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_topic_votes" ADD CONSTRAINT "forum_topic_votes_topic_id_forum_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."forum_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_comments_topic_status_idx" ON "forum_comments" USING btree ("topic_id","status","created_at");--> statement-breakpoint
CREATE INDEX "forum_comments_search_text_trgm_idx" ON "forum_comments" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forum_topics_status_activity_idx" ON "forum_topics" USING btree ("status","last_activity_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_topics_search_text_trgm_idx" ON "forum_topics" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_votes_check" CHECK ("forum_comments"."likes" >= 0 and "forum_comments"."dislikes" >= 0);--> statement-breakpoint
ALTER TABLE "forum_topics" ADD CONSTRAINT "forum_topics_votes_check" CHECK ("forum_topics"."likes" >= 0 and "forum_topics"."dislikes" >= 0);