CREATE TABLE "contact_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text,
	"detail" text DEFAULT '' NOT NULL,
	"review_request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "google_connected_review_url" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "facebook_connected_review_url" text;--> statement-breakpoint
ALTER TABLE "request_settings" ADD COLUMN "ask_window_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "pending_reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_publish_state" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_publish_error" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_publish_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "recommendation" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "received_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_events" ADD CONSTRAINT "contact_events_review_request_id_review_requests_id_fk" FOREIGN KEY ("review_request_id") REFERENCES "public"."review_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_events_contact_idx" ON "contact_events" USING btree ("contact_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "review_requests_owner_contact_idx" ON "review_requests" USING btree ("owner_id","contact_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_owner_reply_waiting_idx" ON "reviews" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."reply_publish_state" is not null;--> statement-breakpoint
-- Reviews left on our own page arrived when they were written; an imported review's arrival is unknown
-- before this migration, so only those written here are dated back.
UPDATE "reviews" SET "received_at" = "created_at" WHERE "type" NOT IN ('google', 'facebook');
