-- History, as applied: the review figures' trigger and rebuild as this migration left them. Their current
-- definition is server/db/sql/review-figures.sql, applied after the migrations (decision 013): change that file.
-- Migration 0018's trigger and rebuild functions, with one change (issue 41): a Facebook recommendation without
-- stars (reviews.recommendation set; its rating is a stand-in, 5 or 1) counts as a review (reviews, positive,
-- responded, per source) but not in the star sums: rating_sum and rating1..rating5. Every star average reads
-- rating_sum / (rating1 + ... + rating5), the reviews that have stars. Everything else is as 0018 left it.
CREATE OR REPLACE FUNCTION review_daily_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE review_totals SET
      reviews = reviews - 1,
      positive = positive - (OLD.rating >= 4)::int,
      responded = responded - (coalesce(btrim(OLD.response_content), '') <> '')::int,
      rating_sum = rating_sum - OLD.rating * (OLD.recommendation IS NULL)::int,
      rating1 = rating1 - (OLD.rating = 1 AND OLD.recommendation IS NULL)::int,
      rating2 = rating2 - (OLD.rating = 2 AND OLD.recommendation IS NULL)::int,
      rating3 = rating3 - (OLD.rating = 3 AND OLD.recommendation IS NULL)::int,
      rating4 = rating4 - (OLD.rating = 4 AND OLD.recommendation IS NULL)::int,
      rating5 = rating5 - (OLD.rating = 5 AND OLD.recommendation IS NULL)::int,
      google = google - (OLD.type = 'google')::int,
      facebook = facebook - (OLD.type = 'facebook')::int,
      video = video - (OLD.type = 'video')::int
    WHERE owner_id = OLD.owner_id;
    UPDATE review_daily_stats SET
      reviews = reviews - 1,
      positive = positive - (OLD.rating >= 4)::int,
      responded = responded - (coalesce(btrim(OLD.response_content), '') <> '')::int,
      rating_sum = rating_sum - OLD.rating * (OLD.recommendation IS NULL)::int,
      rating1 = rating1 - (OLD.rating = 1 AND OLD.recommendation IS NULL)::int,
      rating2 = rating2 - (OLD.rating = 2 AND OLD.recommendation IS NULL)::int,
      rating3 = rating3 - (OLD.rating = 3 AND OLD.recommendation IS NULL)::int,
      rating4 = rating4 - (OLD.rating = 4 AND OLD.recommendation IS NULL)::int,
      rating5 = rating5 - (OLD.rating = 5 AND OLD.recommendation IS NULL)::int
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
      (owner_id, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
       google, facebook, video)
    VALUES (NEW.owner_id, 1, (NEW.rating >= 4)::int,
      (coalesce(btrim(NEW.response_content), '') <> '')::int, NEW.rating * (NEW.recommendation IS NULL)::int,
      (NEW.rating = 1 AND NEW.recommendation IS NULL)::int, (NEW.rating = 2 AND NEW.recommendation IS NULL)::int,
      (NEW.rating = 3 AND NEW.recommendation IS NULL)::int, (NEW.rating = 4 AND NEW.recommendation IS NULL)::int,
      (NEW.rating = 5 AND NEW.recommendation IS NULL)::int,
      (NEW.type = 'google')::int, (NEW.type = 'facebook')::int, (NEW.type = 'video')::int)
    ON CONFLICT (owner_id) DO UPDATE SET
      reviews = s.reviews + 1,
      positive = s.positive + excluded.positive,
      responded = s.responded + excluded.responded,
      rating_sum = s.rating_sum + excluded.rating_sum,
      rating1 = s.rating1 + excluded.rating1,
      rating2 = s.rating2 + excluded.rating2,
      rating3 = s.rating3 + excluded.rating3,
      rating4 = s.rating4 + excluded.rating4,
      rating5 = s.rating5 + excluded.rating5,
      google = s.google + excluded.google,
      facebook = s.facebook + excluded.facebook,
      video = s.video + excluded.video;
    INSERT INTO review_daily_stats AS s
      (owner_id, day, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5)
    VALUES (NEW.owner_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 1, (NEW.rating >= 4)::int,
      (coalesce(btrim(NEW.response_content), '') <> '')::int, NEW.rating * (NEW.recommendation IS NULL)::int,
      (NEW.rating = 1 AND NEW.recommendation IS NULL)::int, (NEW.rating = 2 AND NEW.recommendation IS NULL)::int,
      (NEW.rating = 3 AND NEW.recommendation IS NULL)::int, (NEW.rating = 4 AND NEW.recommendation IS NULL)::int,
      (NEW.rating = 5 AND NEW.recommendation IS NULL)::int)
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
CREATE OR REPLACE FUNCTION review_daily_stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM review_daily_stats;
  DELETE FROM review_response_daily_stats;
  DELETE FROM review_totals;
  INSERT INTO review_daily_stats
    (owner_id, day, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5)
  SELECT owner_id, (created_at AT TIME ZONE 'UTC')::date, count(*), count(*) FILTER (WHERE rating >= 4),
    count(*) FILTER (WHERE coalesce(btrim(response_content), '') <> ''),
    coalesce(sum(rating) FILTER (WHERE recommendation IS NULL), 0),
    count(*) FILTER (WHERE rating = 1 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 2 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 3 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 4 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 5 AND recommendation IS NULL)
  FROM reviews GROUP BY 1, 2;
  INSERT INTO review_totals
    (owner_id, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
     google, facebook, video)
  SELECT owner_id, count(*), count(*) FILTER (WHERE rating >= 4),
    count(*) FILTER (WHERE coalesce(btrim(response_content), '') <> ''),
    coalesce(sum(rating) FILTER (WHERE recommendation IS NULL), 0),
    count(*) FILTER (WHERE rating = 1 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 2 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 3 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 4 AND recommendation IS NULL),
    count(*) FILTER (WHERE rating = 5 AND recommendation IS NULL),
    count(*) FILTER (WHERE type = 'google'), count(*) FILTER (WHERE type = 'facebook'),
    count(*) FILTER (WHERE type = 'video')
  FROM reviews GROUP BY 1;
  INSERT INTO review_response_daily_stats (owner_id, day, responses, response_days)
  SELECT owner_id, (responded_at AT TIME ZONE 'UTC')::date, count(*),
    sum(extract(epoch from (responded_at - created_at)) / 86400.0)
  FROM reviews
  WHERE coalesce(btrim(response_content), '') <> '' AND responded_at IS NOT NULL
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- A review that becomes (or stops being) a recommendation moves in or out of the star sums.
DROP TRIGGER reviews_daily_stats ON reviews;
--> statement-breakpoint
CREATE TRIGGER reviews_daily_stats
  AFTER INSERT OR DELETE OR UPDATE OF owner_id, created_at, rating, response_content, responded_at, type,
    recommendation ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_daily_stats_track();
--> statement-breakpoint
SELECT review_daily_stats_rebuild();
