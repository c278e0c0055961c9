CREATE TABLE "feedback_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	"contact_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"link_key" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_author" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "feedback_cases_status_known" CHECK ("feedback_cases"."status" in ('open', 'waiting', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "feedback_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text,
	"delivery_status" text,
	"send_at" timestamp with time zone,
	"delivery_reason" text,
	"outbound_message_id" integer
);
--> statement-breakpoint
ALTER TABLE "feedback_cases" ADD CONSTRAINT "feedback_cases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_cases" ADD CONSTRAINT "feedback_cases_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_cases" ADD CONSTRAINT "feedback_cases_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_case_id_feedback_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."feedback_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_messages" ADD CONSTRAINT "feedback_messages_outbound_message_id_outbound_messages_id_fk" FOREIGN KEY ("outbound_message_id") REFERENCES "public"."outbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_cases_review_unique" ON "feedback_cases" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "feedback_cases_owner_status_idx" ON "feedback_cases" USING btree ("owner_id","status","last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "feedback_messages_case_idx" ON "feedback_messages" USING btree ("case_id","id");