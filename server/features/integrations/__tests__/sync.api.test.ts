import { and, eq, sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, locations, notifications, reviews, syncRuns } from '../../../db/schema';
import { createSecretBox } from '../../../lib/crypto';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { facebookRating, startFakeFacebook, type FakeFacebook } from '../../../testing/fake-facebook';
import { googleReview, startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const KEY = 'c'.repeat(64);
const secretBox = createSecretBox(KEY);
const INTERVAL_MS = 30 * 60_000;

describe.each(testDatabaseKinds)('automatic review sync on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let facebook: FakeFacebook;
  let app: Express;
  let background: TestBackground;
  let env: Record<string, string>;
  let nextPage = kind === 'pglite' ? 300_000 : 400_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'client-1', clientSecret: 'secret-1' });
    facebook = await startFakeFacebook({ appId: 'fb-1', appSecret: 'fb-secret' });
    env = {
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-1',
      GOOGLE_CLIENT_SECRET: 'secret-1',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
      FACEBOOK_APP_ID: 'fb-1',
      FACEBOOK_APP_SECRET: 'fb-secret',
      FACEBOOK_API_BASE: facebook.url,
    };
    app = createTestApp(database.handle.db, env);
    background = createTestBackground(database.handle.db, env);
  });
  afterAll(async () => {
    await google?.close();
    await facebook?.close();
    await database?.drop();
  });
  beforeEach(async () => {
    google.requests.length = 0;
    // Each test starts from an empty queue and no runs, so the scheduler sees only this test's clients.
    await db().delete(syncRuns);
    await db().delete(jobs);
    await db().update(locations).set({ googleAccessToken: null, facebookAccessToken: null });
  });

  const db = () => database.handle.db;
  const locationRow = async (id: number) =>
    (await db().select().from(locations).where(eq(locations.id, id)))[0]!;
  const reviewsOf = (ownerId: number) => db().select().from(reviews).where(eq(reviews.ownerId, ownerId));
  const notificationsOf = (ownerId: number) =>
    db().select().from(notifications).where(eq(notifications.ownerId, ownerId)).orderBy(notifications.id);
  const runsOf = (ownerId: number) =>
    db().select().from(syncRuns).where(eq(syncRuns.ownerId, ownerId)).orderBy(syncRuns.id);

  /** A client whose location is connected to a Google location (tokens written as the callback would). */
  async function googleClient(initial = [googleReview(1)]) {
    const user = await createUser(db());
    const account = `sync-${kind}-${user.id}`;
    const googleLocationId = google.addLocation(account, `loc${user.id}`, 'Main Street', initial);
    const accessToken = `ya29-sync-${kind}-${user.id}`;
    const refreshToken = `1//sync-${kind}-${user.id}`;
    google.grant({ accessToken, refreshToken, accounts: [account] });
    const location = await createLocation(db(), user.id, {
      googleLocationId,
      googleAccessToken: secretBox.encrypt(accessToken),
      googleRefreshToken: secretBox.encrypt(refreshToken),
      googleTokenExpiresAt: new Date(Date.now() + 3_600_000),
    });
    return { user, location, googleLocationId };
  }

  it('when the schedule comes round, then each connected client is imported once per interval and a rerun adds nothing', async () => {
    const { user, googleLocationId } = await googleClient([googleReview(1), googleReview(2)]);
    const now = new Date();

    await background.schedule(now);
    await background.schedule(now); // a second process, the same minute
    await background.drain();

    expect(await runsOf(user.id)).toMatchObject([{ trigger: 'schedule', status: 'done', imported: 2 }]);
    expect(await reviewsOf(user.id)).toHaveLength(2);
    // The first import brings the history: it is not news.
    expect(await notificationsOf(user.id)).toEqual([]);

    google.addReview(googleLocationId, googleReview(3, { starRating: 'ONE', comment: 'Cold and late' }));
    await background.schedule(new Date(now.getTime() + INTERVAL_MS));
    await background.drain();
    await background.schedule(new Date(now.getTime() + 2 * INTERVAL_MS));
    await background.drain();

    const runs = await runsOf(user.id);
    expect(runs.map((r) => [r.status, r.imported])).toEqual([
      ['done', 2],
      ['done', 1],
      ['done', 0],
    ]);
    expect(await reviewsOf(user.id)).toHaveLength(3);
    const notes = await notificationsOf(user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'review_negative',
      title: 'New 1-star Google review',
      body: 'Reviewer 3: “Cold and late”',
    });
    const [newest] = await db().select().from(reviews).where(eq(reviews.externalId, 'review-3'));
    expect(notes[0]!.target).toBe(`/reviews?review=${newest!.id}`);
    expect((await locationRow((await reviewsOf(user.id))[0]!.locationId!)).googleSyncedAt).not.toBeNull();
  });

  it('when two servers schedule at the same moment, then each client gets one run', async () => {
    const { user } = await googleClient();
    const other = createTestBackground(db(), env);
    const now = new Date();

    await Promise.all([background.schedule(now), other.schedule(now), background.schedule(now)]);

    const runs = await runsOf(user.id);
    expect(runs).toHaveLength(1);
    const queued = await db().select().from(jobs).where(eq(jobs.queue, 'sync-reviews'));
    expect(queued.filter((j) => (j.payload as { syncRunId: number }).syncRunId === runs[0]!.id)).toHaveLength(
      1,
    );
    await background.drain();
  });

  it('when Google answers 429 with Retry-After, then the run waits exactly that long, then finishes', async () => {
    const { user } = await googleClient([googleReview(5)]);
    google.failNext(/\/reviews$/, 429, 'Quota exceeded', { 'Retry-After': '120' });

    await background.schedule();
    await background.drain();

    const [run] = await runsOf(user.id);
    expect(run).toMatchObject({ status: 'queued', imported: 0 });
    expect(run!.error).toMatch(/Quota exceeded/);
    const [job] = await db()
      .select({ waitSeconds: sql<number>`extract(epoch from ${jobs.runAt} - now())`.mapWith(Number) })
      .from(jobs)
      .where(and(eq(jobs.queue, 'sync-reviews'), eq(jobs.status, 'pending')));
    expect(job!.waitSeconds).toBeGreaterThan(110);
    expect(job!.waitSeconds).toBeLessThanOrEqual(120);

    await background.makeDue();
    await background.drain();
    expect((await runsOf(user.id))[0]).toMatchObject({ status: 'done', imported: 1 });
  });

  it('when Google keeps failing with 5xx, then each retry waits longer and the last attempt fails the run', async () => {
    const { user } = await googleClient([googleReview(6)]);
    const waits: number[] = [];
    await background.schedule();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      google.failNext(/\/reviews$/, 503, 'The service is currently unavailable.');
      await background.drain();
      const [job] = await db()
        .select({
          status: jobs.status,
          wait: sql<number>`extract(epoch from ${jobs.runAt} - now())`.mapWith(Number),
        })
        .from(jobs)
        .where(eq(jobs.queue, 'sync-reviews'));
      if (job!.status === 'pending') waits.push(Math.round(job!.wait / 60));
      await background.makeDue();
    }

    // 2^n minutes after attempt n (the test worker's one-minute backoff base), then the run fails.
    expect(waits).toEqual([2, 4, 8, 16]);
    const [run] = await runsOf(user.id);
    expect(run).toMatchObject({ status: 'failed', imported: 0 });
    expect(run!.error).toMatch(/currently unavailable/);
  });

  it('when the owner revoked Google access, then the location asks to be reconnected and the owner is told once', async () => {
    const { user, location } = await googleClient();
    await db()
      .update(locations)
      .set({ googleTokenExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(locations.id, location.id));
    google.revokeAll();
    const now = new Date();

    await background.schedule(now);
    await background.drain();
    await background.schedule(new Date(now.getTime() + INTERVAL_MS));
    await background.drain();

    expect(await runsOf(user.id)).toMatchObject([{ status: 'failed' }]);
    const row = await locationRow(location.id);
    expect(row.googleReconnectNeededAt).not.toBeNull();
    expect(row.googleSyncError).toMatch(/expired or revoked/);
    const notes = await notificationsOf(user.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'integration_reconnect',
      title: 'Connect Google Business Profile again',
      target: '/settings?tab=integrations',
    });
    const agent = await signedInAgent(app, user);
    const overview = await agent.get('/api/integrations');
    expect(overview.body.locations[0].google).toMatchObject({ reconnectNeeded: true });
    expect((await agent.post('/api/integrations/google/import-reviews')).status).toBe(400);
  });

  it('when a 401 comes back for a token not yet expired, then it is refreshed once and the call retried', async () => {
    const { user, location } = await googleClient([googleReview(8)]);
    google.failNext(/\/reviews$/, 401, 'Request had invalid authentication credentials.');

    await background.schedule();
    await background.drain();

    expect((await runsOf(user.id))[0]).toMatchObject({ status: 'done', imported: 1 });
    expect(google.requestsTo(/^\/token$/)).toHaveLength(1);
    expect(secretBox.decrypt((await locationRow(location.id)).googleAccessToken!)).toMatch(
      /^ya29-refreshed-/,
    );
  });

  it('when storing an import fails midway, then neither its reviews nor their notifications remain', async () => {
    const { user, googleLocationId } = await googleClient([googleReview(1)]);
    await background.schedule();
    await background.drain();
    // A database failure on the notification of the second new review, inside the import's transaction.
    await db().execute(sql`
      create or replace function fail_on_second() returns trigger language plpgsql as $$
      begin
        if new.body like '%second new%' then raise exception 'disk full'; end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger fail_on_second before insert on notifications for each row execute function fail_on_second()`,
    );
    try {
      google.addReview(googleLocationId, googleReview(20, { comment: 'first new' }));
      google.addReview(googleLocationId, googleReview(21, { comment: 'second new' }));
      await background.schedule(new Date(Date.now() + INTERVAL_MS));
      await background.drain();

      expect(await reviewsOf(user.id)).toHaveLength(1);
      expect(await notificationsOf(user.id)).toEqual([]);
      expect((await runsOf(user.id))[1]).toMatchObject({ status: 'queued', imported: 0 });
    } finally {
      await db().execute(sql`drop trigger fail_on_second on notifications`);
    }
  });

  it('when a Facebook page is connected, then its ratings are imported on the schedule too', async () => {
    const user = await createUser(db());
    const pageId = String((nextPage += 1));
    const page = facebook.addPage(pageId, `page${pageId}`, [facebookRating(1), facebookRating(2)]);
    await createLocation(db(), user.id, {
      facebookPageId: pageId,
      facebookAccessToken: secretBox.encrypt(page.token),
    });
    const now = new Date();

    await background.schedule(now);
    await background.drain();
    facebook.addRating(pageId, facebookRating(3, { review_text: 'Lovely staff', rating: 5 }));
    await background.schedule(new Date(now.getTime() + INTERVAL_MS));
    await background.drain();

    expect((await runsOf(user.id)).map((r) => [r.provider, r.status, r.imported])).toEqual([
      ['facebook', 'done', 2],
      ['facebook', 'done', 1],
    ]);
    expect(await notificationsOf(user.id)).toMatchObject([
      { kind: 'review_new', title: 'New 5-star Facebook review', body: 'Fan 3: “Lovely staff”' },
    ]);
  });

  it('when Facebook says the Page token is no longer valid, then the location asks to be reconnected', async () => {
    const user = await createUser(db());
    const pageId = String((nextPage += 1));
    const page = facebook.addPage(pageId, `page${pageId}`, [facebookRating(1)]);
    const location = await createLocation(db(), user.id, {
      facebookPageId: pageId,
      facebookAccessToken: secretBox.encrypt(page.token),
    });
    facebook.revokePageToken(pageId);

    await background.schedule();
    await background.drain();

    expect((await locationRow(location.id)).facebookReconnectNeededAt).not.toBeNull();
    expect(await notificationsOf(user.id)).toMatchObject([
      { kind: 'integration_reconnect', title: 'Connect Facebook again' },
    ]);
  });
});
