CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"instant_alerts" boolean NOT NULL,
	"alert_max_rating" smallint NOT NULL,
	"weekly_digest" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"provider" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"error" text,
	"schedule_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "google_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "google_sync_error" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "google_reconnect_needed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "facebook_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "facebook_sync_error" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "facebook_reconnect_needed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbound_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "response_published_to" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "response_external_id" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_runs_schedule_key_unique" ON "sync_runs" USING btree ("schedule_key") WHERE "sync_runs"."schedule_key" is not null;--> statement-breakpoint
CREATE INDEX "sync_runs_owner_provider_idx" ON "sync_runs" USING btree ("owner_id","provider","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_messages_idempotency_unique" ON "outbound_messages" USING btree ("idempotency_key") WHERE "outbound_messages"."idempotency_key" is not null;