ALTER TABLE "reviews" ADD COLUMN "rating_at_reply" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "removed_from_site_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_owner_rose_after_reply_idx" ON "reviews" USING btree ("owner_id","responded_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "reviews"."rating" > "reviews"."rating_at_reply";--> statement-breakpoint
-- Replies given before their rating was kept: the rating now is the best knowledge of the rating then.
UPDATE "reviews" SET "rating_at_reply" = "rating" WHERE "response_content" IS NOT NULL;