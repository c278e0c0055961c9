/** What the seed needs of a database client: `pg.Client`, or a PGlite instance for the embedded bench. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** How much to seed. The full bench is the issue's size; the small one keeps `npm test` quick. */
export interface SeedSize {
  clients: number;
  reviews: number;
  /** Reviews of client 1, the biggest, out of `reviews`. */
  bigClientReviews: number;
  contacts: number;
  requests: number;
}

export const FULL_SEED: SeedSize = {
  clients: 1_000,
  reviews: 1_000_000,
  bigClientReviews: 200_000,
  contacts: 200_000,
  requests: 300_000,
};

/**
 * Ten times the full size (issue 46, `BENCH_SIZE=10m`): 10,000 clients, one holding 2,000,000 reviews, to see
 * how each read's cost grows. About ten minutes to seed on the 2-core machine.
 */
export const TEN_MILLION_SEED: SeedSize = {
  clients: 10_000,
  reviews: 10_000_000,
  bigClientReviews: 2_000_000,
  contacts: 2_000_000,
  requests: 3_000_000,
};

/**
 * The embedded database's bench (BENCH_DATABASE=pglite): a tenth of the full size. PGlite runs Postgres in
 * WebAssembly inside the app's own process, one query at a time; seeding it at full size takes long and is
 * not how anyone would run a client of that size on it.
 */
export const PGLITE_SEED: SeedSize = {
  clients: 100,
  reviews: 100_000,
  bigClientReviews: 20_000,
  contacts: 20_000,
  requests: 30_000,
};

export const SMALL_SEED: SeedSize = {
  clients: 20,
  reviews: 4_000,
  bigClientReviews: 1_000,
  contacts: 800,
  requests: 1_200,
};

const TABLES = [
  'users',
  'locations',
  'contacts',
  'review_requests',
  'reviews',
  'review_daily_stats',
  'review_response_daily_stats',
  'review_hourly_stats',
  'review_response_hourly_stats',
  'review_totals',
];

/** A deterministic token of the link format (base64url, 43 characters) from a label. */
const token = (label: string) =>
  `rtrim(translate(encode(sha256((${label})::bytea), 'base64'), '+/', '-_'), '=')`;

/**
 * Seeds in SQL, a statement per table over generate_series: a million rows take seconds, not the hour that
 * a million round trips would. Secondary indexes are dropped first and built again at the end (one sorted
 * build each instead of a million inserts into each), then the tables are vacuumed and analysed, as after a restore.
 * Every figure is a function of the row number, so two seeds of one size are the same data.
 */
export async function seedDatabase(client: SqlClient, size: SeedSize, passwordHash: string): Promise<void> {
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [TABLES],
  );
  for (const index of indexes) await client.query(`drop index "${index.indexname}"`);

  const others = Math.max(1, size.clients - 1);
  const bigShare = size.clients > 1 ? size.bigClientReviews : size.reviews;
  await client.query('begin');
  // Foreign keys are checked by triggers; the seed makes them hold by construction. Only a superuser may
  // skip them, so elsewhere they are simply checked.
  await client.query('savepoint fk');
  try {
    await client.query(`set local session_replication_role = replica`);
  } catch {
    await client.query('rollback to savepoint fk');
  }
  await client.query(
    `insert into users (email, username, password_hash, first_name, company_name, role, created_at, email_verified_at)
     select 'bench-client-' || g || '@bench.test', 'bench-client-' || g, $1, 'Client ' || g, 'Company ' || g,
            'client', now() - interval '800 days', now() - interval '800 days'
       from generate_series(1, $2::int) g`,
    [passwordHash, size.clients],
  );
  await client.query(`create temp table bench_owner on commit drop as
    select row_number() over (order by id)::int as n, id as user_id from users where email like 'bench-client-%'`);
  await client.query(
    `insert into locations (owner_id, name, address, public_link, google_review_url)
     select user_id, 'Main street ' || n, n || ' Main street', ${token(`'location-' || n`)},
            'https://search.google.com/local/writereview?placeid=bench' || n
       from bench_owner order by n`,
  );
  await client.query(`alter table bench_owner add column location_id int`);
  await client.query(
    `update bench_owner o set location_id = l.id from locations l where l.owner_id = o.user_id`,
  );
  await client.query(`create index on bench_owner (n)`);
  await client.query(`analyze bench_owner`);

  // Client n of a row g: the first `bigShare` reviews are client 1's, the rest go round the others.
  await client.query(
    `insert into reviews (owner_id, location_id, type, rating, content, reviewer_name, created_at, received_at,
                          response_content, responded_at)
     select o.user_id, o.location_id,
            (array['google', 'facebook', 'private', 'google', 'video'])[1 + g % 5],
            1 + (g * 7919) % 5,
            (array['Great service and friendly staff', 'Slow answer but a fair price', 'The team fixed my car quickly',
                   'Would not come back', 'Clean, quick and polite', 'Booked online, smooth visit'])[1 + g % 6]
              || ' #' || g,
            (array['Ann', 'Bob', 'Chloe', 'Dev', 'Emma', 'Femi', 'Gus'])[1 + g % 7] || ' ' || (g % 1000),
            now() - make_interval(secs => (g * 104729) % (730 * 86400)),
            -- Written here, not imported: each answer's time counts in Avg. Response Time.
            now() - make_interval(secs => (g * 104729) % (730 * 86400)),
            case when g % 3 = 0 then 'Thank you for your review!' end,
            case when g % 3 = 0 then now() - make_interval(secs => (g * 104729) % (730 * 86400)) + interval '1 day' end
       from generate_series(1, $1::bigint) g
       join bench_owner o on o.n = case when g <= $2::int then 1 else 2 + g % $3::int end`,
    [size.reviews, bigShare, others],
  );
  await client.query(
    `insert into contacts (owner_id, name, email, phone, created_at, updated_at)
     select o.user_id, 'Customer ' || g, 'customer-' || g || '@bench.test',
            '+4477' || lpad(g::text, 8, '0'),
            now() - make_interval(secs => (g * 7919) % (365 * 86400)),
            now() - make_interval(secs => (g * 7919) % (365 * 86400))
       from generate_series(1, $1::bigint) g
       join bench_owner o on o.n = 1 + g % $2::int`,
    [size.contacts, size.clients],
  );
  // Sent, never queued: the worker has nothing to send, and each link can take its customer's review.
  await client.query(
    `insert into review_requests (owner_id, location_id, method, unique_link, status, created_at, queued_at, sent_at)
     select o.user_id, o.location_id, (array['email', 'sms'])[1 + g % 2], ${token(`'request-' || g`)}, 'sent',
            now() - make_interval(secs => (g * 15485863) % (365 * 86400)),
            now() - make_interval(secs => (g * 15485863) % (365 * 86400)),
            now() - make_interval(secs => (g * 15485863) % (365 * 86400))
       from generate_series(1, $1::bigint) g
       join bench_owner o on o.n = 1 + g % $2::int`,
    [size.requests, size.clients],
  );
  await client.query('commit');

  for (const index of indexes) await client.query(index.indexdef);
  // The rows went in with triggers off (replica role): the dashboard's daily rollups are built in one pass.
  await client.query('select review_daily_stats_rebuild()');
  // Vacuumed too, as autovacuum would soon do: the visibility map lets index-only scans skip the heap, and
  // without it autovacuum would be rewriting hint bits in the middle of the measurements.
  for (const table of TABLES) await client.query(`vacuum (analyze) ${table}`);
  // Written to disk now rather than by a timed checkpoint spread over the measurements. It needs a superuser
  // or pg_checkpoint: a server that refuses it is measured all the same.
  await client
    .query('checkpoint')
    .catch((error: unknown) => console.warn(`[bench] no checkpoint: ${String(error)}`));
}
