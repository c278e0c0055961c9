import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { reviews } from '../../../db/schema';
import { createTestBackground } from '../../../testing/background';
import { createReview, createUser } from '../../../testing/factories';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createDashboardRepository } from '../dashboard.repository';
import { wholeClient } from '../../../db/scope';
import { DASHBOARD_PERIODS } from '@shared/schemas/dashboard';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Every window boundary of every period at `now`: `days` and twice `days` ago. */
const boundaryInstants = (now: number) =>
  DASHBOARD_PERIODS.flatMap((days) => [now - days * DAY, now - 2 * days * DAY]);

/**
 * Instants around one boundary: either side of it inside its UTC hour, two and five hours either side (the
 * boundary day's other hours, or the next and previous days'), and the first and last minutes of its UTC day.
 */
function aroundBoundary(boundary: number): number[] {
  const hourStart = boundary - (boundary % HOUR);
  const dayStart = boundary - (boundary % DAY);
  return [
    boundary + (hourStart + HOUR - boundary) / 2,
    hourStart + (boundary - hourStart) / 2,
    boundary + 2 * HOUR,
    boundary - 2 * HOUR,
    boundary + 5 * HOUR,
    boundary - 5 * HOUR,
    dayStart + MINUTE,
    dayStart + DAY - MINUTE,
  ];
}
/** The rollups as the trigger keeps them, and as the reviews say they should be, per owner and day. */
async function rollupsAndTruth(database: TestDatabase, ownerId: number) {
  const db = database.handle.db;
  const kept = rowsOf(
    await db.execute(sql`
      select day::text, reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
        google, facebook, video
      from review_daily_stats where owner_id = ${ownerId} and reviews <> 0 order by day`),
  );
  const truth = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      select (created_at at time zone 'UTC')::date::text as day, count(*)::int as reviews,
        count(*) filter (where rating >= 4)::int as positive,
        count(*) filter (where coalesce(btrim(response_content), '') <> '')::int as responded,
        -- A Facebook recommendation has no stars: a review, but in no star sum (migration 0022).
        coalesce(sum(rating) filter (where recommendation is null), 0)::int as rating_sum,
        count(*) filter (where rating = 1 and recommendation is null)::int as rating1,
        count(*) filter (where rating = 2 and recommendation is null)::int as rating2,
        count(*) filter (where rating = 3 and recommendation is null)::int as rating3,
        count(*) filter (where rating = 4 and recommendation is null)::int as rating4,
        count(*) filter (where rating = 5 and recommendation is null)::int as rating5,
        count(*) filter (where type = 'google')::int as google,
        count(*) filter (where type = 'facebook')::int as facebook,
        count(*) filter (where type = 'video')::int as video
      from reviews where owner_id = ${ownerId} group by 1 order by 1`),
  );
  const [totals] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select reviews, positive, responded, rating_sum, rating1, rating2, rating3, rating4, rating5,
        google, facebook, video
      from review_totals where owner_id = ${ownerId}`),
  );
  const responsesKept = rowsOf(
    await db.execute(sql`
      select day::text, responses, round(response_days::numeric, 6)::float8 as response_days
      from review_response_daily_stats where owner_id = ${ownerId} and responses <> 0 order by day`),
  );
  // Answers whose time counts: written here, to a review that arrived within 7 days of being written.
  const responsesTruth = rowsOf(
    await db.execute(sql`
      select (responded_at at time zone 'UTC')::date::text as day, count(*)::int as responses,
        round(sum(extract(epoch from (responded_at - created_at)) / 86400.0)::numeric, 6)::float8 as response_days
      from reviews
      where owner_id = ${ownerId} and coalesce(btrim(response_content), '') <> ''
        and received_at <= created_at + interval '7 days' and responded_at >= received_at
      group by 1 order by 1`),
  );
  // The hourly rollups hold the hours since the horizon, the same sums as the days'.
  const hourlyKept = rowsOf(
    await db.execute(sql`
      select to_char(hour, 'YYYY-MM-DD HH24') as hour, reviews, positive, responded, rating_sum, rating5, video
      from review_hourly_stats where owner_id = ${ownerId} and reviews <> 0 order by hour`),
  );
  const hourlyTruth = rowsOf(
    await db.execute(sql`
      select to_char(date_trunc('hour', created_at at time zone 'UTC'), 'YYYY-MM-DD HH24') as hour,
        count(*)::int as reviews, count(*) filter (where rating >= 4)::int as positive,
        count(*) filter (where coalesce(btrim(response_content), '') <> '')::int as responded,
        coalesce(sum(rating) filter (where recommendation is null), 0)::int as rating_sum,
        count(*) filter (where rating = 5 and recommendation is null)::int as rating5,
        count(*) filter (where type = 'video')::int as video
      from reviews
      where owner_id = ${ownerId} and created_at at time zone 'UTC' >= review_hourly_horizon(now())
      group by 1 order by 1`),
  );
  const responsesHourlyKept = rowsOf(
    await db.execute(sql`
      select to_char(hour, 'YYYY-MM-DD HH24') as hour, responses,
        round(response_days::numeric, 6)::float8 as response_days
      from review_response_hourly_stats where owner_id = ${ownerId} and responses <> 0 order by hour`),
  );
  const responsesHourlyTruth = rowsOf(
    await db.execute(sql`
      select to_char(date_trunc('hour', responded_at at time zone 'UTC'), 'YYYY-MM-DD HH24') as hour,
        count(*)::int as responses,
        round(sum(extract(epoch from (responded_at - created_at)) / 86400.0)::numeric, 6)::float8 as response_days
      from reviews
      where owner_id = ${ownerId} and coalesce(btrim(response_content), '') <> ''
        and received_at <= created_at + interval '7 days' and responded_at >= received_at
        and responded_at at time zone 'UTC' >= review_hourly_horizon(now())
      group by 1 order by 1`),
  );
  const sumOf = (column: string) => truth.reduce((sum, day) => sum + Number(day[column]), 0);
  const dayColumns = Object.keys(truth[0] ?? {}).filter((column) => column !== 'day');
  const truthTotals = Object.fromEntries(dayColumns.map((column) => [column, sumOf(column)]));
  return {
    kept,
    truth,
    totals,
    truthTotals,
    responsesKept,
    responsesTruth,
    hourlyKept,
    hourlyTruth,
    responsesHourlyKept,
    responsesHourlyTruth,
  };
}

describe.each(testDatabaseKinds)('the dashboard daily rollups on %s', (kind) => {
  let database: TestDatabase;
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when reviews are added, answered, edited, moved and deleted, then the rollups equal the live aggregate', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    const other = await createUser(db);
    const repository = createDashboardRepository(db);
    // Around every edge of the windows: today, 30 days ago (either side), 60 days ago, and older; last, one
    // dated ahead of the database's clock (an import from a provider whose clock runs fast).
    const ages = [
      0,
      HOUR,
      29 * DAY,
      30 * DAY - HOUR,
      30 * DAY + HOUR,
      45 * DAY,
      60 * DAY - HOUR,
      60 * DAY + HOUR,
      200 * DAY,
      -2 * HOUR,
    ];
    const ids: number[] = [];
    for (const [i, age] of ages.entries()) {
      const answered = i % 2 === 0;
      const review = await createReview(db, owner.id, {
        rating: (i % 5) + 1,
        type: (['google', 'facebook', 'private', 'video'] as const)[i % 4],
        createdAt: ago(age),
        responseContent: answered ? 'Thank you' : null,
        respondedAt: answered ? ago(Math.max(0, age - 2 * HOUR)) : null,
      });
      ids.push(review.id);
    }
    // The other periods' edges: 7 and 14 days, 90 and 180 days ago, either side.
    const periodEdges = [7, 14, 90, 180].flatMap((days) => [days * DAY - HOUR, days * DAY + HOUR]);
    for (const [i, age] of periodEdges.entries()) {
      await createReview(db, owner.id, {
        rating: (i % 5) + 1,
        type: 'private',
        createdAt: ago(age),
        responseContent: i % 2 === 0 ? 'Thank you' : null,
        respondedAt: i % 2 === 0 ? ago(age - 3 * HOUR) : null,
      });
    }
    // Around each boundary of each period (`days` and twice `days` ago): either side of the instant inside its
    // hour, the boundary day's other hours either side, and its first and last minutes; each answered at the
    // same place, so the answers' boundaries are covered too.
    for (const [i, at] of boundaryInstants(now).flatMap(aroundBoundary).entries()) {
      await createReview(db, owner.id, {
        rating: (i % 5) + 1,
        type: (['google', 'private', 'video'] as const)[i % 3],
        createdAt: new Date(at - (i % 2 === 0 ? 3 * HOUR : 0)),
        responseContent: i % 2 === 0 ? 'Thank you' : null,
        respondedAt: i % 2 === 0 ? new Date(at) : null,
      });
    }
    await createReview(db, other.id, { rating: 1, createdAt: ago(DAY) });
    // An import's backlog answered on the site long ago and again here today, and a review that reached us in
    // days but was answered on the site before it arrived: none of their times count in Avg. Response Time; a
    // late one answered here does.
    const backlog = await createReview(db, owner.id, {
      type: 'google',
      createdAt: ago(400 * DAY),
      receivedAt: ago(31 * DAY),
      responseContent: 'Thanks, from the site',
      respondedAt: ago(300 * DAY),
    });
    await createReview(db, owner.id, {
      type: 'google',
      createdAt: ago(12 * DAY),
      receivedAt: ago(6 * DAY),
      responseContent: 'Thanks',
      respondedAt: ago(9 * DAY),
    });
    await createReview(db, owner.id, {
      type: 'google',
      createdAt: ago(33 * DAY),
      receivedAt: ago(30 * DAY + HOUR),
      responseContent: 'Thanks, in time',
      respondedAt: ago(30 * DAY - 2 * HOUR),
    });
    // Facebook recommendations without stars: one imported so, one that turns out to be one.
    await createReview(db, owner.id, {
      type: 'facebook',
      rating: 1,
      recommendation: 'negative',
      createdAt: ago(2 * DAY),
    });

    // A first answer, a blanked answer, a new rating, a review moved to another day, a Google review that
    // turns out to be a video one, and a deletion.
    await db
      .update(reviews)
      .set({ responseContent: 'Thanks!', respondedAt: ago(0) })
      .where(eq(reviews.id, ids[1]!));
    await db.update(reviews).set({ responseContent: '   ' }).where(eq(reviews.id, ids[2]!));
    await db.update(reviews).set({ rating: 5 }).where(eq(reviews.id, ids[3]!));
    await db
      .update(reviews)
      .set({ createdAt: ago(10 * DAY) })
      .where(eq(reviews.id, ids[5]!));
    await db.update(reviews).set({ type: 'video' }).where(eq(reviews.id, ids[0]!));
    await db.update(reviews).set({ recommendation: 'positive', rating: 5 }).where(eq(reviews.id, ids[9]!));
    await db.delete(reviews).where(eq(reviews.id, ids[4]!));
    await db
      .update(reviews)
      .set({ responseContent: 'Answered here at last', respondedAt: ago(0) })
      .where(eq(reviews.id, backlog.id));
    // A review found to have arrived late (received_at alone changes): its answer stops counting.
    await db
      .update(reviews)
      .set({ receivedAt: ago(50 * DAY) })
      .where(eq(reviews.id, ids[6]!));

    const figures = await rollupsAndTruth(database, owner.id);
    const { kept, truth, totals, truthTotals, responsesKept, responsesTruth } = figures;
    const { hourlyKept, hourlyTruth, responsesHourlyKept, responsesHourlyTruth } = figures;
    expect(kept).toEqual(truth);
    expect(totals).toEqual(truthTotals);
    expect(responsesKept).toEqual(responsesTruth);
    expect(responsesTruth.length).toBeGreaterThan(5);
    expect(hourlyKept).toEqual(hourlyTruth);
    expect(hourlyTruth.length).toBeGreaterThan(20);
    expect(responsesHourlyKept).toEqual(responsesHourlyTruth);
    expect(responsesHourlyTruth.length).toBeGreaterThan(10);
    expect(totals).toMatchObject({
      reviews: ages.length + periodEdges.length + 3 + boundaryInstants(now).flatMap(aroundBoundary).length,
      // A third of the 48 around the boundaries each.
      google: 4 + 16,
      facebook: 4,
      video: 3 + 16,
    });

    // The rebuild a bulk load runs (bench/seed.ts) arrives at what the trigger kept.
    await db.execute(sql`select review_daily_stats_rebuild()`);
    expect(await rollupsAndTruth(database, owner.id)).toEqual(figures);

    expect(await repository.distribution(owner.id)).toEqual(
      await repository.liveDistribution(wholeClient(owner.id)),
    );
    for (const days of DASHBOARD_PERIODS) {
      const [rolled, live] = await Promise.all([
        repository.figures(owner.id, days).then((figures) => figures.reviews),
        repository.liveReviewFigures(wholeClient(owner.id), days),
      ]);
      const withoutDays = (figures: typeof rolled) => ({
        ...figures,
        recentResponseDays: 0,
        previousResponseDays: 0,
      });
      expect(withoutDays(rolled), `${days} days`).toEqual(withoutDays(live));
      expect(rolled.recentResponseDays).toBeCloseTo(live.recentResponseDays, 9);
      expect(rolled.previousResponseDays).toBeCloseTo(live.previousResponseDays, 9);
      expect(rolled.last.total).toBeGreaterThan(0);
      expect(rolled.previous.total).toBeGreaterThan(0);
    }
  });

  it('when the hourly rollups are pruned, then the hours before the horizon go and the windows read none of them', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    const longest = Math.max(...DASHBOARD_PERIODS);
    await createReview(db, owner.id, { createdAt: ago(2 * longest * DAY + 30 * DAY) });
    await createReview(db, owner.id, { createdAt: ago(2 * longest * DAY + DAY), rating: 2 });
    await createReview(db, owner.id, { createdAt: ago(2 * longest * DAY - 30 * DAY), rating: 3 });
    const hours = async () =>
      rowsOf<{ rating_sum: number }>(
        await db.execute(
          sql`select rating_sum from review_hourly_stats where owner_id = ${owner.id} order by hour`,
        ),
      ).map((row) => row.rating_sum);
    // The oldest is past the horizon: the trigger keeps no hour of it.
    expect(await hours()).toEqual([2, 3]);

    // Ten days on, the daily task finds the second oldest past it too.
    await createTestBackground(db).schedule(new Date(now + 10 * DAY));

    expect(await hours()).toEqual([3]);
    // The horizon is older than every hour a window reads: the boundary hour twice the longest period ago.
    const [covered] = rowsOf<{ covered: boolean }>(
      await db.execute(sql`
        select review_hourly_horizon(now())
          <= date_trunc('hour', (now() - make_interval(days => ${2 * longest})) at time zone 'UTC') as covered`),
    );
    expect(covered!.covered).toBe(true);
  });

  it('when a client is deleted, then its rollups go with it and deleting does not fail', async () => {
    const db = database.handle.db;
    const owner = await createUser(db);
    await createReview(db, owner.id, { rating: 4 });

    await db.execute(sql`delete from users where id = ${owner.id}`);

    const left = rowsOf(
      await db.execute(sql`
        select 1 from review_daily_stats where owner_id = ${owner.id}
        union all select 1 from review_totals where owner_id = ${owner.id}`),
    );
    expect(left).toHaveLength(0);
  });
});
