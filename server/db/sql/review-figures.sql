-- The review figures: the one definition of the trigger that keeps them and of the rebuild that recomputes them
-- (decision 013). The dashboard, the reviews page's counts and the widget read these tables instead of counting
-- a client's reviews:
--   review_daily_stats           per client and UTC day a review was created: reviews, positive, responded,
--                                the star sum, the count of each star (1 to 5), and per source (Google,
--                                Facebook, video);
--   review_response_daily_stats  per client and UTC day a review was answered: the answers whose time counts in
--                                Avg. Response Time, and their total delay in days from the review;
--   review_hourly_stats,         the same two per UTC hour, for the hours since review_hourly_horizon() only:
--   review_response_hourly_stats the dashboard reads the hours of the two days its windows' boundaries cut from
--                                them, and only the boundary hours from the reviews (issue 46); older hours are
--                                pruned daily (review_hourly_stats_prune);
--   review_totals                per client, all time: the same counts as a day's (private reviews are those
--                                of no source).
-- The rules, written once in review_figures_of() and the same as the live filters': positive is rating >= 4
-- (POSITIVE_MIN_RATING, shared/reviews.ts); responded is a non-blank response_content
-- (server/db/review-filters.ts); a Facebook recommendation without stars (recommendation set, its rating a
-- stand-in) is a review but in no star sum, so every star average is rating_sum / (rating1 + ... + rating5).
-- An answer's time counts (timed_response) when it was written here, to a review that reached ReviewFlow within 7
-- days of being written (IMPORT_BACKLOG_DAYS and timedReply, server/features/dashboard/dashboard.repository.ts):
-- an import's years-old backlog says nothing of how fast the business answers now.
-- The trigger adds or takes away what one review counts for; the rebuild sums it over all reviews.
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
-- A function's columns cannot be replaced in place: a new rule's column needs the old function gone first.
DROP FUNCTION IF EXISTS review_figures_of(reviews);
--> statement-breakpoint
-- What one review counts for in its client's figures: the one place the rules above are written.
CREATE OR REPLACE FUNCTION review_figures_of(r reviews) RETURNS TABLE (
  positive int, responded int, rating_sum int, rating1 int, rating2 int, rating3 int, rating4 int, rating5 int,
  google int, facebook int, video int, timed_response int, response_days double precision
) LANGUAGE sql IMMUTABLE AS $$
  SELECT (r.rating >= 4)::int, (coalesce(btrim(r.response_content), '') <> '')::int,
    r.rating * (r.recommendation IS NULL)::int,
    (r.rating = 1 AND r.recommendation IS NULL)::int, (r.rating = 2 AND r.recommendation IS NULL)::int,
    (r.rating = 3 AND r.recommendation IS NULL)::int, (r.rating = 4 AND r.recommendation IS NULL)::int,
    (r.rating = 5 AND r.recommendation IS NULL)::int,
    (r.type = 'google')::int, (r.type = 'facebook')::int, (r.type = 'video')::int,
    coalesce(coalesce(btrim(r.response_content), '') <> ''
      AND r.received_at <= r.created_at + make_interval(days => 7)
      AND r.responded_at >= r.received_at, false)::int,
    extract(epoch from (r.responded_at - r.created_at)) / 86400.0
$$;
--> statement-breakpoint
-- The oldest hour the hourly figures keep at a given instant: twice the longest dashboard period (90 days,
-- DASHBOARD_PERIODS in shared/schemas/dashboard.ts) and two days to spare. Older hours are not written by the
-- trigger nor kept by the prune, and no window reads them.
CREATE OR REPLACE FUNCTION review_hourly_horizon(at timestamptz) RETURNS timestamp LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') - make_interval(days => 182)
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one review's figures. Each row is updated where it is; only an addition
-- creates a missing one (then updates it), since a removed review's rows exist from when it was added.
CREATE OR REPLACE FUNCTION review_figures_apply(r reviews, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  f record;
  created_day date := (r.created_at AT TIME ZONE 'UTC')::date;
  responded_day date := (r.responded_at AT TIME ZONE 'UTC')::date;
  created_hour timestamp := date_trunc('hour', r.created_at AT TIME ZONE 'UTC');
  responded_hour timestamp := date_trunc('hour', r.responded_at AT TIME ZONE 'UTC');
  horizon timestamp := review_hourly_horizon(now());
BEGIN
  SELECT * INTO f FROM review_figures_of(r);
  LOOP
    UPDATE review_totals SET
      reviews = reviews + sign, positive = positive + sign * f.positive,
      responded = responded + sign * f.responded, rating_sum = rating_sum + sign * f.rating_sum,
      rating1 = rating1 + sign * f.rating1, rating2 = rating2 + sign * f.rating2,
      rating3 = rating3 + sign * f.rating3, rating4 = rating4 + sign * f.rating4,
      rating5 = rating5 + sign * f.rating5,
      google = google + sign * f.google, facebook = facebook + sign * f.facebook, video = video + sign * f.video
    WHERE owner_id = r.owner_id;
    EXIT WHEN FOUND OR sign < 0;
    INSERT INTO review_totals (owner_id) VALUES (r.owner_id) ON CONFLICT DO NOTHING;
  END LOOP;
  LOOP
    UPDATE review_daily_stats SET
      reviews = reviews + sign, positive = positive + sign * f.positive,
      responded = responded + sign * f.responded, rating_sum = rating_sum + sign * f.rating_sum,
      rating1 = rating1 + sign * f.rating1, rating2 = rating2 + sign * f.rating2,
      rating3 = rating3 + sign * f.rating3, rating4 = rating4 + sign * f.rating4,
      rating5 = rating5 + sign * f.rating5,
      google = google + sign * f.google, facebook = facebook + sign * f.facebook, video = video + sign * f.video
    WHERE owner_id = r.owner_id AND day = created_day;
    EXIT WHEN FOUND OR sign < 0;
    INSERT INTO review_daily_stats (owner_id, day) VALUES (r.owner_id, created_day) ON CONFLICT DO NOTHING;
  END LOOP;
  WHILE created_hour >= horizon LOOP
    UPDATE review_hourly_stats SET
      reviews = reviews + sign, positive = positive + sign * f.positive,
      responded = responded + sign * f.responded, rating_sum = rating_sum + sign * f.rating_sum,
      rating1 = rating1 + sign * f.rating1, rating2 = rating2 + sign * f.rating2,
      rating3 = rating3 + sign * f.rating3, rating4 = rating4 + sign * f.rating4,
      rating5 = rating5 + sign * f.rating5,
      google = google + sign * f.google, facebook = facebook + sign * f.facebook, video = video + sign * f.video
    WHERE owner_id = r.owner_id AND hour = created_hour;
    EXIT WHEN FOUND OR sign < 0;
    INSERT INTO review_hourly_stats (owner_id, hour) VALUES (r.owner_id, created_hour) ON CONFLICT DO NOTHING;
  END LOOP;
  IF f.timed_response = 1 THEN
    LOOP
      UPDATE review_response_daily_stats SET
        responses = responses + sign, response_days = response_days + sign * f.response_days
      WHERE owner_id = r.owner_id AND day = responded_day;
      EXIT WHEN FOUND OR sign < 0;
      INSERT INTO review_response_daily_stats (owner_id, day) VALUES (r.owner_id, responded_day)
      ON CONFLICT DO NOTHING;
    END LOOP;
    WHILE responded_hour >= horizon LOOP
      UPDATE review_response_hourly_stats SET
        responses = responses + sign, response_days = response_days + sign * f.response_days
      WHERE owner_id = r.owner_id AND hour = responded_hour;
      EXIT WHEN FOUND OR sign < 0;
      INSERT INTO review_response_hourly_stats (owner_id, hour) VALUES (r.owner_id, responded_hour)
      ON CONFLICT DO NOTHING;
    END LOOP;
  END IF;
END
$$;
--> statement-breakpoint
-- The totals row is locked first in both calls (see above).
CREATE OR REPLACE FUNCTION review_daily_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM review_figures_apply(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM review_figures_apply(NEW, 1);
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
  DELETE FROM review_hourly_stats;
  DELETE FROM review_response_hourly_stats;
  DELETE FROM review_totals;
  INSERT INTO review_daily_stats
    (owner_id, day, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
     google, facebook, video)
  SELECT r.owner_id, (r.created_at AT TIME ZONE 'UTC')::date, count(*), sum(f.positive), sum(f.responded),
    sum(f.rating_sum), sum(f.rating1), sum(f.rating2), sum(f.rating3), sum(f.rating4), sum(f.rating5),
    sum(f.google), sum(f.facebook), sum(f.video)
  FROM reviews r CROSS JOIN LATERAL review_figures_of(r) f GROUP BY 1, 2;
  INSERT INTO review_hourly_stats
    (owner_id, hour, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
     google, facebook, video)
  SELECT r.owner_id, date_trunc('hour', r.created_at AT TIME ZONE 'UTC'), count(*), sum(f.positive),
    sum(f.responded), sum(f.rating_sum), sum(f.rating1), sum(f.rating2), sum(f.rating3), sum(f.rating4),
    sum(f.rating5), sum(f.google), sum(f.facebook), sum(f.video)
  FROM reviews r CROSS JOIN LATERAL review_figures_of(r) f
  WHERE r.created_at AT TIME ZONE 'UTC' >= review_hourly_horizon(now())
  GROUP BY 1, 2;
  INSERT INTO review_totals
    (owner_id, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
     google, facebook, video)
  SELECT r.owner_id, count(*), sum(f.positive), sum(f.responded),
    sum(f.rating_sum), sum(f.rating1), sum(f.rating2), sum(f.rating3), sum(f.rating4), sum(f.rating5),
    sum(f.google), sum(f.facebook), sum(f.video)
  FROM reviews r CROSS JOIN LATERAL review_figures_of(r) f GROUP BY 1;
  INSERT INTO review_response_daily_stats (owner_id, day, responses, response_days)
  SELECT r.owner_id, (r.responded_at AT TIME ZONE 'UTC')::date, count(*), sum(f.response_days)
  FROM reviews r CROSS JOIN LATERAL review_figures_of(r) f
  WHERE f.timed_response = 1
  GROUP BY 1, 2;
  INSERT INTO review_response_hourly_stats (owner_id, hour, responses, response_days)
  SELECT r.owner_id, date_trunc('hour', r.responded_at AT TIME ZONE 'UTC'), count(*), sum(f.response_days)
  FROM reviews r CROSS JOIN LATERAL review_figures_of(r) f
  WHERE f.timed_response = 1 AND r.responded_at AT TIME ZONE 'UTC' >= review_hourly_horizon(now())
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- The daily task's: the hours older than the horizon at this instant go.
CREATE OR REPLACE FUNCTION review_hourly_stats_prune(at timestamptz) RETURNS void LANGUAGE sql AS $$
  DELETE FROM review_hourly_stats WHERE hour < review_hourly_horizon(at);
  DELETE FROM review_response_hourly_stats WHERE hour < review_hourly_horizon(at);
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER reviews_daily_stats
  AFTER INSERT OR DELETE OR UPDATE OF owner_id, created_at, received_at, rating, response_content, responded_at,
    type, recommendation ON reviews
  FOR EACH ROW EXECUTE FUNCTION review_daily_stats_track();
--> statement-breakpoint
SELECT review_daily_stats_rebuild();
