CREATE TABLE "usage_ledger" (
	"owner_id" integer NOT NULL,
	"month" date NOT NULL,
	"review_requests" integer DEFAULT 0 NOT NULL,
	"invitations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_ledger_owner_id_month_pk" PRIMARY KEY("owner_id","month")
);
--> statement-breakpoint
ALTER TABLE "usage_ledger" ADD CONSTRAINT "usage_ledger_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What was sent before the ledger: the requests still on record (those of deleted locations are gone).
INSERT INTO "usage_ledger" ("owner_id", "month", "review_requests", "invitations")
SELECT "owner_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, count(*)::int, 0
FROM "review_requests" WHERE "method" <> 'link'
GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "usage_ledger" AS l ("owner_id", "month", "review_requests", "invitations")
SELECT "client_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, 0, count(*)::int
FROM "team_invitations"
GROUP BY 1, 2
ON CONFLICT ("owner_id", "month") DO UPDATE SET "invitations" = excluded."invitations";
