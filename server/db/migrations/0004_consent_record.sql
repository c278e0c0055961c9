CREATE TABLE "contact_consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "email_opt_out_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "sms_opt_out_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_opt_out_source" text;--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consent_events" ADD CONSTRAINT "contact_consent_events_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_consent_events_contact_idx" ON "contact_consent_events" USING btree ("contact_id","id");