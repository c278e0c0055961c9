import { eq, sql } from 'drizzle-orm';
import type { Express } from 'express';
import type TestAgent from 'supertest/lib/agent';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_NOT_CONNECTED } from '@shared/schemas/integrations';
import { REVIEW_ALREADY_ANSWERED } from '@shared/schemas/reviews';
import { locations, reviews } from '../../../db/schema';
import { createSecretBox } from '../../../lib/crypto';
import { DatabaseSessionStore } from '../../../lib/session-store';
import { createLocation, createReview, createUser, signedInAgent } from '../../../testing/factories';
import {
  startFakeGoogle,
  googleReview,
  type FakeGoogle,
  type GrantOptions,
} from '../../../testing/fake-google';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { clientFor } from '../../../testing/server-process';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const KEY = 'a'.repeat(64);
const secretBox = createSecretBox(KEY);
const BASE = 'http://app.test';
const REDIRECT_URI = `${BASE}/api/integrations/google/callback`;

describe.each(testDatabaseKinds)('Google Business Profile integration on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let app: Express;
  let background: TestBackground;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'client-123', clientSecret: 'secret-456' });
    const env = {
      PUBLIC_BASE_URL: BASE,
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'client-123',
      GOOGLE_CLIENT_SECRET: 'secret-456',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
    };
    app = createTestApp(database.handle.db, env);
    background = createTestBackground(database.handle.db, env);
  });
  afterAll(async () => {
    await google?.close();
    await database?.drop();
  });
  beforeEach(() => {
    google.requests.length = 0;
    google.maxPageSize = 50;
  });

  const db = () => database.handle.db;
  const locationRow = async (id: number) =>
    (await db().select().from(locations).where(eq(locations.id, id)))[0]!;

  /** A client with one location and a signed-in agent. */
  async function signedInClient(locationName = 'Main Street') {
    const user = await createUser(db());
    const location = await createLocation(db(), user.id, { name: locationName, googlePlaceId: 'ChIJplace' });
    return { user, location, agent: await signedInAgent(app, user) };
  }

  /** Asks for an import (queued, 202), runs the queue, and answers the finished run. */
  async function importNow(agent: TestAgent, prefix = '/api') {
    const queued = await agent.post(`${prefix}/integrations/google/import-reviews`);
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({
      provider: 'google',
      trigger: 'manual',
      status: 'queued',
      imported: 0,
    });
    await background.drain();
    const run = await agent.get(`${prefix}/integrations/sync-runs/${queued.body.id}`);
    expect(run.status).toBe(200);
    return run.body as { id: number; status: string; imported: number; error: string | null };
  }

  /** Runs the consent round trip: connect, "Google" issues a code, the browser comes back. */
  async function connect(agent: TestAgent, locationId: number, grant: GrantOptions = {}, prefix = '/api') {
    const start = await agent.get(`${prefix}/integrations/google/connect?locationId=${locationId}`);
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.location!);
    const code = google.issueCode(consent.searchParams.get('redirect_uri')!, grant);
    const state = consent.searchParams.get('state')!;
    return agent.get('/api/integrations/google/callback').query({ code, state });
  }

  /** A client whose location is connected to a fresh Google location with these reviews. */
  async function connectedClient(googleReviews = [googleReview(1)]) {
    const client = await signedInClient();
    const googleLocationId = google.addLocation(
      `acct${client.user.id}`,
      `loc${client.location.id}`,
      'Main Street',
      googleReviews,
    );
    const accessToken = `ya29-${client.user.id}-${kind}`;
    const callback = await connect(client.agent, client.location.id, {
      accessToken,
      accounts: [`acct${client.user.id}`],
    });
    expect(callback.headers.location).toBe('/settings?tab=integrations&connected=google');
    return { ...client, googleLocationId, accessToken };
  }

  describe('GET /api/integrations/google/connect', () => {
    it('when Google is configured, then it redirects to the consent screen with offline access and a state', async () => {
      const { agent, location } = await signedInClient();

      const res = await agent.get(`/api/integrations/google/connect?locationId=${location.id}`);

      expect(res.status).toBe(302);
      const url = new URL(res.headers.location!);
      expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: 'client-123',
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: 'https://www.googleapis.com/auth/business.manage',
        access_type: 'offline',
        prompt: 'consent',
      });
      expect(url.searchParams.get('state')).toMatch(/^v1\./);
    });

    it('when Google is not configured, then it redirects to /oauth-error with not_configured', async () => {
      const user = await createUser(db());
      const location = await createLocation(db(), user.id);
      const bare = createTestApp(db(), { PUBLIC_BASE_URL: BASE });
      const agent = await signedInAgent(bare, user);

      const res = await agent.get(`/api/integrations/google/connect?locationId=${location.id}`);

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/oauth-error?provider=google&reason=not_configured');
      expect((await agent.get('/api/integrations')).body).toMatchObject({ googleConfigured: false });
    });

    it("when the location is another client's, then it answers 404", async () => {
      const { agent } = await signedInClient();
      const other = await signedInClient();

      const res = await agent.get(`/api/integrations/google/connect?locationId=${other.location.id}`);

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Location not found', code: 'not_found' });
    });

    it('when signed out, then it answers 401', async () => {
      const res = await (await import('supertest')).default(app).get('/api/integrations/google/connect');
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/integrations/google/callback', () => {
    it('when the state was tampered with, then it lands on /oauth-error with invalid_state and stores nothing', async () => {
      const { agent, location } = await signedInClient();
      const start = await agent.get(`/api/integrations/google/connect?locationId=${location.id}`);
      const state = new URL(start.headers.location!).searchParams.get('state')!;
      const tampered = `${state.slice(0, -4)}${state.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;

      const res = await agent
        .get('/api/integrations/google/callback')
        .query({ code: google.issueCode(REDIRECT_URI), state: tampered });

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/oauth-error?provider=google&reason=invalid_state');
      expect((await locationRow(location.id)).googleAccessToken).toBeNull();
      expect(google.requestsTo(/^\/token$/)).toHaveLength(0);
    });

    it('when the state was issued to another session, then it is refused', async () => {
      const first = await signedInClient();
      const start = await first.agent.get(`/api/integrations/google/connect?locationId=${first.location.id}`);
      const state = new URL(start.headers.location!).searchParams.get('state')!;
      const otherSession = await signedInAgent(app, first.user);

      const res = await otherSession
        .get('/api/integrations/google/callback')
        .query({ code: google.issueCode(REDIRECT_URI), state });

      expect(res.headers.location).toBe('/oauth-error?provider=google&reason=invalid_state');
    });

    it('when a state is used twice, then the second callback does nothing new and leads where the first did', async () => {
      const { agent, location } = await signedInClient();
      const start = await agent.get(`/api/integrations/google/connect?locationId=${location.id}`);
      const state = new URL(start.headers.location!).searchParams.get('state')!;
      google.addLocation(`once${location.id}`, `l${location.id}`, 'Main Street');
      const first = await agent
        .get('/api/integrations/google/callback')
        .query({ code: google.issueCode(REDIRECT_URI, { accounts: [`once${location.id}`] }), state });
      expect(first.headers.location).toBe('/settings?tab=integrations&connected=google');

      const exchanges = google.requestsTo(/^\/token$/).length;
      const again = await agent
        .get('/api/integrations/google/callback')
        .query({ code: google.issueCode(REDIRECT_URI), state });

      // A browser retrying the callback sees the same result; no second code is exchanged.
      expect(again.headers.location).toBe('/settings?tab=integrations&connected=google');
      expect(google.requestsTo(/^\/token$/)).toHaveLength(exchanges);
      // Another session replaying that state is refused.
      const stranger = await signedInAgent(app, (await signedInClient()).user);
      const replay = await stranger
        .get('/api/integrations/google/callback')
        .query({ code: google.issueCode(REDIRECT_URI), state });
      expect(replay.headers.location).toBe('/oauth-error?provider=google&reason=invalid_state');
    });

    it('when the browser follows the redirect at once, then the callback finds the flow, however slow the session store', async () => {
      const user = await createUser(db());
      const location = await createLocation(db(), user.id, { name: 'Main Street' });
      google.addLocation(`quick${location.id}`, `l${location.id}`, 'Main Street');
      // Every session write lands 100 ms late, as on a busy database server.
      const write = DatabaseSessionStore.prototype.set;
      const slowWrites = vi.spyOn(DatabaseSessionStore.prototype, 'set').mockImplementation(function (
        this: DatabaseSessionStore,
        ...args
      ) {
        setTimeout(() => write.apply(this, args), 100);
      });
      const server = app.listen(0, '127.0.0.1');
      try {
        await once(server, 'listening');
        const api = clientFor(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        const signIn = await api('POST', '/api/login', { email: user.email, password: user.password });
        expect(signIn.status).toBe(200);
        const cookie = api.cookie();

        // fetch answers as soon as the headers arrive, as a browser follows a redirect.
        const get = (path: string) =>
          fetch(`${api.base}${path}`, { redirect: 'manual', headers: { cookie } });
        const consent = new URL(
          (await get(`/api/integrations/google/connect?locationId=${location.id}`)).headers.get('location')!,
        );
        const code = google.issueCode(REDIRECT_URI, { accounts: [`quick${location.id}`] });
        const params = new URLSearchParams({ code, state: consent.searchParams.get('state')! });
        const callback = await get(`/api/integrations/google/callback?${params}`);
        // The browser retries the callback as soon as it has its answer (a kept-alive connection closed).
        const retried = await get(`/api/integrations/google/callback?${params}`);

        expect(callback.headers.get('location')).toBe('/settings?tab=integrations&connected=google');
        expect(retried.headers.get('location')).toBe('/settings?tab=integrations&connected=google');
        expect(google.requestsTo(/^\/token$/)).toHaveLength(1);
      } finally {
        slowWrites.mockRestore();
        server.closeAllConnections();
        server.close();
      }
    });

    it('when the user declined, then it lands on /oauth-error with access_denied', async () => {
      const { agent, location } = await signedInClient();
      const start = await agent.get(`/api/integrations/google/connect?locationId=${location.id}`);
      const state = new URL(start.headers.location!).searchParams.get('state')!;

      const res = await agent
        .get('/api/integrations/google/callback')
        .query({ error: 'access_denied', state });

      expect(res.headers.location).toBe('/oauth-error?provider=google&reason=access_denied');
    });

    it('when the consent succeeds, then the tokens are stored encrypted and never answered', async () => {
      const { agent, location, user } = await signedInClient();
      const googleLocationId = google.addLocation(
        `acct-store-${user.id}`,
        `loc-store-${user.id}`,
        'Anything',
      );

      const res = await connect(agent, location.id, {
        accessToken: 'ya29-raw-access',
        refreshToken: '1//raw-refresh',
        accounts: [`acct-store-${user.id}`],
      });

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/settings?tab=integrations&connected=google');
      const [exchange] = google.requestsTo(/^\/token$/);
      expect(exchange!.body).toMatchObject({
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT_URI,
        client_id: 'client-123',
        client_secret: 'secret-456',
      });
      const row = await locationRow(location.id);
      expect(row.googleLocationId).toBe(googleLocationId);
      expect(JSON.stringify(row)).not.toMatch(/ya29-raw-access|1\/\/raw-refresh/);
      expect(secretBox.decrypt(row.googleAccessToken!)).toBe('ya29-raw-access');
      expect(secretBox.decrypt(row.googleRefreshToken!)).toBe('1//raw-refresh');
      expect(row.googleTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
      const overview = await agent.get('/api/integrations');
      const unused = { reconnectNeeded: false, lastSyncAt: null, lastSyncError: null };
      expect(overview.body).toEqual({
        googleConfigured: true,
        facebookConfigured: false,
        syncIntervalMinutes: 30,
        locations: [
          {
            locationId: location.id,
            locationName: 'Main Street',
            google: { connected: true, locationId: googleLocationId, tokenStored: true, ...unused },
            facebook: { connected: false, pageId: null, tokenStored: false, ...unused },
          },
        ],
      });
      expect(JSON.stringify(overview.body)).not.toMatch(/ya29|refresh|v1\./);
    });

    it('when the account has several locations, then the one titled like ours is chosen, else none with a reason', async () => {
      const titled = await signedInClient('Harbour Cafe');
      google.addLocation(`multi-${titled.user.id}`, 'a1', 'Old Town Cafe');
      const wanted = google.addLocation(`multi-${titled.user.id}`, 'a2', 'harbour cafe');

      await connect(titled.agent, titled.location.id, { accounts: [`multi-${titled.user.id}`] });
      expect((await locationRow(titled.location.id)).googleLocationId).toBe(wanted);

      // The same Google user's two locations: none is named "Nowhere".
      const unmatched = await signedInClient('Nowhere');
      const res = await connect(unmatched.agent, unmatched.location.id, {
        accounts: [`multi-${titled.user.id}`],
      });
      expect(res.headers.location).toBe('/settings?tab=integrations&connected=google&reason=choose_location');
      const row = await locationRow(unmatched.location.id);
      expect(row.googleLocationId).toBeNull();
      expect(row.googleAccessToken).not.toBeNull();
    });
  });

  describe('POST /api/integrations/google/import-reviews', () => {
    it('when reviews span several pages, then every review is imported once and a second import adds none', async () => {
      const all = [
        googleReview(1, { starRating: 'FIVE', comment: 'Superb coffee' }),
        googleReview(2, {
          starRating: 'TWO',
          reviewReply: { comment: 'Sorry!', updateTime: '2024-02-01T00:00:00Z' },
        }),
        googleReview(3, { starRating: 'FOUR' }),
        googleReview(4, { starRating: 'ONE', comment: undefined }),
        googleReview(5, { starRating: 'THREE' }),
      ];
      const { agent, user, location, accessToken } = await connectedClient(all);
      google.maxPageSize = 2;

      const run = await importNow(agent);

      expect(run).toMatchObject({ status: 'done', imported: 5, error: null });
      const listCalls = google.requestsTo(/\/reviews$/);
      expect(listCalls).toHaveLength(3);
      expect(listCalls.every((r) => r.authorization === `Bearer ${accessToken}`)).toBe(true);
      expect(listCalls[0]!.query).toEqual({ pageSize: '50' });
      expect(listCalls[1]!.query.pageToken).toBeTruthy();
      const rows = await db()
        .select()
        .from(reviews)
        .where(eq(reviews.ownerId, user.id))
        .orderBy(reviews.externalId);
      expect(rows.map((r) => [r.externalId, r.type, r.rating, r.locationId])).toEqual([
        ['review-1', 'google', 5, location.id],
        ['review-2', 'google', 2, location.id],
        ['review-3', 'google', 4, location.id],
        ['review-4', 'google', 1, location.id],
        ['review-5', 'google', 3, location.id],
      ]);
      expect(rows[0]).toMatchObject({
        content: 'Superb coffee',
        reviewerName: 'Reviewer 1',
        sourceUrl: 'https://search.google.com/local/reviews?placeid=ChIJplace',
        responseContent: null,
      });
      expect(rows[0]!.createdAt.toISOString()).toBe(all[0]!.createTime);
      expect(rows[1]).toMatchObject({ responseContent: 'Sorry!' });
      expect(rows[1]!.respondedAt!.toISOString()).toBe('2024-02-01T00:00:00.000Z');
      expect(rows[3]!.content).toBe('');

      expect(rows[1]).toMatchObject({ responsePublishedTo: 'google' });
      expect(rows[0]).toMatchObject({ responsePublishedTo: null });

      expect(await importNow(agent)).toMatchObject({ status: 'done', imported: 0 });
      all[2]!.comment = 'Edited on Google';
      expect(await importNow(agent)).toMatchObject({ status: 'done', imported: 1 });
      const [{ count }] = (await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(reviews)
        .where(eq(reviews.ownerId, user.id))) as [{ count: number }];
      expect(count).toBe(5);
    });

    it('when no location is connected, then it answers 400 with the connect message', async () => {
      const { agent } = await signedInClient();

      const res = await agent.post('/api/integrations/google/import-reviews');

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: IMPORT_NOT_CONNECTED.google, code: 'bad_request' });
    });

    it('when the access token has expired, then it is refreshed before the call and stored again', async () => {
      const user = await createUser(db());
      const googleLocationId = google.addLocation(`exp${user.id}`, `l${user.id}`, 'X', [googleReview(7)]);
      google.grant({
        accessToken: 'ya29-stale',
        refreshToken: '1//still-good',
        expiresInMs: -1000,
        accounts: [`exp${user.id}`],
      });
      const location = await createLocation(db(), user.id, {
        googleLocationId,
        googleAccessToken: secretBox.encrypt('ya29-stale'),
        googleRefreshToken: secretBox.encrypt('1//still-good'),
        googleTokenExpiresAt: new Date(Date.now() - 60_000),
      });
      const agent = await signedInAgent(app, user);

      expect(await importNow(agent)).toMatchObject({ status: 'done', imported: 1 });
      const [refresh] = google.requestsTo(/^\/token$/);
      expect(refresh!.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: '1//still-good' });
      expect(google.requests.some((r) => r.authorization === 'Bearer ya29-stale')).toBe(false);
      const row = await locationRow(location.id);
      expect(secretBox.decrypt(row.googleAccessToken!)).toMatch(/^ya29-refreshed-/);
      expect(secretBox.decrypt(row.googleRefreshToken!)).toBe('1//still-good');
      expect(row.googleTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    });

    it('when the stored token cannot be opened (key changed), then the location asks to be connected again', async () => {
      const user = await createUser(db());
      const location = await createLocation(db(), user.id, {
        googleLocationId: 'accounts/1/locations/2',
        googleAccessToken: 'sealed-under-another-key',
        googleTokenExpiresAt: new Date(Date.now() + 3_600_000),
      });
      const agent = await signedInAgent(app, user);

      const run = await importNow(agent);

      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/Connect Google Business Profile again/);
      expect(google.requests).toHaveLength(0);
      expect((await locationRow(location.id)).googleReconnectNeededAt).not.toBeNull();
      const overview = await agent.get('/api/integrations');
      expect(overview.body.locations[0].google).toMatchObject({ connected: true, reconnectNeeded: true });
      const again = await agent.post('/api/integrations/google/import-reviews');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: IMPORT_NOT_CONNECTED.google, code: 'bad_request' });
    });

    it('when Google fails, then the import waits for a retry with their message and imports nothing yet', async () => {
      const { agent, user } = await connectedClient([googleReview(1)]);
      google.failNext(/\/reviews$/, 500, 'Internal error encountered.');

      const run = await importNow(agent);

      expect(run).toMatchObject({
        status: 'queued',
        imported: 0,
        error: 'Google did not answer: Internal error encountered. (trying again shortly)',
      });
      expect(await db().select().from(reviews).where(eq(reviews.ownerId, user.id))).toHaveLength(0);

      await background.makeDue();
      await background.drain();
      const after = await agent.get(`/api/integrations/sync-runs/${run.id}`);
      expect(after.body).toMatchObject({ status: 'done', imported: 1, error: null });
    });

    it('when an import is under way, then asking again answers the same run', async () => {
      const { agent } = await connectedClient([googleReview(1)]);

      const first = await agent.post('/api/integrations/google/import-reviews');
      const second = await agent.post('/api/integrations/google/import-reviews');

      expect(first.status).toBe(202);
      expect(second.status).toBe(200);
      expect(second.body.id).toBe(first.body.id);
      await background.drain();
    });

    it("when the run is another client's, then reading it answers 404", async () => {
      const { agent } = await connectedClient([googleReview(1)]);
      const stranger = await signedInClient();
      const queued = await agent.post('/api/integrations/google/import-reviews');
      await background.drain();

      const res = await stranger.agent.get(`/api/integrations/sync-runs/${queued.body.id}`);

      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Import not found', code: 'not_found' });
    });
  });

  describe('POST /api/integrations/google/reply/:id', () => {
    async function importedReview() {
      const client = await connectedClient([googleReview(11, { starRating: 'FOUR' })]);
      await importNow(client.agent);
      const [review] = await db().select().from(reviews).where(eq(reviews.ownerId, client.user.id));
      return { ...client, review: review! };
    }

    it('when the review came from Google, then the reply reaches Google and the review is responded', async () => {
      const { agent, review, googleLocationId, accessToken } = await importedReview();

      const res = await agent
        .post(`/api/integrations/google/reply/${review.id}`)
        .send({ reply: '  Thank you!  ' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: review.id, responseContent: 'Thank you!' });
      const [put] = google.requestsTo(/\/reply$/);
      expect(put).toMatchObject({
        method: 'PUT',
        path: `/v4/${googleLocationId}/reviews/review-11/reply`,
        authorization: `Bearer ${accessToken}`,
        body: { comment: 'Thank you!' },
      });
      const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
      expect(row!.responseContent).toBe('Thank you!');
      expect(row!.respondedAt).not.toBeNull();

      const again = await agent.post(`/api/integrations/google/reply/${review.id}`).send({ reply: 'Again' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: REVIEW_ALREADY_ANSWERED, code: 'conflict' });
      expect(google.requestsTo(/\/reply$/)).toHaveLength(1);
    });

    it('when Google fails, then it answers 502 JSON and the review stays unanswered', async () => {
      const { agent, review } = await importedReview();
      google.failNext(/\/reply$/, 500, 'Backend Error');

      const res = await agent.post(`/api/integrations/google/reply/${review.id}`).send({ reply: 'Thanks' });

      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'Google did not answer: Backend Error', code: 'upstream_failed' });
      const [row] = await db().select().from(reviews).where(eq(reviews.id, review.id));
      expect(row!.responseContent).toBeNull();
    });

    it("when the review is another client's, then it answers 404 and nothing reaches Google", async () => {
      const { review } = await importedReview();
      const stranger = await signedInClient();

      const res = await stranger.agent
        .post(`/api/integrations/google/reply/${review.id}`)
        .send({ reply: 'Hi' });

      expect(res.status).toBe(404);
      expect(google.requestsTo(/\/reply$/)).toHaveLength(0);
    });

    it('when the review is not a Google one or the reply is empty, then it answers 400', async () => {
      const { agent, user } = await signedInClient();
      const privateReview = await createReview(db(), user.id, { type: 'private' });
      const unimported = await createReview(db(), user.id, { type: 'google' });

      const wrongType = await agent
        .post(`/api/integrations/google/reply/${privateReview.id}`)
        .send({ reply: 'Hi' });
      const noExternal = await agent
        .post(`/api/integrations/google/reply/${unimported.id}`)
        .send({ reply: 'Hi' });
      const empty = await agent
        .post(`/api/integrations/google/reply/${unimported.id}`)
        .send({ reply: '   ' });

      expect(wrongType.status).toBe(400);
      expect(wrongType.body.message).toBe('Only Google reviews can be answered on Google.');
      expect(noExternal.status).toBe(400);
      expect(noExternal.body.message).toMatch(/not imported from Google/);
      expect(empty.status).toBe(400);
      expect(empty.body.details).toEqual({ reply: ['Please enter a response'] });
    });
  });

  describe('DELETE /api/integrations/google', () => {
    it('when disconnecting, then the tokens are cleared and the grant is revoked at Google', async () => {
      const { agent, location } = await connectedClient();
      const refreshToken = secretBox.decrypt((await locationRow(location.id)).googleRefreshToken!);

      const res = await agent.delete(`/api/integrations/google?locationId=${location.id}`);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ disconnected: 1 });
      expect(google.revoked).toContain(refreshToken);
      expect(await locationRow(location.id)).toMatchObject({
        googleAccessToken: null,
        googleRefreshToken: null,
        googleTokenExpiresAt: null,
        googleLocationId: null,
      });
      const importRes = await agent.post('/api/integrations/google/import-reviews');
      expect(importRes.status).toBe(400);
    });

    it('when the provider is unknown, then it answers 400', async () => {
      const { agent } = await signedInClient();
      const res = await agent.delete('/api/integrations/myspace');
      expect(res.status).toBe(400);
    });
  });

  describe('through the admin mirror', () => {
    it("when an admin connects and imports inside a client's area, then the client's location and reviews are written", async () => {
      const client = await signedInClient();
      const admin = await createUser(db(), { role: 'admin' });
      const adminAgent = await signedInAgent(app, admin);
      const googleLocationId = google.addLocation(`adm${client.user.id}`, `l${client.user.id}`, 'Main', [
        googleReview(21),
        googleReview(22),
      ]);
      const mirror = `/api/admin/clients/${client.user.id}`;

      const callback = await connect(
        adminAgent,
        client.location.id,
        { accounts: [`adm${client.user.id}`] },
        mirror,
      );
      const imported = await importNow(adminAgent, mirror);

      expect(callback.headers.location).toBe(
        `/admin/client/${client.user.id}/settings?tab=integrations&connected=google`,
      );
      expect((await locationRow(client.location.id)).googleLocationId).toBe(googleLocationId);
      expect(imported).toMatchObject({ status: 'done', imported: 2 });
      expect(await db().select().from(reviews).where(eq(reviews.ownerId, client.user.id))).toHaveLength(2);
      expect(await db().select().from(reviews).where(eq(reviews.ownerId, admin.id))).toHaveLength(0);
      const seen = await client.agent.get('/api/integrations');
      expect(seen.body.locations[0].google.connected).toBe(true);
    });

    it("when a client replays an admin's state for another client, then it is refused", async () => {
      const target = await signedInClient();
      const admin = await createUser(db(), { role: 'admin' });
      const adminAgent = await signedInAgent(app, admin);
      const start = await adminAgent.get(
        `/api/admin/clients/${target.user.id}/integrations/google/connect?locationId=${target.location.id}`,
      );
      const state = new URL(start.headers.location!).searchParams.get('state')!;
      const intruder = await signedInClient();

      const res = await intruder.agent
        .get('/api/integrations/google/callback')
        .query({ code: google.issueCode(REDIRECT_URI), state });

      expect(res.headers.location).toBe('/oauth-error?provider=google&reason=invalid_state');
      expect((await locationRow(target.location.id)).googleAccessToken).toBeNull();
    });
  });
});
