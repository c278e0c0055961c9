-- The proof of honest collection (issue 47): its log is written by server/db/sql/proof-log.sql's triggers.
CREATE TABLE "proof_chain_heads" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_log" (
	"owner_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"rating" smallint,
	"offered" text[] DEFAULT '{}'::text[] NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "proof_log_owner_id_seq_pk" PRIMARY KEY("owner_id","seq")
);
--> statement-breakpoint
CREATE TABLE "proof_publications" (
	"owner_id" integer NOT NULL,
	"day" date NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"asked" integer NOT NULL,
	"offered_public_links" integer NOT NULL,
	"filtered" integer NOT NULL,
	"by_rating" jsonb NOT NULL,
	"average" double precision,
	"count" integer NOT NULL,
	CONSTRAINT "proof_publications_owner_id_day_pk" PRIMARY KEY("owner_id","day")
);
--> statement-breakpoint
CREATE TABLE "proof_settings" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proof_chain_heads" ADD CONSTRAINT "proof_chain_heads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_log" ADD CONSTRAINT "proof_log_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_publications" ADD CONSTRAINT "proof_publications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_settings" ADD CONSTRAINT "proof_settings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_log_owner_at_idx" ON "proof_log" USING btree ("owner_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "proof_settings_slug_unique" ON "proof_settings" USING btree ("slug");