import { and, count, desc, eq, ilike, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { REVIEW_FILTERS, REVIEW_PAGE_SIZE, type Review, type ReviewFilter } from '@shared/schemas/reviews';
import type { Database } from '../../db/client';
import { reviewColumns } from '../../db/review-columns';
import { inScope, type Scope } from '../../db/scope';
import { locations, reviewDailyStats, reviewTotals, reviews } from '../../db/schema';
import { integerLiteral } from '../../db/sql-literal';
import type { ReviewCursor } from './review-cursor';
import {
  reviewIsNegative,
  reviewIsPositive,
  reviewIsPrivate,
  reviewIsResponded,
  reviewIsUnresponded,
  reviewReplyWaiting,
} from '../../db/review-predicates';

/**
 * Each filter's count as one of a client's rollup rows answers it exactly: its all-time totals row
 * (review_totals) or one of its days (review_daily_stats), both kept by a trigger in each review's own
 * transaction (server/db/sql/review-figures.sql). The totals row is one row read instead of up to
 * REVIEW_COUNT_CAP index entries (3-5 ms a page for a 200,000-review client on a server, 8-24 ms on the embedded
 * database); the days find a deep page (pageOnItsDay). Private reviews are those of no other source, as
 * reviewIsPrivate says.
 */
function filterCountIn(
  filter: PreparedReviewFilter,
  row: typeof reviewTotals | typeof reviewDailyStats,
): SQL {
  switch (filter) {
    case 'all':
      return sql`${row.reviews}`;
    case 'positive':
      return sql`${row.positive}`;
    case 'negative':
      return sql`(${row.reviews} - ${row.positive})`;
    case 'responded':
      return sql`${row.responded}`;
    case 'unresponded':
      return sql`(${row.reviews} - ${row.responded})`;
    case 'private':
      return sql`(${row.reviews} - ${row.google} - ${row.facebook} - ${row.video})`;
    case 'google':
    case 'facebook':
    case 'video':
      return sql`${row[filter]}`;
  }
}

/**
 * From this offset on, a common page is found by its day (pageOnItsDay) rather than by skipping every review
 * before it: below it, skipping the index entries costs less than summing the client's days.
 */
export const DEEP_PAGE_OFFSET = 1_000;

/**
 * The filters whose pages are prepared statements (their counts are in the totals row). Replies waiting for
 * their site are few, so that filter takes the general path and counts over its own partial index.
 */
export type PreparedReviewFilter = Exclude<ReviewFilter, 'unpublished'>;
export const PREPARED_REVIEW_FILTERS = REVIEW_FILTERS.filter(
  (filter): filter is PreparedReviewFilter => filter !== 'unpublished',
);

export interface ReviewListCriteria {
  filter: ReviewFilter;
  /** Trimmed search text; empty or undefined means no search. */
  q?: string;
  /** A location-limited team member's locations (issue 16); null or undefined: all. */
  locationIds?: number[] | null;
  /** Only this location's reviews (the list's location filter). */
  locationId?: number;
  /** Written from this UTC day (YYYY-MM-DD) to `to`, both included. */
  from?: string;
  to?: string;
  /**
   * The search reads each of the client's reviews over its owner index instead of the trigram indexes: set by
   * the repository for a client with few reviews (searchPlanned).
   */
  searchEveryReview?: boolean;
}

/**
 * Up to this many reviews, a client's search reads every one of them (a few milliseconds) rather than the trigram
 * indexes: within one client the planner cannot tell a common word from a rare one (its estimate is the whole
 * table's), and at 10M reviews it took the owner-first trigram index for a word in a third of the reviews of an
 * 800-review client: 82 ms where reading them took 3. Not much more: a rare word makes the page and the count
 * each read all of them (20,000 took 53 ms a search on the embedded database, where the walk and the lookup of a
 * bigger client take about 9).
 */
export const SEARCH_EVERY_REVIEW_UP_TO = 5_000;

/**
 * A bigger client's search first tests its newest reviews of the list, up to this many (about 3 ms), before any
 * trigram lookup: a common word fills the page within dozens of them, where the lookup reads every match and
 * sorts them for the newest ten (a third of a 2M-review client's for "quick": seconds). A word too rare to fill
 * the page within them, where the lookup is cheap, falls through to it.
 */
export const SEARCH_WALK_ROWS = 2_000;

/**
 * The count of a bigger client's search tests up to this many of its newest reviews when the page's walk says the
 * count's cap is reached within them (a word in a fifth of the reviews or more); otherwise, or when it is not
 * reached, the trigram lookup counts.
 */
export const SEARCH_COUNT_WALK_ROWS = 5_000;

/** A search's criteria. */
type SearchCriteria = ReviewListCriteria & { q: string };

/** Only the reviews of these locations (a location-limited team member); none without a limit. */
function inLocations(locationIds: number[] | null | undefined): SQL | undefined {
  return locationIds ? inArray(reviews.locationId, locationIds) : undefined;
}

/** The reviews of `scope`: the client's, and for a location-limited member those at their locations. */
export const reviewsIn = (scope: Scope): SQL =>
  inScope(scope, { ownerId: reviews.ownerId, locationId: reviews.locationId });

/** A review as stored: the API's Review with its times still Dates. */
export type ReviewRow = Omit<Review, 'createdAt' | 'respondedAt' | 'removedFromSiteAt'> & {
  removedFromSiteAt: Date | null;
  createdAt: Date;
  respondedAt: Date | null;
};

/** A row of the list: the review and its created_at to the microsecond, for the next page's cursor. */
export type ReviewListRow = ReviewRow & { cursorAt: string };

/**
 * Which rows of the newest-first list: an offset (page numbers), or a keyset position (the rows strictly
 * after the cursor's), which walks the index from there instead of reading and skipping every row before it.
 */
export type ReviewListWindow = { limit: number } & ({ offset: number } | { after: ReviewCursor });

/** The list's first page: by number, from the start. */
const isFirstPage = (window: ReviewListWindow) => 'offset' in window && window.offset === 0;

/** `%`, `_` and the escape character itself match literally (LIKE's default escape is the backslash). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filterCondition(filter: ReviewFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    case 'positive':
      return reviewIsPositive;
    case 'negative':
      return reviewIsNegative;
    case 'responded':
      return reviewIsResponded;
    case 'unresponded':
      return reviewIsUnresponded;
    case 'private':
      return reviewIsPrivate;
    case 'google':
    case 'facebook':
    case 'video':
      return eq(reviews.type, filter);
    case 'unpublished':
      return reviewReplyWaiting;
  }
}

/** The list's date range over whole UTC days: from midnight of `from` to before midnight after `to`. */
function writtenBetween(from: string | undefined, to: string | undefined): SQL | undefined {
  return and(
    from ? sql`${reviews.createdAt} >= (${from}::timestamp at time zone 'UTC')` : undefined,
    to ? sql`${reviews.createdAt} < ((${to}::date + 1)::timestamp at time zone 'UTC')` : undefined,
  );
}

/** A value of a list's query, or where a prepared list's query takes it at execution. */
type Param<T> = T | Placeholder;

/**
 * A page size written into a prepared statement's text instead of bound to it. Postgres keeps a prepared
 * statement's generic plan (planned once per connection) only when it costs no more than the plans made with its
 * values; for `limit $n` it guesses a tenth of the client's rows, so with a bound limit every page was planned
 * again (0.1-0.6 ms of Postgres per page). Only the app's own page size (REVIEW_PAGE_SIZE) is written in, so
 * an API caller's other sizes cannot add statements to every connection; they bind theirs.
 */
const pageLimit = (pageSize: number): Placeholder =>
  // drizzle's `.limit()` takes a number, which it binds, or a placeholder; it writes any SQL chunk in as it is.
  integerLiteral(pageSize) as unknown as Placeholder;

/** Each key's value, made on its first use. */
function madeOnFirstUse<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

/** Every condition of a list: always the owner first, so each query starts from an owner-leading index. */
function whereOf(
  ownerId: Param<number>,
  { filter, q, locationIds, locationId, from, to, searchEveryReview }: ReviewListCriteria,
): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(reviews.ownerId, ownerId),
    filterCondition(filter),
    inLocations(locationIds),
    locationId === undefined ? undefined : eq(reviews.locationId, locationId),
    writtenBetween(from, to),
  ];
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      searchEveryReview
        ? // The owner's index serves the query.
          hasWordsOutsideIndexes(reviews, pattern)
        : or(ilike(reviews.content, pattern), ilike(reviews.reviewerName, pattern)),
    );
  }
  return and(...conditions)!;
}

/**
 * The search's test on expressions no trigram index is built on, for reviews read by another index (the owner's):
 * within one client the planner cannot tell a common word from a rare one (see SEARCH_EVERY_REVIEW_UP_TO).
 */
const hasWordsOutsideIndexes = (row: { content: unknown; reviewerName: unknown }, pattern: string) =>
  sql`(coalesce(${row.content}, '') ilike ${pattern} or coalesce(${row.reviewerName}, '') ilike ${pattern})`;

/** Newest first; the id breaks ties so paging is stable (matches reviews_owner_created_idx). */
const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];

/** created_at as exact text (microseconds, UTC), the cursor's half that a JS Date would round. */
const createdAtText = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A list's row: the review, its location's name and the exact time its cursor is made of. */
const listColumns = { ...reviewColumns, cursorAt: createdAtText };

/** A review's location, scoped to the review's owner as well, for safety. */
const ownLocation = and(eq(locations.id, reviews.locationId), eq(locations.ownerId, reviews.ownerId));

/**
 * The rows after a cursor in newest-first order, as one row comparison: with the owner's equality first it is
 * an index condition on every owner-leading (created_at desc, id desc) index, so the scan starts at the cursor.
 */
const afterCursor = (
  cursor: { createdAt: Param<string>; id: Param<number> },
  row: { createdAt: unknown; id: unknown } = reviews,
) => sql`(${row.createdAt}, ${row.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::integer)`;

export function createReviewsRepository(db: Database) {
  const selectReviews = () =>
    db
      .select(reviewColumns)
      .from(reviews)
      // The location's name in the same query (no N+1).
      .leftJoin(locations, ownLocation);

  /**
   * The list's query, unrun (its plan is checked: it must walk an index, never sort the client's reviews,
   * by offset or by keyset). With placeholders for its values it is the statement a common page prepares.
   */
  const listQuery = (
    ownerId: Param<number>,
    criteria: ReviewListCriteria,
    window: { limit: Param<number> } & (
      { offset: Param<number> } | { after: { createdAt: Param<string>; id: Param<number> } }
    ),
  ) => {
    const where = and(whereOf(ownerId, criteria), 'after' in window ? afterCursor(window.after) : undefined);
    if ('offset' in window && window.offset !== 0) return pageAtOffset(where, window.limit, window.offset);
    return db
      .select(listColumns)
      .from(reviews)
      .leftJoin(locations, ownLocation)
      .where(where)
      .orderBy(...newestFirst)
      .limit(window.limit);
  };

  /**
   * A page past the first by offset: the rows skipped are counted in the index alone (an index-only scan),
   * and only the page's own are read from the table and joined to their location. Page 10,000 of the
   * 200,000-review client: 13 ms instead of 73, 570 buffers instead of 100,000.
   */
  const pageAtOffset = (where: SQL | undefined, limit: Param<number>, offset: Param<number>) => {
    const page = db
      .select({ id: reviews.id, createdAt: reviews.createdAt })
      .from(reviews)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset)
      .as('page');
    return db
      .select(listColumns)
      .from(page)
      .innerJoin(reviews, eq(reviews.id, page.id))
      .leftJoin(locations, ownLocation)
      .orderBy(desc(page.createdAt), desc(page.id));
  };

  /**
   * The matching reviews counted one by one, unrun (its plan is checked: it must stop after `upTo` rows): a
   * search's or a location-limited list's count. A common page's count reads the totals row (commonCountQuery).
   */
  const countQuery = (ownerId: number, criteria: ReviewListCriteria, upTo: number) =>
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(reviews)
        .where(whereOf(ownerId, criteria))
        .limit(upTo)
        .as('matching'),
    );

  /**
   * A page of a filter with no search and no location limit (nearly every page asked for), by offset or by
   * keyset, and its count: built and prepared once per process, planned once per connection (issue 13: building
   * the list's SQL on every request was an eighth of the server's time for a page of reviews). Each statement
   * is the list's own query with placeholders, the app's own page size written in (pageLimit); its generic plan
   * is checked as the others are.
   */
  const owner = sql.placeholder('ownerId');
  const cursor = { createdAt: sql.placeholder('afterAt'), id: sql.placeholder('afterId') };

  /**
   * A common page deep by number, found by its day: the client's daily rollup, newest day first, says on which
   * day the page's first review was written and how many of that day's come before it, so only those are
   * skipped, over the filter's index, where a plain offset skips every review before the page (page 10,000 of the
   * 200,000-review client: 100,000 index entries, 139 ms; 2,000,000 at 10M). The rollup is written in each
   * review's own transaction and read in this statement's snapshot: the page is exactly the offset's. Past the
   * last review no day is found and the page is empty.
   */
  const pageOnItsDay = (filter: PreparedReviewFilter, limit: Param<number>, offset: Param<number>) => {
    const perDay = filterCountIn(filter, reviewDailyStats);
    const page = sql`(select p.id, p.created_at
        from (select d.day, ${offset} - (d.through - d.reviews) as skip
                from (select ${reviewDailyStats.day} as day, ${perDay} as reviews,
                             sum(${perDay}) over (order by ${reviewDailyStats.day} desc) as through
                        from ${reviewDailyStats}
                       where ${reviewDailyStats.ownerId} = ${owner}) d
               where d.through > ${offset}
               order by d.day desc
               limit 1) landing
        cross join lateral (
          select ${reviews.id}, ${reviews.createdAt} from ${reviews}
           where ${whereOf(owner, { filter })}
             and ${reviews.createdAt} < ((landing.day + 1)::timestamp at time zone 'UTC')
           order by ${reviews.createdAt} desc, ${reviews.id} desc
           limit ${limit} offset landing.skip) p) page`;
    return db
      .select(listColumns)
      .from(page)
      .innerJoin(reviews, sql`${reviews.id} = page.id`)
      .leftJoin(locations, ownLocation)
      .orderBy(sql`page.created_at desc`, sql`page.id desc`);
  };

  /** A common page's count, read from the client's totals row and bounded at `upTo` as a counted one is. */
  const commonCountQuery = (filter: PreparedReviewFilter) =>
    db
      .select({
        total: sql<number>`least(${filterCountIn(filter, reviewTotals)}, ${sql.placeholder('upTo')})::int`,
      })
      .from(reviewTotals)
      .where(eq(reviewTotals.ownerId, owner));
  /**
   * A common first page with its count as a column of every row: one statement where a page and its count
   * were two (a third of the statements behind a page of reviews, with the session's). Postgres reads the
   * totals row once for the whole statement (an InitPlan), in the page's own snapshot.
   */
  const countedFirstPage = (filter: PreparedReviewFilter, limit: Param<number>) =>
    db
      .select({ ...listColumns, total: sql<number>`(${commonCountQuery(filter)})` })
      .from(reviews)
      .leftJoin(locations, ownLocation)
      .where(whereOf(owner, { filter }))
      .orderBy(...newestFirst)
      .limit(limit);
  /** A common page's statements: with the page size written in (pageLimit), or bound as `limit`. */
  const commonPageQueries = (filter: PreparedReviewFilter, pageSize?: number) => {
    const limit = pageSize === undefined ? sql.placeholder('limit') : pageLimit(pageSize);
    return {
      first: countedFirstPage(filter, limit),
      byOffset: listQuery(owner, { filter }, { limit, offset: sql.placeholder('offset') }),
      onItsDay: pageOnItsDay(filter, limit, sql.placeholder('offset')),
      byCursor: listQuery(owner, { filter }, { limit, after: cursor }),
      count: commonCountQuery(filter),
    };
  };
  const preparePages = (filter: PreparedReviewFilter, pageSize: number | undefined) => {
    const queries = commonPageQueries(filter, pageSize);
    const name = (kind: string) => `reviews_${kind}_${filter}${pageSize === undefined ? '' : `_${pageSize}`}`;
    return {
      first: queries.first.prepare(name('first')),
      byOffset: queries.byOffset.prepare(name('page')),
      onItsDay: queries.onItsDay.prepare(name('deep')),
      byCursor: queries.byCursor.prepare(name('after')),
    };
  };
  const appSizePages = madeOnFirstUse((filter: PreparedReviewFilter) =>
    preparePages(filter, REVIEW_PAGE_SIZE),
  );
  const boundSizePages = madeOnFirstUse((filter: PreparedReviewFilter) => preparePages(filter, undefined));
  /** The statements of a page of `limit` reviews: the app's own page size has its own (see pageLimit). */
  const pagesOf = (filter: PreparedReviewFilter, limit: number) =>
    limit === REVIEW_PAGE_SIZE ? appSizePages(filter) : boundSizePages(filter);
  const countOf = madeOnFirstUse((filter: PreparedReviewFilter) =>
    commonCountQuery(filter).prepare(`reviews_count_${filter}`),
  );
  /** Whether a list takes a prepared statement: a prepared filter and nothing else (no search, no location, no dates). */
  const isCommon = (
    criteria: ReviewListCriteria,
  ): criteria is ReviewListCriteria & { filter: PreparedReviewFilter } =>
    !criteria.q &&
    !criteria.locationIds &&
    criteria.locationId === undefined &&
    !criteria.from &&
    !criteria.to &&
    criteria.filter !== 'unpublished';

  /** A page of the list, without its count (a common first page reads its count with it: `page`). */
  const listRows = (
    ownerId: number,
    criteria: ReviewListCriteria,
    window: ReviewListWindow,
  ): Promise<ReviewListRow[]> => {
    if (!isCommon(criteria)) return listQuery(ownerId, criteria, window);
    const pages = pagesOf(criteria.filter, window.limit);
    return 'after' in window
      ? pages.byCursor.execute({
          ownerId,
          limit: window.limit,
          afterAt: window.after.createdAt,
          afterId: window.after.id,
        })
      : (window.offset < DEEP_PAGE_OFFSET ? pages.byOffset : pages.onItsDay).execute({
          ownerId,
          limit: window.limit,
          offset: window.offset,
        });
  };

  const reviewsOfClient = db
    .select({ reviews: reviewTotals.reviews })
    .from(reviewTotals)
    .where(eq(reviewTotals.ownerId, sql.placeholder('ownerId')))
    .prepare('reviews_of_client');
  /** A search of a client with more than SEARCH_EVERY_REVIEW_UP_TO reviews (see SEARCH_WALK_ROWS). */
  const isBigClientSearch = (criteria: ReviewListCriteria): criteria is SearchCriteria =>
    Boolean(criteria.q) && !criteria.searchEveryReview;
  /** A search's criteria with how it reads the client's reviews (searchEveryReview): by the client's size. */
  const searchPlanned = async (
    ownerId: number,
    criteria: ReviewListCriteria,
  ): Promise<ReviewListCriteria> => {
    if (!criteria.q) return criteria;
    const [totals] = await reviewsOfClient.execute({ ownerId });
    return { ...criteria, searchEveryReview: (totals?.reviews ?? 0) <= SEARCH_EVERY_REVIEW_UP_TO };
  };

  /**
   * The newest reviews of a search's list without its words, up to `rows`, from the cursor if there is one: the
   * rows a bigger client's search tests first (SEARCH_WALK_ROWS). Each carries its place in the walk (`walked`).
   */
  const newestOfList = (ownerId: number, criteria: ReviewListCriteria, rows: number, after?: ReviewCursor) =>
    db
      .select({
        id: reviews.id,
        createdAt: reviews.createdAt,
        content: reviews.content,
        reviewerName: reviews.reviewerName,
        walked: sql<number>`row_number() over (order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as(
          'walked',
        ),
      })
      .from(reviews)
      .where(and(whereOf(ownerId, { ...criteria, q: undefined }), after && afterCursor(after)))
      .orderBy(...newestFirst)
      .limit(rows)
      .as('newest');

  /** A search's page among the list's newest SEARCH_WALK_ROWS reviews (short when they hold too few matches). */
  const walkedPageQuery = (ownerId: number, criteria: SearchCriteria, window: ReviewListWindow) => {
    const newest = newestOfList(
      ownerId,
      criteria,
      SEARCH_WALK_ROWS,
      'after' in window ? window.after : undefined,
    );
    const page = db
      .select({ id: newest.id, createdAt: newest.createdAt, walked: newest.walked })
      .from(newest)
      .where(hasWordsOutsideIndexes(newest, likePattern(criteria.q)))
      .orderBy(desc(newest.createdAt), desc(newest.id))
      .limit(window.limit)
      .offset('offset' in window ? window.offset : 0)
      .as('page');
    return db
      .select({ ...listColumns, walked: page.walked })
      .from(page)
      .innerJoin(reviews, eq(reviews.id, page.id))
      .leftJoin(locations, ownLocation)
      .orderBy(desc(page.createdAt), desc(page.id));
  };

  /** A search's matches among the list's newest SEARCH_COUNT_WALK_ROWS reviews, no more than `upTo`. */
  const walkedCountQuery = (ownerId: number, criteria: SearchCriteria, upTo: number) => {
    const newest = newestOfList(ownerId, criteria, SEARCH_COUNT_WALK_ROWS);
    return db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(newest)
        .where(hasWordsOutsideIndexes(newest, likePattern(criteria.q)))
        .limit(upTo)
        .as('matching'),
    );
  };

  /**
   * A bigger client's search page found among the list's newest SEARCH_WALK_ROWS reviews, if they hold it; with
   * whether the count's cap `upTo` is likely reached within SEARCH_COUNT_WALK_ROWS of them, at the word's rate.
   */
  const walkedSearchPage = async (ownerId: number, criteria: SearchCriteria, window: ReviewListWindow) => {
    const walked = await walkedPageQuery(ownerId, criteria, window);
    if (walked.length < window.limit) return undefined;
    const matched = window.limit + ('offset' in window ? window.offset : 0);
    const rowsPerMatch = Number(walked.at(-1)!.walked) / matched;
    return {
      rows: walked.map(({ walked: _walked, ...row }) => row),
      capLikelyWalked: (upTo: number) => upTo * rowsPerMatch <= SEARCH_COUNT_WALK_ROWS,
    };
  };

  /**
   * A bigger client's search page found through the trigram indexes, with how many reviews match, no more than
   * `upTo`, as a column of every row: the matches are looked up once for both, where a page and its count each
   * looked them up (a rare name in the 2M-review client: 3,143 matches, 33 ms a search at a steady rate with
   * both). The page has to read every match anyway, to sort them newest first, so counting them all costs
   * nothing more; the count's own cap let it stop at `upTo` but not before the lookup itself.
   */
  const lookedUpPageQuery = (
    ownerId: number,
    criteria: SearchCriteria,
    window: ReviewListWindow,
    upTo: number,
  ) => {
    // Read twice below, so Postgres runs it once and keeps its rows (a CTE used twice is not inlined).
    const matches = db
      .$with('matches')
      .as(
        db
          .select({ id: reviews.id, createdAt: reviews.createdAt })
          .from(reviews)
          .where(whereOf(ownerId, criteria)),
      );
    const page = db
      .select({ id: matches.id, createdAt: matches.createdAt })
      .from(matches)
      .where('after' in window ? afterCursor(window.after, matches) : undefined)
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(window.limit)
      .offset('offset' in window ? window.offset : 0)
      .as('page');
    return db
      .with(matches)
      .select({
        ...listColumns,
        total: sql<number>`(select least(count(*), ${upTo})::int from ${matches})`,
      })
      .from(page)
      .innerJoin(reviews, eq(reviews.id, page.id))
      .leftJoin(locations, ownLocation)
      .orderBy(desc(page.createdAt), desc(page.id));
  };

  /**
   * A bigger client's search page and count by the trigram lookup (lookedUpPageQuery). A page past the first that
   * comes back empty says nothing of the matches before it: those are counted on their own.
   */
  const lookedUpSearchPage = async (
    ownerId: number,
    criteria: SearchCriteria,
    window: ReviewListWindow,
    upTo: number,
  ) => {
    const counted = await lookedUpPageQuery(ownerId, criteria, window, upTo);
    if (counted.length === 0 && !isFirstPage(window)) {
      return { rows: [], total: await countMatching(ownerId, criteria, upTo) };
    }
    return { rows: counted.map(({ total: _total, ...row }) => row), total: counted[0]?.total ?? 0 };
  };

  /**
   * A bigger client's search count, no more than `upTo`: over the list's newest SEARCH_COUNT_WALK_ROWS reviews
   * when the cap is likely reached within them, else, or when it is not, by the trigram lookup.
   */
  const searchCount = async (
    ownerId: number,
    criteria: SearchCriteria,
    upTo: number,
    capLikelyWalked: boolean,
  ) => {
    if (capLikelyWalked) {
      const [walked] = await walkedCountQuery(ownerId, criteria, upTo);
      if ((walked?.total ?? 0) >= upTo) return upTo;
    }
    return countMatching(ownerId, criteria, upTo);
  };

  /**
   * How many reviews match, no more than `upTo`: a common page reads the client's totals row; a search or a
   * location limit counts at most `upTo` index entries.
   */
  const countMatching = async (
    ownerId: number,
    criteria: ReviewListCriteria,
    upTo: number,
  ): Promise<number> => {
    const [row] = isCommon(criteria)
      ? await countOf(criteria.filter).execute({ ownerId, upTo })
      : await countQuery(ownerId, criteria, upTo);
    return row?.total ?? 0;
  };

  return {
    /** The review, if it is this owner's and has a video: who may watch it. */
    async findOwnedVideoReview(scope: Scope, reviewId: number) {
      const [row] = await db
        .select({ id: reviews.id, ownerId: reviews.ownerId })
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), reviewsIn(scope), sql`${reviews.videoUrl} is not null`));
      return row;
    },
    listQuery,
    countQuery,
    /** A bigger client's search over its newest reviews, unrun (for their plans' test). */
    walkedPageQuery,
    walkedCountQuery,
    /** A bigger client's search page and count by the trigram lookup, unrun (for its plan's test). */
    lookedUpPageQuery,

    /** The statements a common page prepares, unrun, with their placeholders (for their plans' test). */
    commonPageQueries,

    /**
     * A page of the list and how many reviews match it, no more than `upTo`. A common first page (the page
     * nearly every view asks for) reads both in one statement: an empty one means none match. Any other page
     * reads its rows and its count at once.
     */
    async page(
      ownerId: number,
      criteria: ReviewListCriteria,
      window: ReviewListWindow,
      upTo: number,
    ): Promise<{ rows: ReviewListRow[]; total: number }> {
      if (isCommon(criteria) && isFirstPage(window)) {
        const counted = await pagesOf(criteria.filter, window.limit).first.execute({
          ownerId,
          limit: window.limit,
          upTo,
        });
        return { rows: counted.map(({ total: _total, ...row }) => row), total: counted[0]?.total ?? 0 };
      }
      const planned = await searchPlanned(ownerId, criteria);
      if (isBigClientSearch(planned)) {
        const walked = await walkedSearchPage(ownerId, planned, window);
        if (walked) {
          const total = await searchCount(ownerId, planned, upTo, walked.capLikelyWalked(upTo));
          return { rows: walked.rows, total };
        }
        return lookedUpSearchPage(ownerId, planned, window, upTo);
      }
      const [rows, total] = await Promise.all([
        listRows(ownerId, planned, window),
        countMatching(ownerId, planned, upTo),
      ]);
      return { rows, total };
    },

    /**
     * The export's rows, newest first, `batch` at a time by keyset: the rows strictly after the last batch's
     * last. The cursor is compared in SQL against the row's own timestamp, so microseconds never get lost in a
     * JS Date. A search is planned once for the whole export.
     */
    async *exportBatches(
      ownerId: number,
      criteria: ReviewListCriteria,
      batch: number,
    ): AsyncGenerator<ReviewRow[]> {
      const where = whereOf(ownerId, await searchPlanned(ownerId, criteria));
      let afterId: number | undefined;
      for (;;) {
        const after =
          afterId === undefined
            ? undefined
            : sql`(${reviews.createdAt}, ${reviews.id}) < (select r.created_at, r.id from reviews r where r.id = ${afterId})`;
        const rows = await selectReviews()
          .where(and(where, after))
          .orderBy(...newestFirst)
          .limit(batch);
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        afterId = rows.at(-1)!.id;
      }
    },

    /**
     * Reviews whose customer raised their rating after the reply (issue 47, item 2), newest reply first, the
     * first `limit` and how many in all: both read the partial index of such rows only.
     */
    async roseAfterReply(scope: Scope, limit: number): Promise<{ rows: ReviewRow[]; count: number }> {
      const rose = and(reviewsIn(scope), sql`${reviews.rating} > ${reviews.ratingAtReply}`);
      const [rows, [counted]] = await Promise.all([
        selectReviews()
          .where(rose)
          .orderBy(sql`${reviews.respondedAt} desc nulls first`, sql`${reviews.id} desc nulls first`)
          .limit(limit),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(reviews)
          .where(rose),
      ]);
      return { rows, count: counted?.count ?? 0 };
    },

    async findById(scope: Scope, id: number): Promise<ReviewRow | undefined> {
      const [row] = await selectReviews().where(and(reviewsIn(scope), eq(reviews.id, id)));
      return row;
    },

    async exists(ownerId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.ownerId, ownerId), eq(reviews.id, id)));
      return Boolean(row);
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
