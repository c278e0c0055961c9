-- The review figures: the one definition of the trigger that keeps them and of the rebuild that recomputes them
-- (decision 013). The dashboard, the reviews page's counts and the widget read these tables instead of counting
-- a client's reviews:
--   review_daily_stats           per client and UTC day a review was created: reviews, positive, responded,
--                                the star sum and the count of each star (1 to 5);
--   review_response_daily_stats  per client and UTC day a review was answered: answers, and their total delay
--                                in days from the review;
--   review_totals                per client, all time: the same counts as a day's, plus per source (Google,
--                                Facebook, video; private reviews are the rest).
-- The rules, the same as the live filters': positive is rating >= 4 (POSITIVE_MIN_RATING, shared/schemas/
-- reviews.ts); responded is a non-blank response_content (server/db/review-filters.ts); a Facebook
-- recommendation without stars (recommendation set, its rating a stand-in) is a review but in no star sum, so
-- every star average is rating_sum / (rating1 + ... + rating5).
-- The trigger runs in each review's own transaction, so no code path can forget it. A removed review is only
-- ever subtracted (its day's row exists since it was added), so a client's deletion, which cascades to these
-- tables, never re-creates a row for a user being deleted. The totals row is always locked first: every writer
-- of a client's reviews then queues on that one row before it locks any day, and two writers never each hold a
-- row the other needs.
--
-- To change a rule, edit this file. The migration runner (server/db/migrate.ts) applies it after the
-- migrations whenever its text differs from the one last applied (its hash is in __sql_definitions), and the
-- last statement rebuilds the figures by the new rule. A column it needs comes first from schema.ts and a
-- generated migration. No migration redefines these functions or the trigger any more
-- (server/db/__tests__/sql-definitions.test.ts); migrations 0010, 0017, 0018 and 0022 hold their history.
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
-- Recomputes the three tables from the reviews: below, after a change to this file, and after a bulk load that
-- bypassed triggers (bench/seed.ts).
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
CREATE OR REPLACE TRIGGER reviews_daily_stats
  AFTER INSERT OR DELETE OR UPDATE OF owner_id, created_at, rating, response_content, responded_at, type,
    recommendation ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_daily_stats_track();
--> statement-breakpoint
SELECT review_daily_stats_rebuild();
