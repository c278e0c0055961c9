-- The reviews page's source filters counted per day too, so a page deep in any filter is found by its day (issue 46);
-- server/db/sql/review-figures.sql keeps and rebuilds them.
ALTER TABLE "review_daily_stats" ADD COLUMN "google" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_daily_stats" ADD COLUMN "facebook" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_daily_stats" ADD COLUMN "video" integer DEFAULT 0 NOT NULL;