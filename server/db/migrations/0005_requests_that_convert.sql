CREATE TABLE "request_settings" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"reminders_enabled" boolean NOT NULL,
	"first_reminder_days" smallint NOT NULL,
	"second_reminder_days" smallint,
	"quiet_hours_enabled" boolean NOT NULL,
	"quiet_start" smallint NOT NULL,
	"quiet_end" smallint NOT NULL,
	"time_zone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"review_request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "resent_from_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "offered_links" jsonb;--> statement-breakpoint
ALTER TABLE "request_settings" ADD CONSTRAINT "request_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_events" ADD CONSTRAINT "review_request_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_events" ADD CONSTRAINT "review_request_events_review_request_id_review_requests_id_fk" FOREIGN KEY ("review_request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_request_events_request_idx" ON "review_request_events" USING btree ("review_request_id","id");--> statement-breakpoint
CREATE INDEX "outbound_messages_owner_request_idx" ON "outbound_messages" USING btree ("owner_id","id") WHERE "outbound_messages"."review_request_id" is not null;