DROP INDEX "templates_owner_channel_default_unique";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "templates_owner_channel_default_unique" ON "templates" USING btree ("owner_id","channel","language") WHERE "templates"."is_default";--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_language_known" CHECK ("contacts"."language" is null or "contacts"."language" in ('en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ar'));--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_default_language_known" CHECK ("locations"."default_language" is null or "locations"."default_language" in ('en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ar'));--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_language_known" CHECK ("templates"."language" is null or "templates"."language" in ('en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ar'));