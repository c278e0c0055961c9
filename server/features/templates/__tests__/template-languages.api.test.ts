import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createUser, signedInAgent } from '../../../testing/factories';

/** Issue 45: owners write a template per language; each language has its own default per channel. */
describe.each(testDatabaseKinds)('templates per language on %s', (kind) => {
  let database: TestDatabase;
  let agent: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const app = createTestApp(database.handle.db, { PUBLIC_BASE_URL: 'https://reviews.example.com' });
    agent = await signedInAgent(app, await createUser(database.handle.db, { companyName: 'Sonne' }));
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when an English and a German default are saved, then both stay defaults, and a second German default replaces the first', async () => {
    const english = await agent
      .post('/api/templates')
      .send({ name: 'EN', channel: 'sms', body: 'Hi {{name}} {{link}}', isDefault: true });
    const german = await agent
      .post('/api/templates')
      .send({ name: 'DE', channel: 'sms', language: 'de', body: 'Hallo {{name}} {{link}}', isDefault: true });
    expect(english.status).toBe(201);
    expect(english.body).toMatchObject({ language: 'en', isDefault: true });
    expect(german.status).toBe(201);
    expect(german.body).toMatchObject({ language: 'de', isDefault: true });

    const german2 = await agent.post('/api/templates').send({
      name: 'DE 2',
      channel: 'sms',
      language: 'de',
      body: 'Servus {{name}} {{link}}',
      isDefault: true,
    });
    expect(german2.status).toBe(201);

    const sms = (
      (await agent.get('/api/templates')).body as { name: string; language: string; isDefault: boolean }[]
    )
      .filter((t) => ['EN', 'DE', 'DE 2'].includes(t.name))
      .map((t) => [t.name, t.language, t.isDefault]);
    // English first, then the other languages.
    expect(sms).toEqual([
      ['EN', 'en', true],
      ['DE 2', 'de', true],
      ['DE', 'de', false],
    ]);
  });

  it('when only a German default exists for a channel, then the built-in English one is still listed', async () => {
    await agent
      .post('/api/templates')
      .send({ name: 'WA DE', channel: 'whatsapp', language: 'de', body: 'Hallo {{link}}', isDefault: true });

    const whatsapp = (
      (await agent.get('/api/templates')).body as { channel: string; builtIn: boolean }[]
    ).filter((t) => t.channel === 'whatsapp');
    expect(whatsapp).toMatchObject([
      { builtIn: true, language: 'en', isDefault: true },
      { builtIn: false, language: 'de', isDefault: true },
    ]);
  });

  it("when a text is previewed in a language, then it carries that language's opt-out words", async () => {
    const res = await agent
      .post('/api/templates/preview')
      .send({ channel: 'sms', language: 'fr', body: 'Bonjour {{name}} {{link}}' });

    expect(res.status).toBe(200);
    expect(res.body.body).toBe(
      'Bonjour Jordan https://reviews.example.com/review/sample-link\nRépondez STOP pour vous désinscrire.',
    );
  });

  it("when a text fits with English opt-out words but not with its own language's, then it answers 400 naming them", async () => {
    const body = `${'a'.repeat(1_600 - 33)} {{link}}`; // 1,576 + 23 English, + 34 Spanish

    const english = await agent.post('/api/templates').send({ name: 'Long EN', channel: 'sms', body });
    const spanish = await agent
      .post('/api/templates')
      .send({ name: 'Long ES', channel: 'sms', language: 'es', body });

    expect(english.status).toBe(201);
    expect(spanish.status).toBe(400);
    expect(spanish.body.message).toBe(
      'SMS messages are limited to 1,600 characters, with “Responde STOP para darte de baja.” added at the end',
    );
  });

  it('when the language is not one we speak, then it answers 400', async () => {
    const res = await agent
      .post('/api/templates')
      .send({ name: 'X', channel: 'sms', language: 'tlh', body: 'Hi {{link}}' });
    expect(res.status).toBe(400);
  });
});
