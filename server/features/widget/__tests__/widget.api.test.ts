import { and, eq } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WIDGET_SETTINGS,
  WIDGET_MESSAGES,
  type PublicWidget,
  type WidgetSettings,
  type WidgetSettingsInput,
} from '@shared/schemas/widget';
import { reviews, users, widgetSettings } from '../../../db/schema';
import {
  createContact,
  createLocation,
  createReview,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const BASE = 'http://reviews.example';
/** What review-snippet markup looks like: none of it may appear in the wall page (issue 16). */
const SNIPPET_MARKUP = /AggregateRating|itemprop|itemscope|application\/ld\+json|schema\.org/i;

describe.each(testDatabaseKinds)('the website widget API on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db, { PUBLIC_BASE_URL: BASE });
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  /**
   * A client with a location and reviews of every kind: two that the default selection shows, and one each
   * that a default rule keeps out (low rating, no text, private feedback, a video left on our page).
   */
  async function clientWithReviews() {
    const user = await createUser(db(), { companyName: 'Harbour Coffee' });
    const agent = await signedInAgent(app, user);
    const location = await createLocation(db(), user.id);
    const contact = await createContact(db(), user.id, {
      name: 'Maria Garcia',
      email: 'maria.garcia@example.com',
      phone: '+447700900123',
    });
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    const review = (overrides: Parameters<typeof createReview>[2]) =>
      createReview(db(), user.id, { locationId: location.id, ...overrides });
    const rows = {
      maria: await review({
        type: 'google',
        rating: 5,
        content: 'Best flat white in town',
        reviewerName: 'Maria Garcia',
        contactId: contact.id,
        createdAt: day(10),
      }),
      facebook: await review({
        type: 'facebook',
        rating: 4,
        content: 'Friendly staff',
        reviewerName: 'Tom',
        createdAt: day(9),
      }),
      low: await review({ type: 'google', rating: 3, content: 'Slow on Saturdays', createdAt: day(8) }),
      noText: await review({
        type: 'google',
        rating: 5,
        content: '   ',
        reviewerName: 'Ana Li',
        createdAt: day(7),
      }),
      privateFeedback: await review({ type: 'private', rating: 5, content: 'PRIVATE: my table was cold' }),
      video: await review({ type: 'video', rating: 5, content: 'VIDEO: left on your page' }),
    };
    const settings = (await agent.get('/api/widget-settings').expect(200)).body as WidgetSettings;
    return { user, agent, location, rows, key: settings.publicKey };
  }

  const widgetOf = async (key: string) =>
    (await supertest(app).get(`/api/widget/${key}`).expect(200)).body as PublicWidget;
  const save = (agent: supertest.Agent, changes: Partial<WidgetSettingsInput>) =>
    agent.put('/api/widget-settings').send({ ...DEFAULT_WIDGET_SETTINGS, ...changes });

  it('when a client opens Settings › Widget the first time, then the defaults are made with a key that stays', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);

    const first = await agent.get('/api/widget-settings').expect(200);
    const second = await agent.get('/api/widget-settings').expect(200);

    expect(first.body).toMatchObject(DEFAULT_WIDGET_SETTINGS);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(second.body.publicKey).toBe(first.body.publicKey);
    expect(first.body.scriptUrl).toBe(`${BASE}/widget.js`);
    expect(first.body.wallUrl).toBe(`${BASE}/wall/${first.body.publicKey}`);
  });

  it('when a site loads the widget, then it gets only the selected public reviews and only the fields it shows', async () => {
    const { key, location } = await clientWithReviews();

    const res = await supertest(app).get(`/api/widget/${key}`).expect(200);

    expect(Object.keys(res.body).sort()).toEqual(
      [
        'accentColor',
        'average',
        'business',
        'count',
        'countLabel',
        'language',
        'layout',
        'listed',
        'reviewPageUrl',
        'reviews',
        'theme',
        'words',
      ].sort(),
    );
    expect(res.body).toEqual({
      business: 'Harbour Coffee',
      reviewPageUrl: `${BASE}/review/${location.publicLink}`,
      // Every public review's, not only the two the default rules list (issue 41).
      average: 4.3,
      count: 4,
      countLabel: 'from 4 Google and Facebook reviews',
      language: 'en',
      words: expect.objectContaining({ collectedBy: 'Reviews collected by Harbour Coffee' }),
      listed: 2,
      layout: 'carousel',
      theme: 'light',
      accentColor: null,
      reviews: [
        {
          name: 'Maria G.',
          rating: 5,
          text: 'Best flat white in town',
          date: '2026-01-10',
          source: 'google',
        },
        { name: 'Tom', rating: 4, text: 'Friendly staff', date: '2026-01-09', source: 'facebook' },
      ],
    });
    // Nothing about the people or the business's private side, whatever the field.
    for (const secret of ['maria.garcia@example.com', '+447700900123', 'Garcia', 'PRIVATE', 'VIDEO']) {
      expect(res.text).not.toContain(secret);
    }
  });

  it('when the owner changes each rule, then the widget follows it (min rating, sources, text, hand-picked)', async () => {
    const { agent, key, rows } = await clientWithReviews();
    const ratings = async () => (await widgetOf(key)).reviews.map((r) => `${r.source}:${r.rating}`);

    await save(agent, { minRating: 3 }).expect(200);
    expect(await ratings()).toEqual(['google:5', 'facebook:4', 'google:3']);
    expect(await widgetOf(key)).toMatchObject({ listed: 3, count: 4, average: 4.3 });

    await save(agent, { sources: ['facebook'] }).expect(200);
    expect(await ratings()).toEqual(['facebook:4']);

    await save(agent, { onlyWithText: false }).expect(200);
    expect(await ratings()).toEqual(['google:5', 'facebook:4', 'google:5']);
    expect((await widgetOf(key)).reviews[2]).toMatchObject({ name: 'Ana L.', text: '' });

    await save(agent, { mode: 'hand-picked', reviewIds: [rows.low.id, rows.facebook.id] }).expect(200);
    expect(await ratings()).toEqual(['facebook:4', 'google:3']);
    expect(await widgetOf(key)).toMatchObject({ listed: 2, count: 4, average: 4.3 });
  });

  it('when the widget lists only 4★ and up, then its figure is still the average of every public review, labelled so', async () => {
    const user = await createUser(db(), { companyName: 'Honest Figures' });
    const agent = await signedInAgent(app, user);
    const location = await createLocation(db(), user.id);
    const ratings = { google: [5, 4, 2, 2], facebook: [5, 3, 2] }; // 23 / 7 = 3.29
    for (const [type, list] of Object.entries(ratings)) {
      for (const rating of list) {
        await createReview(db(), user.id, {
          locationId: location.id,
          type: type as 'google' | 'facebook',
          rating,
          content: `${type} ${rating}`,
        });
      }
    }
    // A Facebook recommendation has no stars (its rating is a stand-in): no part of a star average.
    await createReview(db(), user.id, {
      locationId: location.id,
      type: 'facebook',
      rating: 1,
      recommendation: 'negative',
      content: 'Not recommended',
    });
    // Feedback left on our own page is not public: it is in neither the list nor the figure.
    await createReview(db(), user.id, { locationId: location.id, type: 'private', rating: 1, content: 'x' });
    await createReview(db(), user.id, { locationId: location.id, type: 'video', rating: 5, content: 'y' });
    await save(agent, { minRating: 4 }).expect(200);
    const key = ((await agent.get('/api/widget-settings').expect(200)).body as WidgetSettings).publicKey;

    const widget = await widgetOf(key);
    const wall = await supertest(app).get(`/wall/${key}`).expect(200);

    expect(widget.reviews.map((r) => r.rating).sort()).toEqual([4, 5, 5]);
    expect(widget).toMatchObject({
      average: 3.3,
      count: 7,
      countLabel: 'from 7 Google and Facebook reviews',
      listed: 3,
    });
    const summary = wall.text.match(/<p class="summary">(.*?)<\/p>/)?.[1]?.replace(/<[^>]+>/g, '');
    expect(summary).toBe('3.3 from 7 Google and Facebook reviews');

    // Only the sources that have reviews are named.
    await save(agent, { sources: ['facebook'] }).expect(200);
    await db()
      .delete(reviews)
      .where(and(eq(reviews.ownerId, user.id), eq(reviews.type, 'facebook')));
    expect(await widgetOf(key)).toMatchObject({
      average: 3.3,
      count: 4,
      countLabel: 'from 4 Google reviews',
      listed: 0,
    });
  });

  it("when the owner hand-picks private feedback or another client's review, then 400 and nothing is saved", async () => {
    const { agent, rows } = await clientWithReviews();
    const other = await clientWithReviews();
    const before = (await agent.get('/api/widget-settings')).body as WidgetSettings;

    const privatePick = await save(agent, { mode: 'hand-picked', reviewIds: [rows.privateFeedback.id] });
    const foreignPick = await save(agent, { mode: 'hand-picked', reviewIds: [other.rows.maria.id] });
    const emptyPick = await save(agent, { mode: 'hand-picked', reviewIds: [] });

    expect(privatePick.status).toBe(400);
    expect(privatePick.body.message).toBe(WIDGET_MESSAGES.notPickable);
    expect(foreignPick.status).toBe(400);
    expect(emptyPick.status).toBe(400);
    expect((await agent.get('/api/widget-settings')).body).toEqual(before);
  });

  it('when the settings are malformed, then 400 with the field named and nothing is saved', async () => {
    const { agent } = await clientWithReviews();

    const badColour = await save(agent, { accentColor: 'red; background:url(x)' });
    const badSource = await agent
      .put('/api/widget-settings')
      .send({ ...DEFAULT_WIDGET_SETTINGS, sources: ['private'] });
    const noSource = await save(agent, { sources: [] });

    expect(badColour.status).toBe(400);
    expect(JSON.stringify(badColour.body)).toContain(WIDGET_MESSAGES.accentColor);
    expect(badSource.status).toBe(400);
    expect(noSource.status).toBe(400);
    expect((await agent.get('/api/widget-settings')).body).toMatchObject(DEFAULT_WIDGET_SETTINGS);
  });

  it("when another client's key is used, then only that client's reviews come back, never this one's", async () => {
    const a = await clientWithReviews();
    const b = await clientWithReviews();
    await db().update(users).set({ companyName: 'Other Bakery' }).where(eq(users.id, b.user.id));
    await createReview(db(), b.user.id, {
      type: 'google',
      rating: 5,
      content: 'B only',
      reviewerName: 'Bea',
    });

    const widget = await widgetOf(b.key);
    const res = await supertest(app).get(`/api/widget/${b.key}`);

    expect(widget.business).toBe('Other Bakery');
    expect(widget.reviews.map((r) => r.text)).toContain('B only');
    expect(widget).toMatchObject({ listed: 3, count: 5 });
    expect(res.text).not.toContain(a.location.publicLink);
    // And A's own answer never shows B's.
    expect((await widgetOf(a.key)).reviews.map((r) => r.text)).not.toContain('B only');
  });

  it('when a page on another origin asks, then CORS is open for reads, cached 5 minutes and usable cross-origin', async () => {
    const { key } = await clientWithReviews();

    const res = await supertest(app)
      .get(`/api/widget/${key}`)
      .set('Origin', 'https://shop.example')
      .expect(200);

    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('when the key is unknown, malformed or rotated away, then 404 with a JSON message', async () => {
    const { agent, key } = await clientWithReviews();

    const unknown = await supertest(app).get(`/api/widget/${'x'.repeat(24)}`);
    const malformed = await supertest(app).get('/api/widget/not%20a%20key');
    const rotated = (await agent.post('/api/widget-settings/rotate-key').expect(200)).body as WidgetSettings;
    const old = await supertest(app).get(`/api/widget/${key}`);

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Widget not found' });
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect(malformed.status).toBe(404);
    expect(old.status).toBe(404);
    expect(rotated.publicKey).not.toBe(key);
    await supertest(app).get(`/api/widget/${rotated.publicKey}`).expect(200);
  });

  it("when the client's account is disabled, then its widget and wall answer 404", async () => {
    const { user, key } = await clientWithReviews();
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));

    await supertest(app).get(`/api/widget/${key}`).expect(404);
    await supertest(app).get(`/wall/${key}`).expect(404);
  });

  it('when the wall page is opened, then it shows the same reviews as the widget, escaped, with no review-snippet markup', async () => {
    const { agent, key, location } = await clientWithReviews();
    await createReview(db(), (await agent.get('/api/user')).body.id, {
      type: 'google',
      rating: 5,
      content: '<script>alert(1)</script>',
      reviewerName: 'Eve',
    });

    const res = await supertest(app).get(`/wall/${key}`).expect(200);

    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('Best flat white in town');
    expect(res.text).toContain('Maria G.');
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('PRIVATE');
    expect(res.text).toContain(`href="${BASE}/review/${location.publicLink}"`);
    expect(res.text).toContain('Reviews collected by Harbour Coffee');
    expect(res.text).not.toMatch(SNIPPET_MARKUP);
    await supertest(app)
      .get(`/wall/${'y'.repeat(24)}`)
      .expect(404);
  });

  it('when the wall has more reviews than a page, then the pages follow on without overlap, linked both ways, by the widget rules', async () => {
    const user = await createUser(db(), { companyName: 'Long Wall Cafe' });
    const agent = await signedInAgent(app, user);
    const location = await createLocation(db(), user.id);
    const shown: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Pairs share a creation time: the order must still be total, or a page boundary could repeat one.
      const createdAt = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 2), 12));
      await createReview(db(), user.id, {
        locationId: location.id,
        type: 'google',
        rating: 5,
        content: `Shown ${i}`,
        createdAt,
      });
      shown.push(`Shown ${i}`);
      if (i % 5 === 0) {
        await createReview(db(), user.id, {
          locationId: location.id,
          type: 'google',
          rating: 2,
          content: `HIDDEN low ${i}`,
          createdAt,
        });
        await createReview(db(), user.id, {
          locationId: location.id,
          type: 'private',
          rating: 5,
          content: `HIDDEN private ${i}`,
          createdAt,
        });
      }
    }
    const key = ((await agent.get('/api/widget-settings').expect(200)).body as WidgetSettings).publicKey;
    const wall = `/wall/${key}`;
    const texts = (html: string) => [...html.matchAll(/<p class="text">([^<]*)<\/p>/g)].map((m) => m[1]!);
    const rel = (html: string, name: 'prev' | 'next') =>
      [...html.matchAll(new RegExp(`<(?:link|a) rel="${name}" href="([^"]*)"`, 'g'))].map((m) => m[1]);

    const pages = [];
    for (const path of [wall, `${wall}?page=2`, `${wall}?page=3`, `${wall}?page=4`]) {
      const res = await supertest(app).get(path).expect(200);
      expect(res.text).not.toMatch(SNIPPET_MARKUP);
      expect(res.text).not.toContain('HIDDEN');
      pages.push(res.text);
    }

    const [first, second, third, past] = pages.map(texts);
    expect(first).toEqual([...shown].reverse().slice(0, 12));
    expect([...first!, ...second!, ...third!]).toEqual([...shown].reverse());
    expect(past).toEqual([]);
    expect(pages[3]).toContain('No more reviews.');
    expect(rel(pages[0]!, 'prev')).toEqual([]);
    expect(rel(pages[0]!, 'next')).toEqual([`${wall}?page=2`, `${wall}?page=2`]);
    expect(pages[0]).toContain('>Older reviews</a>');
    expect(rel(pages[1]!, 'prev')).toEqual([wall, wall]);
    expect(rel(pages[1]!, 'next')).toEqual([`${wall}?page=3`, `${wall}?page=3`]);
    expect(pages[1]).toContain('>Newer reviews</a>');
    expect(rel(pages[2]!, 'next')).toEqual([]);
    // Past the end, "newer" leads back to the last page with reviews.
    expect(rel(pages[3]!, 'prev')).toEqual([`${wall}?page=3`, `${wall}?page=3`]);
    expect(rel(pages[3]!, 'next')).toEqual([]);
    // A wall of one page links nowhere.
    const single = await clientWithReviews();
    const one = await supertest(app).get(`/wall/${single.key}`).expect(200);
    expect(rel(one.text, 'prev').concat(rel(one.text, 'next'))).toEqual([]);
  });

  it('when the wall is asked for a page number that is not one, then 400 as a page saying so', async () => {
    const { key } = await clientWithReviews();
    for (const page of ['0', '-1', 'abc', '1.5', '100001', '']) {
      const res = await supertest(app).get(`/wall/${key}`).query({ page });
      expect(res.status, page).toBe(400);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('Page numbers are whole numbers from 1.');
    }
    await supertest(app).get(`/wall/${key}?page=1&page=2`).expect(400);
    await supertest(app).get(`/wall/${key}?page=1`).expect(200);
  });

  it('when the owner previews unsaved settings, then the answer is what the widget would show, and nothing is saved', async () => {
    const { agent, key } = await clientWithReviews();

    const preview = await agent
      .post('/api/widget-settings/preview')
      .send({ ...DEFAULT_WIDGET_SETTINGS, minRating: 3, layout: 'grid', theme: 'dark' })
      .expect(200);

    expect(preview.body).toMatchObject({ listed: 3, count: 4, layout: 'grid', theme: 'dark' });
    expect(await widgetOf(key)).toMatchObject({ listed: 2, count: 4, layout: 'carousel' });
  });

  it('when the owner lists reviews to hand-pick, then only their own public reviews come, a page at a time', async () => {
    const { agent, rows } = await clientWithReviews();

    const res = await agent.get('/api/widget-settings/reviews').query({ page: 1 }).expect(200);

    expect(res.body.total).toBe(4);
    expect(res.body.items.map((r: { id: number }) => r.id)).toEqual([
      rows.maria.id,
      rows.facebook.id,
      rows.low.id,
      rows.noText.id,
    ]);
    expect((await agent.get('/api/widget-settings/reviews').query({ page: 0 })).status).toBe(400);
  });

  it("when an admin opens a client's widget settings, then they see and save that client's, not their own", async () => {
    const { user, key } = await clientWithReviews();
    const admin = await signedInAgent(app, await createUser(db(), { role: 'admin' }));

    const seen = await admin.get(`/api/admin/clients/${user.id}/widget-settings`).expect(200);
    await admin
      .put(`/api/admin/clients/${user.id}/widget-settings`)
      .send({ ...DEFAULT_WIDGET_SETTINGS, layout: 'grid' })
      .expect(200);

    expect(seen.body.publicKey).toBe(key);
    const [row] = await db().select().from(widgetSettings).where(eq(widgetSettings.ownerId, user.id));
    expect(row?.layout).toBe('grid');
  });

  it('when a German visitor loads the widget, then its words, figure and count are German, and caches keep one answer per language', async () => {
    const { key } = await clientWithReviews();

    const res = await supertest(app)
      .get(`/api/widget/${key}`)
      .set('Accept-Language', 'de-AT,de;q=0.9')
      .expect(200);

    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.body).toMatchObject({
      language: 'de',
      countLabel: 'aus 4 Bewertungen auf Google und Facebook',
      words: {
        rated: 'Mit {{rating}} von 5 Sternen bewertet',
        position: 'Bewertung {{current}} von {{total}}',
        collectedBy: 'Bewertungen gesammelt von Harbour Coffee',
        onSource: 'auf {{source}}',
      },
    });
    // The site may choose the language for everyone with ?lang=.
    const chosen = await supertest(app)
      .get(`/api/widget/${key}?lang=fr`)
      .set('Accept-Language', 'de')
      .expect(200);
    expect(chosen.body.countLabel).toBe('sur 4 avis Google et Facebook');
  });

  it('when an Arabic reader opens the wall, then it is laid out right to left in Arabic, with Arabic dates', async () => {
    const { key } = await clientWithReviews();

    const res = await supertest(app).get(`/wall/${key}`).set('Accept-Language', 'ar').expect(200);

    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(res.text).toContain('<h1>ماذا يقول العملاء عن Harbour Coffee</h1>');
    expect(res.text).toContain('التقييم 5 من 5 نجوم');
    expect(res.text).toContain(
      new Date(Date.UTC(2026, 0, 10)).toLocaleDateString('ar', { dateStyle: 'medium', timeZone: 'UTC' }),
    );
    const missing = await supertest(app)
      .get(`/wall/${'z'.repeat(24)}?lang=es`)
      .expect(404);
    expect(missing.text).toContain('Esta página de opiniones no existe o ya no se comparte.');
  });
});

describe.each(testDatabaseKinds)('the website widget rate limit on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when one connection asks more than its hourly share, then 429 with a message', async () => {
    // RATE_LIMIT_PUBLIC 1: the widget allows ten times that, ten an hour here.
    const app = createTestApp(database.handle.db, { RATE_LIMIT_PUBLIC: '1' });
    const user = await createUser(database.handle.db);
    const agent = await signedInAgent(app, user);
    const { publicKey } = (await agent.get('/api/widget-settings').expect(200)).body as WidgetSettings;

    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await supertest(app).get(`/api/widget/${publicKey}`)).status);
    const refused = await supertest(app).get(`/api/widget/${publicKey}`);

    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(refused.body.message).toMatch(/Too many requests/);
  });
});
