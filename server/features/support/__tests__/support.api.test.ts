import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, templates } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createLocation, createUser, signedInAgent } from '../../../testing/factories';

const SECRET_TOKEN = 'ya29.super-secret-google-token';
const SECRET_REFRESH = '1//refresh-secret-value';

describe.each(testDatabaseKinds)('support API on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when a client has no location, then the system test reports an error with a fix link and the built-in templates', async () => {
    const db = database.handle.db;
    const app = createTestApp(db);
    const client = await createUser(db);

    const res = await (await signedInAgent(app, client)).get('/api/system-test');

    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.checks.map((c: { id: string }) => [c.id, c]));
    expect(byId.locations).toMatchObject({ status: 'error', fixPath: '/settings?tab=locations' });
    expect(byId['template-email']).toMatchObject({
      status: 'ok',
      detail: 'Using the built-in template "Default email".',
    });
    expect(byId['provider-email']).toMatchObject({ status: 'warning', label: 'Email delivery' });
    expect(byId['provider-email'].detail).toMatch(/^Outbox mode/);
  });

  it('when locations lack links or a Google connection, then each is a warning; a custom template is named', async () => {
    const db = database.handle.db;
    const app = createTestApp(db, { SMTP_URL: 'smtp://127.0.0.1:2525' });
    const client = await createUser(db);
    const complete = await createLocation(db, client.id, {
      name: 'Harbour',
      googleAccessToken: SECRET_TOKEN,
      googleRefreshToken: SECRET_REFRESH,
      googleLocationId: 'locations/123',
    });
    const bare = await createLocation(db, client.id, {
      name: 'Bare',
      googleReviewUrl: null,
      facebookPageUrl: null,
    });
    // The links its connections gave are what its customers are offered (issue 41); a place id alone is none.
    const connected = await createLocation(db, client.id, {
      name: 'Connected',
      googleReviewUrl: null,
      facebookPageUrl: null,
      googlePlaceId: 'ChIJonly',
      facebookConnectedReviewUrl: 'https://www.facebook.com/connected/reviews',
    });
    await db
      .insert(templates)
      .values({ ownerId: client.id, name: 'Friendly SMS', channel: 'sms', body: 'Hi {{name}} {{link}}' });

    const res = await (await signedInAgent(app, client)).get('/api/system-test');

    const byId = Object.fromEntries(res.body.checks.map((c: { id: string }) => [c.id, c]));
    expect(byId.locations.status).toBe('ok');
    expect(byId[`location-${complete.id}-google-link`].status).toBe('ok');
    expect(byId[`location-${complete.id}-facebook-link`].status).toBe('ok');
    expect(byId[`location-${complete.id}-google-connection`].status).toBe('ok');
    expect(byId[`location-${bare.id}-google-link`]).toMatchObject({
      status: 'warning',
      fixPath: '/settings?tab=locations',
    });
    expect(byId[`location-${bare.id}-facebook-link`].status).toBe('warning');
    expect(byId[`location-${connected.id}-google-link`].status).toBe('warning');
    expect(byId[`location-${connected.id}-facebook-link`].status).toBe('ok');
    expect(byId[`location-${bare.id}-google-connection`]).toMatchObject({
      status: 'warning',
      fixPath: '/settings?tab=integrations',
    });
    expect(byId['template-sms'].detail).toBe('Using your template "Friendly SMS".');
    expect(byId['provider-email'].status).toBe('ok');
    expect(byId['provider-sms'].status).toBe('warning');
    expect(JSON.stringify(res.body)).not.toContain(SECRET_TOKEN);
    expect(JSON.stringify(res.body)).not.toContain(SECRET_REFRESH);
  });

  it('when the debug page is read, then it shows the user, session and server but never a secret, hash or the session id', async () => {
    const db = database.handle.db;
    const app = createTestApp(db);
    const client = await createUser(db, { firstName: 'Debbie' });
    await createLocation(db, client.id, { googleAccessToken: SECRET_TOKEN, googleLocationId: 'locations/9' });
    const agent = await signedInAgent(app, client);

    const res = await agent.get('/api/debug');

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { id: client.id, email: client.email, firstName: 'Debbie', role: 'client' },
      session: {
        idHashPrefix: expect.stringMatching(/^[0-9a-f]{12}$/),
        signedInAt: expect.any(String),
        expiresAt: expect.any(String),
      },
      server: { version: expect.any(String), database: kind, node: process.version },
      health: { database: 'up' },
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password|hash"|scrypt|token|secret/i);
    expect(text).not.toContain(SECRET_TOKEN);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, client.id));
    const sid = session?.sid ?? '';
    expect(sid.length).toBeGreaterThan(10);
    expect(text).not.toContain(sid);
  });

  it('when an admin opens a client’s debug and system test, then they describe that client', async () => {
    const db = database.handle.db;
    const app = createTestApp(db);
    const admin = await createUser(db, { role: 'admin' });
    const client = await createUser(db, { firstName: 'Clara' });
    const agent = await signedInAgent(app, admin);

    const debug = await agent.get(`/api/admin/clients/${client.id}/debug`);
    const check = await agent.get(`/api/admin/clients/${client.id}/system-test`);

    expect(debug.body.user).toMatchObject({ id: client.id, firstName: 'Clara' });
    expect(check.status).toBe(200);
    expect(check.body.checks[0]).toMatchObject({ id: 'locations', status: 'error' });
  });
});
