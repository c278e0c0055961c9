import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createContact, createUser, signedInAgent } from '../../../testing/factories';

/** Issue 45: a contact's language (what their messages and review page use), by form, API and CSV. */
describe.each(testDatabaseKinds)('contact language on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;
  async function signedInClient() {
    const user = await createUser(db());
    return { user, agent: await signedInAgent(app, user) };
  }

  it('when a contact is added with a language, then it is kept, changed and cleared by PATCH', async () => {
    const { agent } = await signedInClient();

    const created = await agent
      .post('/api/contacts')
      .send({ name: 'Jonas Weber', email: 'jonas@example.com', language: 'de' });
    expect(created.status).toBe(201);
    expect(created.body.language).toBe('de');

    const changed = await agent.patch(`/api/contacts/${created.body.id}`).send({ language: 'ar' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('ar');

    const cleared = await agent.patch(`/api/contacts/${created.body.id}`).send({ language: null });
    expect(cleared.body.language).toBeNull();
    const untouched = await agent.patch(`/api/contacts/${created.body.id}`).send({ name: 'Jonas W.' });
    expect(untouched.body.language).toBeNull();
  });

  it('when the language is not one we speak, then it answers 400 naming the choices and writes nothing', async () => {
    const { agent } = await signedInClient();

    const res = await agent
      .post('/api/contacts')
      .send({ name: 'Kim', email: 'kim@example.com', language: 'tlh' });

    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Choose one of: en (English), es (Spanish)');
    expect((await agent.get('/api/contacts')).body).toEqual([]);
  });

  it('when a CSV names languages by code, tag or name, then each contact gets its language; an unknown one skips the row with a reason', async () => {
    const { user, agent } = await signedInClient();
    await createContact(db(), user.id, { name: 'Old', email: 'old@example.com', language: 'fr' });
    const csv = [
      'name,email,phone,language',
      'Ana,ana@example.com,,pt-BR',
      'Bert,bert@example.com,,German',
      'Chloé,chloe@example.com,,Français',
      'Dora,dora@example.com,,',
      'Eli,eli@example.com,,Klingon',
      'Old Again,old@example.com,,',
    ].join('\n');

    const res = await agent
      .post('/api/contacts/import')
      .set('Content-Type', 'text/csv')
      .send(Buffer.from(csv));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 4, updated: 1, skipped: 1 });
    expect(res.body.rows).toContainEqual({
      line: 6,
      status: 'skipped',
      reason: 'Unknown language "Klingon" (use en, es, fr, de, pt, it, nl, ar or the language\'s name)',
    });
    const byName = Object.fromEntries(
      ((await agent.get('/api/contacts')).body as { name: string; language: string | null }[]).map((c) => [
        c.name,
        c.language,
      ]),
    );
    // An empty cell leaves an existing contact's language as it was.
    expect(byName).toEqual({ Ana: 'pt', Bert: 'de', Chloé: 'fr', Dora: null, 'Old Again': 'fr' });

    const exported = await agent.get('/api/contacts/export.csv');
    expect(exported.text.split('\r\n')[0]).toBe('name,email,phone,tags,language');
    expect(exported.text).toContain('Bert,bert@example.com,,,de');
  });
});
