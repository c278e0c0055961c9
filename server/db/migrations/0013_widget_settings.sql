CREATE TABLE "widget_settings" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"mode" text NOT NULL,
	"min_rating" smallint NOT NULL,
	"sources" text[] NOT NULL,
	"only_with_text" boolean NOT NULL,
	"review_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"layout" text NOT NULL,
	"theme" text NOT NULL,
	"accent_color" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "widget_settings_public_key_unique" ON "widget_settings" USING btree ("public_key");