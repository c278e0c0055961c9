-- History, as applied: the review figures' trigger and rebuild as this migration left them. Their current
-- definition is server/db/sql/review-figures.sql, applied after the migrations (decision 013): change that file.
CREATE TABLE "review_totals" (
	"owner_id" integer PRIMARY KEY NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"positive" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating1" integer DEFAULT 0 NOT NULL,
	"rating2" integer DEFAULT 0 NOT NULL,
	"rating3" integer DEFAULT 0 NOT NULL,
	"rating4" integer DEFAULT 0 NOT NULL,
	"rating5" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "review_requests_owner_created_idx";--> statement-breakpoint
ALTER TABLE "review_totals" ADD CONSTRAINT "review_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_requests_owner_created_idx" ON "review_requests" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"sent_at","status","method");--> statement-breakpoint
-- Migration 0010's trigger function, now also keeping review_totals: every change to a review moves its
-- client's all-time row in the same transaction as its day's row. As there, a removed row is only subtracted.
-- The totals row is always locked first: every writer of a client's reviews (a new review, a reply, an import)
-- then queues on that one row before it locks any day, so two writers never each hold a row the other needs.
CREATE OR REPLACE FUNCTION review_daily_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE review_totals SET
      reviews = reviews - 1,
      positive = positive - (OLD.rating >= 4)::int,
      responded = responded - (coalesce(btrim(OLD.response_content), '') <> '')::int,
      rating_sum = rating_sum - OLD.rating,
      rating1 = rating1 - (OLD.rating = 1)::int,
      rating2 = rating2 - (OLD.rating = 2)::int,
      rating3 = rating3 - (OLD.rating = 3)::int,
      rating4 = rating4 - (OLD.rating = 4)::int,
      rating5 = rating5 - (OLD.rating = 5)::int
    WHERE owner_id = OLD.owner_id;
    UPDATE review_daily_stats SET
      reviews = reviews - 1,
      positive = positive - (OLD.rating >= 4)::int,
      responded = responded - (coalesce(btrim(OLD.response_content), '') <> '')::int,
      rating_sum = rating_sum - OLD.rating,
      rating1 = rating1 - (OLD.rating = 1)::int,
      rating2 = rating2 - (OLD.rating = 2)::int,
      rating3 = rating3 - (OLD.rating = 3)::int,
      rating4 = rating4 - (OLD.rating = 4)::int,
      rating5 = rating5 - (OLD.rating = 5)::int
    WHERE owner_id = OLD.owner_id AND day = (OLD.created_at AT TIME ZONE 'UTC')::date;
    IF coalesce(btrim(OLD.response_content), '') <> '' AND OLD.responded_at IS NOT NULL THEN
      UPDATE review_response_daily_stats SET
        responses = responses - 1,
        response_days = response_days - extract(epoch from (OLD.responded_at - OLD.created_at)) / 86400.0
      WHERE owner_id = OLD.owner_id AND day = (OLD.responded_at AT TIME ZONE 'UTC')::date;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO review_totals AS s
      (owner_id, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5)
    VALUES (NEW.owner_id, 1, (NEW.rating >= 4)::int,
      (coalesce(btrim(NEW.response_content), '') <> '')::int, NEW.rating, (NEW.rating = 1)::int,
      (NEW.rating = 2)::int, (NEW.rating = 3)::int, (NEW.rating = 4)::int, (NEW.rating = 5)::int)
    ON CONFLICT (owner_id) DO UPDATE SET
      reviews = s.reviews + 1,
      positive = s.positive + excluded.positive,
      responded = s.responded + excluded.responded,
      rating_sum = s.rating_sum + excluded.rating_sum,
      rating1 = s.rating1 + excluded.rating1,
      rating2 = s.rating2 + excluded.rating2,
      rating3 = s.rating3 + excluded.rating3,
      rating4 = s.rating4 + excluded.rating4,
      rating5 = s.rating5 + excluded.rating5;
    INSERT INTO review_daily_stats AS s
      (owner_id, day, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5)
    VALUES (NEW.owner_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1, (NEW.rating >= 4)::int,
      (coalesce(btrim(NEW.response_content), '') <> '')::int, NEW.rating, (NEW.rating = 1)::int,
      (NEW.rating = 2)::int, (NEW.rating = 3)::int, (NEW.rating = 4)::int, (NEW.rating = 5)::int)
    ON CONFLICT (owner_id, day) DO UPDATE SET
      reviews = s.reviews + 1,
      positive = s.positive + excluded.positive,
      responded = s.responded + excluded.responded,
      rating_sum = s.rating_sum + excluded.rating_sum,
      rating1 = s.rating1 + excluded.rating1,
      rating2 = s.rating2 + excluded.rating2,
      rating3 = s.rating3 + excluded.rating3,
      rating4 = s.rating4 + excluded.rating4,
      rating5 = s.rating5 + excluded.rating5;
    IF coalesce(btrim(NEW.response_content), '') <> '' AND NEW.responded_at IS NOT NULL THEN
      INSERT INTO review_response_daily_stats AS s (owner_id, day, responses, response_days)
      VALUES (NEW.owner_id, (NEW.responded_at AT TIME ZONE 'UTC')::date, 1,
        extract(epoch from (NEW.responded_at - NEW.created_at)) / 86400.0)
      ON CONFLICT (owner_id, day) DO UPDATE SET
        responses = s.responses + 1,
        response_days = s.response_days + excluded.response_days;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes the three tables from the reviews: the backfill below, and after a bulk load that bypassed triggers.
-- The totals are the sums of the days just rebuilt.
CREATE OR REPLACE FUNCTION review_daily_stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM review_daily_stats;
  DELETE FROM review_response_daily_stats;
  DELETE FROM review_totals;
  INSERT INTO review_daily_stats
    (owner_id, day, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5)
  SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE rating >= 4),
    count(*) FILTER (WHERE coalesce(btrim(response_content), '') <> ''), sum(rating),
    count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3),
    count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)
  FROM reviews GROUP BY 1, 2;
  INSERT INTO review_totals
    (owner_id, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5)
  SELECT owner_id, sum(reviews), sum(positive), sum(responded), sum(rating_sum),
    sum(rating1), sum(rating2), sum(rating3), sum(rating4), sum(rating5)
  FROM review_daily_stats GROUP BY 1;
  INSERT INTO review_response_daily_stats (owner_id, day, responses, response_days)
  SELECT owner_id, (responded_at AT TIME ZONE 'UTC')::date, count(*),
    sum(extract(epoch from (responded_at - created_at)) / 86400.0)
  FROM reviews
  WHERE coalesce(btrim(response_content), '') <> '' AND responded_at IS NOT NULL
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
SELECT review_daily_stats_rebuild();
