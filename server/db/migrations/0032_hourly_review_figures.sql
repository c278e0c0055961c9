CREATE TABLE "review_hourly_stats" (
	"owner_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating1" integer DEFAULT 0 NOT NULL,
	"rating2" integer DEFAULT 0 NOT NULL,
	"rating3" integer DEFAULT 0 NOT NULL,
	"rating4" integer DEFAULT 0 NOT NULL,
	"rating5" integer DEFAULT 0 NOT NULL,
	"google" integer DEFAULT 0 NOT NULL,
	"facebook" integer DEFAULT 0 NOT NULL,
	"video" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_hourly_stats_owner_id_hour_pk" PRIMARY KEY("owner_id","hour")
);
--> statement-breakpoint
CREATE TABLE "review_response_hourly_stats" (
	"owner_id" integer NOT NULL,
	"hour" timestamp NOT NULL,
	"responses" integer DEFAULT 0 NOT NULL,
	"response_days" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "review_response_hourly_stats_owner_id_hour_pk" PRIMARY KEY("owner_id","hour")
);
--> statement-breakpoint
ALTER TABLE "review_hourly_stats" ADD CONSTRAINT "review_hourly_stats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_response_hourly_stats" ADD CONSTRAINT "review_response_hourly_stats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;