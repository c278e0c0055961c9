CREATE TABLE "reply_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"content" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_links" ADD CONSTRAINT "reply_links_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_links_review_idx" ON "reply_links" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "reply_links_expires_idx" ON "reply_links" USING btree ("expires_at");