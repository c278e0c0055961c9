import type { Express } from 'express';
import supertest from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocation, createUser, registrationFor, signedInAgent } from '../testing/factories';
import { sendJsonBytes } from '../testing/json-bytes';
import { createTestApp } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

const NUL = '\u0000';

/**
 * Input a client can send but the database cannot store, or a body the parsers cannot read (issue 12,
 * item 8): each answers 4xx with a JSON message, never a 500 and never a reset connection.
 */
describe.each(testDatabaseKinds)('malformed input on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let agent: TestAgent;
  let publicLink: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db);
    const user = await createUser(database.handle.db);
    publicLink = (await createLocation(database.handle.db, user.id)).publicLink;
    agent = await signedInAgent(app, user);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const expectRefused = (res: supertest.Response, status = 400) => {
    expect(res.status).toBe(status);
    expect(res.type).toBe('application/json');
    expect(typeof res.body.message).toBe('string');
    expect(typeof res.body.code).toBe('string');
  };

  it.each([
    [
      'a public review',
      () =>
        supertest(app)
          .post(`/api/public/review/${publicLink}`)
          .send({ rating: 4, content: `Nice${NUL}` }),
    ],
    [
      'a template',
      () => agent.post('/api/templates').send({ name: `T${NUL}`, channel: 'sms', body: 'Hi {{link}}' }),
    ],
    [
      'a registration',
      () => {
        const account = registrationFor({ firstName: `Eve${NUL}` });
        return supertest(app)
          .post('/api/register')
          .send({ ...account, username: account.email });
      },
    ],
    ['a contact', () => agent.post('/api/contacts').send({ name: `Ann${NUL}`, email: 'ann@example.com' })],
    ['a search', () => agent.get('/api/reviews?q=%00')],
    ['a contacts search', () => agent.get('/api/contacts?q=%00')],
    ['a tag filter', () => agent.get('/api/contacts?tag=%00')],
    [
      'a nested value',
      () =>
        agent
          .post('/api/templates')
          .send({ name: 'T', channel: 'sms', body: 'Hi {{link}}', extra: [{ a: NUL }] }),
    ],
  ])('when %s carries a NUL character, then it answers 400 with a message', async (_what, send) => {
    const res = await send();

    expectRefused(res);
    expect(res.body.message).toBe('Text must not contain the NUL character.');
    expect(res.body.code).toBe('validation_failed');
    expect(Object.values(res.body.details as Record<string, string[]>)).toEqual([
      ['Text must not contain the NUL character.'],
    ]);
  });

  it('when the export is asked for a NUL search, then it answers 400 JSON before any CSV goes out', async () => {
    const res = await agent.get('/api/reviews/export.csv?q=%00');

    expectRefused(res);
  });

  it('when a multipart body has no boundary, then the upload and the import answer 400', async () => {
    const upload = await supertest(app)
      .post(`/api/public/review/${publicLink}/video`)
      .set('Content-Type', 'multipart/form-data')
      .send('--x\r\n');
    const importing = await agent
      .post('/api/contacts/import')
      .set('Content-Type', 'multipart/form-data')
      .send('--x\r\n');

    expectRefused(upload);
    expectRefused(importing);
    expect([upload.body.code, importing.body.code]).toEqual(['malformed_upload', 'malformed_upload']);
  });

  it('when two files come in one field, then it answers 400 and keeps neither', async () => {
    const res = await supertest(app)
      .post(`/api/public/review/${publicLink}/video`)
      .attach('video', Buffer.from('first'), 'a.webm')
      .attach('video', Buffer.from('second'), 'b.webm');

    expectRefused(res);
    expect(res.body.code).toBe('malformed_upload');
  });

  it('when a body claims gzip but is not, then it answers 400', async () => {
    const res = await sendJsonBytes(
      agent.post('/api/templates').set('Content-Encoding', 'gzip'),
      Buffer.from('this is not gzip'),
    );

    expectRefused(res);
  });

  it('when JSON is nested thousands deep, then it answers 400', async () => {
    const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

    const arrays = await agent.post('/api/templates').set('Content-Type', 'application/json').send(deepArray);
    const objects = await agent
      .post('/api/templates')
      .set('Content-Type', 'application/json')
      .send(deepObject);

    expectRefused(arrays);
    expectRefused(objects);
  });
});
