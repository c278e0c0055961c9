import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locations } from '../../../db/schema';
import { createSecretBox } from '../../../lib/crypto';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { startFakeFacebook, type FakeFacebook } from '../../../testing/fake-facebook';
import { googleReview, startFakeGoogle, type FakeGoogle } from '../../../testing/fake-google';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const KEY = 'd'.repeat(64);
const secretBox = createSecretBox(KEY);
const BASE = 'http://app.test';

/**
 * Issue 41, point 1: the public links customers are offered after rating come from the connection. Linking
 * a Google location stores its review link (metadata.newReviewUri, else the writereview URL of its place
 * id); connecting a Facebook Page stores its reviews tab; disconnecting clears what the connection gave.
 */
describe.each(testDatabaseKinds)('review links from the connections on %s', (kind) => {
  let database: TestDatabase;
  let google: FakeGoogle;
  let facebook: FakeFacebook;
  let app: Express;
  let background: TestBackground;
  let nextPageId = kind === 'pglite' ? 500_000 : 600_000;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    google = await startFakeGoogle({ clientId: 'links-client', clientSecret: 'links-secret' });
    facebook = await startFakeFacebook({ appId: 'links-fb', appSecret: 'links-fb-secret' });
    const env = {
      PUBLIC_BASE_URL: BASE,
      TOKEN_ENCRYPTION_KEY: KEY,
      GOOGLE_CLIENT_ID: 'links-client',
      GOOGLE_CLIENT_SECRET: 'links-secret',
      GOOGLE_API_BASE: google.url,
      GOOGLE_OAUTH_BASE: google.url,
      FACEBOOK_APP_ID: 'links-fb',
      FACEBOOK_APP_SECRET: 'links-fb-secret',
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
  beforeEach(() => {
    google.requests.length = 0;
  });

  const db = () => database.handle.db;
  const locationRow = async (id: number) =>
    (await db().select().from(locations).where(eq(locations.id, id)))[0]!;

  /** A client whose one location has no link typed by hand. */
  async function signedInClient(overrides: Partial<typeof locations.$inferInsert> = {}) {
    const user = await createUser(db());
    const location = await createLocation(db(), user.id, {
      name: 'Main Street',
      googleReviewUrl: null,
      facebookPageUrl: null,
      ...overrides,
    });
    return { user, location, agent: await signedInAgent(app, user) };
  }

  async function connectGoogle(agent: TestAgent, locationId: number, accounts: string[]) {
    const start = await agent.get(`/api/integrations/google/connect?locationId=${locationId}`);
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.location!);
    const code = google.issueCode(consent.searchParams.get('redirect_uri')!, { accounts });
    return agent
      .get('/api/integrations/google/callback')
      .query({ code, state: consent.searchParams.get('state')! });
  }

  async function connectFacebook(agent: TestAgent, locationId: number, pageIds: string[]) {
    const start = await agent.get(`/api/integrations/facebook/connect?locationId=${locationId}`);
    expect(start.status).toBe(302);
    const dialog = new URL(start.headers.location!);
    const code = facebook.issueCode(dialog.searchParams.get('redirect_uri')!, pageIds);
    return agent
      .get('/api/integrations/facebook/callback')
      .query({ code, state: dialog.searchParams.get('state')! });
  }

  const linksOf = async (agent: TestAgent) =>
    ((await agent.get('/api/locations').expect(200)).body as { publicReviewLinks: unknown }[])[0]!
      .publicReviewLinks;

  it("when a Google location is linked and Google answers its newReviewUri, then that is the location's Google link", async () => {
    const { user, location, agent } = await signedInClient();
    const account = `links-${kind}-${user.id}`;
    google.addLocation(account, `loc${user.id}`, 'Main Street', [], {
      placeId: 'ChIJnewreview',
      newReviewUri: 'https://g.page/r/CaBcDeF/review',
    });

    const res = await connectGoogle(agent, location.id, [account]);

    expect(res.headers.location).toBe('/settings?tab=integrations&connected=google');
    expect((await locationRow(location.id)).googleConnectedReviewUrl).toBe('https://g.page/r/CaBcDeF/review');
    // The Business Information API gives metadata only when the read mask names it.
    const listed = google.requestsTo(/^\/v1\/accounts\/[\w-]+\/locations$/);
    expect(listed.map((r) => r.query.readMask)).toEqual(['name,title,metadata']);
    expect(await linksOf(agent)).toEqual({ google: 'https://g.page/r/CaBcDeF/review', facebook: null });
  });

  it('when Google gives a place id but no newReviewUri, then the link is the writereview URL of that place', async () => {
    const { user, location, agent } = await signedInClient();
    const account = `links-${kind}-${user.id}`;
    google.addLocation(account, `loc${user.id}`, 'Main Street', [], { placeId: 'ChIJonlyplace' });

    await connectGoogle(agent, location.id, [account]);

    expect((await locationRow(location.id)).googleConnectedReviewUrl).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJonlyplace',
    );
  });

  it('when Google gives neither, then no Google link is made up and the location says it has none', async () => {
    const { user, location, agent } = await signedInClient();
    const account = `links-${kind}-${user.id}`;
    google.addLocation(account, `loc${user.id}`, 'Main Street', [], {});

    await connectGoogle(agent, location.id, [account]);

    expect(await locationRow(location.id)).toMatchObject({
      googleLocationId: `accounts/${account}/locations/loc${user.id}`,
      googleConnectedReviewUrl: null,
    });
    expect(await linksOf(agent)).toEqual({ google: null, facebook: null });
  });

  it('when the owner links another location to a Google location from the picker, then its link is stored', async () => {
    const { user, location, agent } = await signedInClient();
    const second = await createLocation(db(), user.id, {
      name: 'Harbour',
      googleReviewUrl: null,
      facebookPageUrl: null,
    });
    const account = `links-${kind}-${user.id}`;
    google.addLocation(account, `main${user.id}`, 'Main Street', [], { placeId: 'ChIJmain' });
    const harbour = google.addLocation(account, `harbour${user.id}`, 'Harbour', [], {
      placeId: 'ChIJharbour',
      newReviewUri: 'https://g.page/r/harbour/review',
    });
    await connectGoogle(agent, location.id, [account]);

    const res = await agent
      .post('/api/integrations/google/link')
      .send({ locationId: second.id, googleLocationId: harbour });

    expect(res.status).toBe(200);
    expect((await locationRow(second.id)).googleConnectedReviewUrl).toBe('https://g.page/r/harbour/review');
    expect((await locationRow(location.id)).googleConnectedReviewUrl).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJmain',
    );
  });

  it("when a Facebook Page is connected, then the location's Facebook link is the Page's reviews tab", async () => {
    const { location, agent } = await signedInClient();
    const page = facebook.addPage(String((nextPageId += 1)), `harbourcafe${nextPageId}`);

    const res = await connectFacebook(agent, location.id, [page.id]);

    expect(res.headers.location).toBe('/settings?tab=integrations&connected=facebook');
    const expected = `https://www.facebook.com/harbourcafe${nextPageId}/reviews`;
    expect((await locationRow(location.id)).facebookConnectedReviewUrl).toBe(expected);
    expect(await linksOf(agent)).toEqual({ google: null, facebook: expected });
  });

  it('when a provider is disconnected, then the link its connection gave is cleared and the typed ones stay', async () => {
    const { user, location, agent } = await signedInClient({
      facebookPageUrl: 'https://www.facebook.com/typedpage',
    });
    const account = `links-${kind}-${user.id}`;
    google.addLocation(account, `loc${user.id}`, 'Main Street', [], { placeId: 'ChIJgone' });
    await connectGoogle(agent, location.id, [account]);
    const page = facebook.addPage(String((nextPageId += 1)), 'typedpage');
    await connectFacebook(agent, location.id, [page.id]);
    expect(await locationRow(location.id)).toMatchObject({
      googleConnectedReviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJgone',
      facebookConnectedReviewUrl: 'https://www.facebook.com/typedpage/reviews',
    });

    await agent.delete(`/api/integrations/google?locationId=${location.id}`).expect(200);
    expect((await locationRow(location.id)).googleConnectedReviewUrl).toBeNull();
    await agent.delete('/api/integrations/facebook').expect(200);

    expect(await locationRow(location.id)).toMatchObject({
      googleConnectedReviewUrl: null,
      facebookConnectedReviewUrl: null,
      facebookPageUrl: 'https://www.facebook.com/typedpage',
    });
    expect(await linksOf(agent)).toEqual({ google: null, facebook: 'https://www.facebook.com/typedpage' });
  });

  it('when a location was connected before links were stored, then its sync fills them once', async () => {
    const user = await createUser(db());
    const account = `links-old-${kind}-${user.id}`;
    const googleLocationId = google.addLocation(account, `loc${user.id}`, 'Main Street', [googleReview(1)], {
      newReviewUri: 'https://g.page/r/old/review',
    });
    const accessToken = `ya29-links-${kind}-${user.id}`;
    google.grant({ accessToken, accounts: [account] });
    const pageId = String((nextPageId += 1));
    const page = facebook.addPage(pageId, `oldpage${pageId}`);
    // Written as a connection of before issue 41: tokens, no stored links.
    const location = await createLocation(db(), user.id, {
      googleReviewUrl: null,
      facebookPageUrl: null,
      googleLocationId,
      googleAccessToken: secretBox.encrypt(accessToken),
      googleTokenExpiresAt: new Date(Date.now() + 3_600_000),
      facebookPageId: pageId,
      facebookAccessToken: secretBox.encrypt(page.token),
    });
    const agent = await signedInAgent(app, user);
    const metadataReads = () => google.requestsTo(/^\/v1\/locations\//);

    for (const provider of ['google', 'facebook']) {
      await agent.post(`/api/integrations/${provider}/import-reviews`).expect(202);
    }
    await background.drain();

    expect(await locationRow(location.id)).toMatchObject({
      googleConnectedReviewUrl: 'https://g.page/r/old/review',
      facebookConnectedReviewUrl: `https://www.facebook.com/${pageId}/reviews`,
    });
    expect(metadataReads()).toHaveLength(1);
    expect(metadataReads()[0]!.query.readMask).toContain('metadata');

    await agent.post('/api/integrations/google/import-reviews').expect(202);
    await background.drain();
    expect(metadataReads()).toHaveLength(1);
  });
});
