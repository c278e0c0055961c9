import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_NOT_CONNECTED } from '@shared/schemas/integrations';
import { locations, reviews } from '../../../db/schema';
import { createSecretBox } from '../../../lib/crypto';
import { createLocation, createReview, createUser, signedInAgent } from '../../../testing/factories';
import { facebookRating, startFakeFacebook, type FakeFacebook } from '../../../testing/fake-facebook';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const KEY = 'b'.repeat(64);
const secretBox = createSecretBox(KEY);
const BASE = 'http://app.test';
const REDIRECT_URI = `${BASE}/api/integrations/facebook/callback`;
const APP_SECRET = 'fb-app-secret';

describe.each(testDatabaseKinds)('Facebook Page integration on %s', (kind) => {
  let database: TestDatabase;
  let facebook: FakeFacebook;
  let app: Express;
  let background: TestBackground;
  let nextPageId = kind === 'pglite' ? 100_000 : 200_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    facebook = await startFakeFacebook({ appId: 'fb-app', appSecret: APP_SECRET });
    const env = {
      PUBLIC_BASE_URL: BASE,
      TOKEN_ENCRYPTION_KEY: KEY,
      FACEBOOK_APP_ID: 'fb-app',
      FACEBOOK_APP_SECRET: APP_SECRET,
      FACEBOOK_API_BASE: facebook.url,
    };
    app = createTestApp(database.handle.db, env);
    background = createTestBackground(database.handle.db, env);
  });
  afterAll(async () => {
    await facebook?.close();
    await database?.drop();
  });
  beforeEach(() => {
    facebook.requests.length = 0;
    facebook.ratingsPageSize = 100;
  });

  const db = () => database.handle.db;
  const locationRow = async (id: number) =>
    (await db().select().from(locations).where(eq(locations.id, id)))[0]!;

  async function signedInClient(facebookPageUrl = 'https://www.facebook.com/harbourcafe/reviews') {
    const user = await createUser(db());
    const location = await createLocation(db(), user.id, { facebookPageUrl });
    return { user, location, agent: await signedInAgent(app, user) };
  }

  async function connect(agent: TestAgent, locationId: number, pageIds: string[]) {
    const start = await agent.get(`/api/integrations/facebook/connect?locationId=${locationId}`);
    expect(start.status).toBe(302);
    const dialog = new URL(start.headers.location!);
    const code = facebook.issueCode(dialog.searchParams.get('redirect_uri')!, pageIds);
    return agent
      .get('/api/integrations/facebook/callback')
      .query({ code, state: dialog.searchParams.get('state')! });
  }

  const newPageId = () => String((nextPageId += 1));

  /** Asks for an import (queued, 202), runs the queue, and answers the finished run. */
  async function importNow(agent: TestAgent) {
    const queued = await agent.post('/api/integrations/facebook/import-reviews');
    expect(queued.status).toBe(202);
    await background.drain();
    return (await agent.get(`/api/integrations/sync-runs/${queued.body.id}`)).body as {
      status: string;
      imported: number;
    };
  }

  async function connectedClient(ratings = [facebookRating(1)]) {
    const client = await signedInClient();
    const page = facebook.addPage(newPageId(), `harbourcafe`, ratings);
    const res = await connect(client.agent, client.location.id, [page.id]);
    expect(res.headers.location).toBe('/settings?tab=integrations&connected=facebook');
    return { ...client, page };
  }

  it('when connecting, then it redirects to the Login dialog with the app id, redirect URI, scopes and state', async () => {
    const { agent, location } = await signedInClient();

    const res = await agent.get(`/api/integrations/facebook/connect?locationId=${location.id}`);

    expect(res.status).toBe(302);
    const url = new URL(res.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'fb-app',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
    });
    expect(url.searchParams.get('scope')!.split(',')).toEqual(
      expect.arrayContaining(['pages_show_list', 'pages_read_user_content', 'pages_manage_engagement']),
    );
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it("when the user manages several Pages, then the location's Page is chosen and its long-lived token stored encrypted", async () => {
    const { agent, location } = await signedInClient('https://www.facebook.com/harbourcafe/reviews');
    const other = facebook.addPage(newPageId(), 'someoneelse');
    const ours = facebook.addPage(newPageId(), 'HarbourCafe');

    const res = await connect(agent, location.id, [other.id, ours.id]);

    expect(res.headers.location).toBe('/settings?tab=integrations&connected=facebook');
    const row = await locationRow(location.id);
    expect(row.facebookPageId).toBe(ours.id);
    expect(JSON.stringify(row)).not.toContain(ours.token);
    // The Page token from a long-lived user token (the short-lived one gives a different token).
    expect(secretBox.decrypt(row.facebookAccessToken!)).toBe(ours.token);
    const exchanges = facebook.requestsTo(/oauth\/access_token$/);
    expect(exchanges.map((r) => r.query.grant_type ?? 'code')).toEqual(['code', 'fb_exchange_token']);
    expect(exchanges[0]!.query).toMatchObject({ client_id: 'fb-app', redirect_uri: REDIRECT_URI });
    const overview = await agent.get('/api/integrations');
    expect(overview.body.locations[0].facebook).toEqual({
      connected: true,
      pageId: ours.id,
      tokenStored: true,
      reconnectNeeded: false,
      lastSyncAt: null,
      lastSyncError: null,
    });
    expect(JSON.stringify(overview.body)).not.toContain(ours.token);
  });

  it('when no Page matches and there are several, or there is none, then it lands on /oauth-error', async () => {
    const { agent, location } = await signedInClient('https://www.facebook.com/nomatch');
    const a = facebook.addPage(newPageId(), 'first');
    const b = facebook.addPage(newPageId(), 'second');

    const several = await connect(agent, location.id, [a.id, b.id]);
    const none = await connect(agent, location.id, []);

    expect(several.headers.location).toBe('/oauth-error?provider=facebook&reason=no_matching_page');
    expect(none.headers.location).toBe('/oauth-error?provider=facebook&reason=no_pages');
    expect((await locationRow(location.id)).facebookAccessToken).toBeNull();
  });

  it('when the state is bad, then it lands on /oauth-error with invalid_state', async () => {
    const { agent } = await signedInClient();

    const res = await agent
      .get('/api/integrations/facebook/callback')
      .query({ code: facebook.issueCode(REDIRECT_URI, []), state: 'v1.forged.state.value' });

    expect(res.headers.location).toBe('/oauth-error?provider=facebook&reason=invalid_state');
  });

  it('when importing ratings over several pages, then each is stored once with its rating, and again adds none', async () => {
    const ratings = [
      facebookRating(1, { rating: 4, recommendation_type: undefined }),
      facebookRating(2, { recommendation_type: 'positive' }),
      facebookRating(3, { recommendation_type: 'negative', review_text: 'Cold food' }),
    ];
    const { agent, user, page, location } = await connectedClient(ratings);
    facebook.ratingsPageSize = 2;

    expect(await importNow(agent)).toMatchObject({ status: 'done', imported: 3 });
    const calls = facebook.requestsTo(/\/ratings$/);
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      expect(call.authorization).toBe(`Bearer ${page.token}`);
      expect(call.query.appsecret_proof).toBe(
        createHmac('sha256', APP_SECRET).update(page.token).digest('hex'),
      );
    }
    const rows = await db()
      .select()
      .from(reviews)
      .where(eq(reviews.ownerId, user.id))
      .orderBy(reviews.externalId);
    // A recommendation without stars is marked as one: its rating is a stand-in kept out of star averages.
    expect(rows.map((r) => [r.externalId, r.type, r.rating, r.recommendation, r.locationId])).toEqual([
      ['55501', 'facebook', 4, null, location.id],
      ['55502', 'facebook', 5, 'positive', location.id],
      ['55503', 'facebook', 1, 'negative', location.id],
    ]);
    expect(rows[2]).toMatchObject({
      content: 'Cold food',
      reviewerName: 'Fan 3',
      sourceUrl: 'https://www.facebook.com/55503',
    });
    expect(rows[0]!.createdAt.toISOString()).toBe(new Date(Date.UTC(2024, 1, 1) + 3_600_000).toISOString());

    expect(await importNow(agent)).toMatchObject({ status: 'done', imported: 0 });
    expect(await db().select().from(reviews).where(eq(reviews.ownerId, user.id))).toHaveLength(3);
  });

  it('when nothing is connected, then import answers 400 with the connect message', async () => {
    const { agent } = await signedInClient();

    const res = await agent.post('/api/integrations/facebook/import-reviews');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: IMPORT_NOT_CONNECTED.facebook, code: 'bad_request' });
  });

  it('when replying to an imported rating, then the comment reaches the story and the review is responded', async () => {
    const { agent, user } = await connectedClient([facebookRating(8)]);
    await importNow(agent);
    const [review] = await db().select().from(reviews).where(eq(reviews.ownerId, user.id));

    const res = await agent
      .post(`/api/integrations/facebook/reply/${review!.id}`)
      .send({ reply: 'Thanks, Fan 8!' });

    expect(res.status).toBe(200);
    expect(facebook.comments).toContainEqual(
      expect.objectContaining({ storyId: '55508', message: 'Thanks, Fan 8!', deleted: false }),
    );
    const [row] = await db().select().from(reviews).where(eq(reviews.id, review!.id));
    expect(row).toMatchObject({
      responseContent: 'Thanks, Fan 8!',
      responsePublishedTo: 'facebook',
      responseExternalId: facebook.comments.at(-1)!.id,
    });
  });

  it('when Facebook refuses the reply, then it answers 502 with their message; a Google review answers 400', async () => {
    const { agent, user } = await connectedClient([facebookRating(9)]);
    await importNow(agent);
    const [review] = await db().select().from(reviews).where(eq(reviews.ownerId, user.id));
    const googleReview = await createReview(db(), user.id, { type: 'google', externalId: 'g-1' });
    facebook.failNext(/\/comments$/, 500, 'An unexpected error has occurred.');

    const failed = await agent.post(`/api/integrations/facebook/reply/${review!.id}`).send({ reply: 'Hi' });
    const wrong = await agent
      .post(`/api/integrations/facebook/reply/${googleReview.id}`)
      .send({ reply: 'Hi' });

    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({
      message: 'Facebook did not answer: An unexpected error has occurred.',
      code: 'upstream_failed',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Only Facebook reviews can be answered on Facebook.');
  });

  it("when disconnecting every location, then the Page tokens are cleared and another client's stay", async () => {
    const { agent, location } = await connectedClient();
    const bystander = await connectedClient();

    const res = await agent.delete('/api/integrations/facebook');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ disconnected: 1 });
    expect(await locationRow(location.id)).toMatchObject({ facebookPageId: null, facebookAccessToken: null });
    expect((await locationRow(bystander.location.id)).facebookAccessToken).not.toBeNull();
    const notMine = await agent.delete(`/api/integrations/facebook?locationId=${bystander.location.id}`);
    expect(notMine.status).toBe(404);
  });
});
