CREATE TABLE "reply_settings" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"tone" text NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_settings" ADD CONSTRAINT "reply_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;