import { count, eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createContact, createUser, signedInAgent } from '../../../testing/factories';
import { createContactsRepository } from '../contacts.repository';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe.each(testDatabaseKinds)('contacts CSV import on %s', (kind) => {
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
  async function contactCount(ownerId: number) {
    const [row] = await db().select({ n: count() }).from(contacts).where(eq(contacts.ownerId, ownerId));
    return row!.n;
  }
  const importCsv = (agent: Agent, csv: string | Buffer, query = '') =>
    agent.post(`/api/contacts/import${query}`).set('Content-Type', 'text/csv').send(Buffer.from(csv));

  it('when the file is good, then every row is created, phones in E.164 from the chosen country, BOM and header case ignored', async () => {
    const { agent } = await signedInClient();
    const csv =
      '\uFEFFName,EMAIL,Phone,Tags\r\nAnn Lee,ann@example.com,07911 123456,vip;dental\r\nBo,,+1 202 555 0123,\r\n';

    const res = await importCsv(agent, csv, '?country=GB');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 0,
      skipped: 0,
      truncated: false,
      rows: [
        { line: 2, status: 'created' },
        { line: 3, status: 'created' },
      ],
    });
    const list = await agent.get('/api/contacts');
    expect(list.body).toMatchObject([
      { name: 'Ann Lee', email: 'ann@example.com', phone: '+447911123456', tags: ['vip', 'dental'] },
      { name: 'Bo', email: null, phone: '+12025550123', tags: [] },
    ]);
  });

  it('when the file is sent as a multipart upload, then it is imported the same way', async () => {
    const { agent } = await signedInClient();

    const res = await agent
      .post('/api/contacts/import')
      .attach('file', Buffer.from('name,email,phone\nCy,cy@example.com,\n'), {
        filename: 'contacts.csv',
        contentType: 'text/csv',
      });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 1, updated: 0, skipped: 0 });
  });

  it('when rows repeat in the file or match existing contacts, then they update or are skipped with reasons', async () => {
    const { user, agent } = await signedInClient();
    const ann = await createContact(db(), user.id, { name: 'Ann', email: 'ann@example.com', tags: ['old'] });
    const tel = await createContact(db(), user.id, { name: 'Tel', email: null, phone: '+12025550123' });
    await createContact(db(), user.id, { name: 'Other', email: 'other@example.com', phone: null });
    await createContact(db(), user.id, { name: 'Fourth', email: null, phone: '+12025550188' });
    const csv = [
      'name,email,phone,tags',
      'Ann Updated,ANN@example.com,,new', // 2: matches by email whatever the case
      'Bob,bob@example.com,,', // 3: new
      'Bob Again,BOB@EXAMPLE.COM,,', // 4: duplicate of line 3
      'Tel Renamed,,(202) 555-0123,', // 5: matches by phone
      'Mix,other@example.com,202-555-0188,', // 6: email and phone of two contacts
      'Ann Twice,,+447911123456,', // 7: new (phone unknown)
      ',nobody@example.com,,', // 8: missing name
      'No Way,,,', // 9: no email and no phone
      'Bad Mail,not-an-email,,', // 10: invalid email
      'Bad Tel,,12,', // 11: invalid phone
    ].join('\n');

    const res = await importCsv(agent, csv);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 2, skipped: 6, truncated: false });
    expect(res.body.rows).toEqual([
      { line: 2, status: 'updated' },
      { line: 3, status: 'created' },
      { line: 4, status: 'skipped', reason: 'Duplicate of line 3 in this file' },
      { line: 5, status: 'updated' },
      { line: 6, status: 'skipped', reason: 'Email and phone belong to two different contacts' },
      { line: 7, status: 'created' },
      { line: 8, status: 'skipped', reason: 'Missing name' },
      { line: 9, status: 'skipped', reason: 'No email and no phone' },
      { line: 10, status: 'skipped', reason: 'Invalid email' },
      { line: 11, status: 'skipped', reason: 'Invalid phone' },
    ]);
    const annNow = (await agent.get(`/api/contacts/${ann.id}`)).body;
    expect(annNow).toMatchObject({ name: 'Ann Updated', email: 'ann@example.com', tags: ['old', 'new'] });
    expect((await agent.get(`/api/contacts/${tel.id}`)).body.name).toBe('Tel Renamed');
    expect(await contactCount(user.id)).toBe(6);
  });

  it('when a cell looks like a formula, then it is stored literally and the CSV export neutralises it', async () => {
    const { agent } = await signedInClient();
    const csv =
      'name,email,phone\n"=HYPERLINK(""http://evil.example"",""x"")",f1@example.com,\n@SUM(A1),f2@example.com,\n';

    const res = await importCsv(agent, csv);

    expect(res.body).toMatchObject({ created: 2, skipped: 0 });
    const names = (await agent.get('/api/contacts')).body.map((c: { name: string }) => c.name);
    expect(names).toEqual(['=HYPERLINK("http://evil.example","x")', '@SUM(A1)']);
    const exported = await agent.get('/api/contacts/export.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    expect(exported.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",f1@example.com`);
    expect(exported.text).toContain(`'@SUM(A1),f2@example.com`);
  });

  it('when one line has a malformed quote, then that line is reported with its number and the others are imported', async () => {
    const { user, agent } = await signedInClient();
    const csv =
      'name,email,phone\nGood,good@example.com,\nBad "quote,bad@example.com,\nAfter,after@example.com,\n';

    const res = await importCsv(agent, csv);

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 0,
      skipped: 1,
      truncated: false,
      rows: [
        { line: 2, status: 'created' },
        {
          line: 3,
          status: 'skipped',
          reason: 'Could not be read: a quote inside a value must be doubled ("")',
        },
        { line: 4, status: 'created' },
      ],
    });
    expect(await contactCount(user.id)).toBe(2);
  });

  it('when a quoted value is never closed, then only its line is skipped and the lines after it are imported', async () => {
    const { user, agent } = await signedInClient();
    const csv = [
      'name,email,phone',
      'Ann,ann@example.com,',
      '"Open,open@example.com,',
      '',
      'Cid,cid@example.com,',
      'Dee,dee@example.com,',
    ].join('\r\n');

    const res = await importCsv(agent, csv);

    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { line: 2, status: 'created' },
      { line: 3, status: 'skipped', reason: 'Could not be read: a quoted value is never closed' },
      { line: 5, status: 'created' },
      { line: 6, status: 'created' },
    ]);
    const names = (await agent.get('/api/contacts')).body.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Ann', 'Cid', 'Dee']);
    expect(await contactCount(user.id)).toBe(3);
  });

  it('when a line has more values than the header has columns, then it is skipped saying so; fewer values read as empty', async () => {
    const { agent } = await signedInClient();
    const csv = 'name,email,phone\nLee, Ann,ann@example.com,+447911123456\nBo,bo@example.com\n';

    const res = await importCsv(agent, csv);

    expect(res.body.rows).toEqual([
      {
        line: 2,
        status: 'skipped',
        reason: 'Has 4 values but the first row names 3 columns (put a value containing a comma in quotes)',
      },
      { line: 3, status: 'created' },
    ]);
  });

  it('when the header line itself cannot be read, then it answers 400 naming it', async () => {
    const { agent } = await signedInClient();
    const res = await importCsv(agent, '"name,email,phone\nAnn,ann@example.com,\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The first row of the CSV file could not be read (line 1).');
  });

  it('when an import replaces an existing contact’s phone or email, then the report lists each change on its row', async () => {
    const { user, agent } = await signedInClient();
    const ann = await createContact(db(), user.id, {
      name: 'Ann',
      email: 'Ann@Example.com',
      phone: '+447911123456',
    });
    const bo = await createContact(db(), user.id, {
      name: 'Bo',
      email: 'bo@old.example.com',
      phone: '+447911123458',
    });
    await createContact(db(), user.id, { name: 'Cy', email: 'cy@example.com', phone: null });
    const csv = [
      'name,email,phone',
      'Ann,ann@example.com,+447911123457', // by email (other case: not a change); a new phone
      'Bo,bo@new.example.com,+447911123458', // by phone; a new email
      'Cy,cy@example.com,+447911123459', // a phone where there was none: added, not replaced
    ].join('\n');

    const res = await importCsv(agent, csv);

    expect(res.body.rows).toEqual([
      { line: 2, status: 'updated', changes: ['Phone changed from +447911123456 to +447911123457'] },
      {
        line: 3,
        status: 'updated',
        changes: ['Email changed from bo@old.example.com to bo@new.example.com'],
      },
      { line: 4, status: 'updated' },
    ]);
    expect((await agent.get(`/api/contacts/${ann.id}`)).body).toMatchObject({
      email: 'Ann@Example.com',
      phone: '+447911123457',
    });
    expect((await agent.get(`/api/contacts/${bo.id}`)).body.email).toBe('bo@new.example.com');
  });

  it.each([
    ['name,email\nAnn,ann@example.com\n', 'missing: phone'],
    ['first,last,mobile\nA,B,C\n', 'missing: name, email'],
  ])('when a required column is missing (%j), then it answers 400 naming it', async (csv, missing) => {
    const { agent } = await signedInClient();
    const res = await importCsv(agent, csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(missing);
  });

  it('when the body is empty or has only the header, then it answers 400', async () => {
    const { agent } = await signedInClient();
    expect((await agent.post('/api/contacts/import')).body).toEqual({
      message: 'Please choose a CSV file to import.',
      code: 'bad_request',
    });
    expect((await importCsv(agent, 'name,email,phone\n')).status).toBe(400);
  });

  it('when the file is larger than 5 MB, then it answers 413 with a message, raw or multipart', async () => {
    const { user, agent } = await signedInClient();
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');

    const raw = await importCsv(agent, big);
    expect(raw.status).toBe(413);
    expect(raw.body).toEqual({
      message: 'The CSV file is larger than 5 MB. Split it into smaller files.',
      code: 'payload_too_large',
    });

    const multipart = await agent
      .post('/api/contacts/import')
      .attach('file', big, { filename: 'big.csv', contentType: 'text/csv' });
    expect(multipart.status).toBe(413);
    expect(await contactCount(user.id)).toBe(0);
  });

  it('when the file is not UTF-8, then it answers 400 with a clear message', async () => {
    const { agent } = await signedInClient();
    // "José" in Latin-1: 0xE9 alone is not valid UTF-8.
    const latin1 = Buffer.concat([
      Buffer.from('name,email,phone\nJos'),
      Buffer.from([0xe9]),
      Buffer.from(',j@example.com,\n'),
    ]);

    const res = await importCsv(agent, latin1);

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/not UTF-8/);
  });

  it('when the country is unknown, then it answers 400', async () => {
    const { agent } = await signedInClient();
    const res = await importCsv(agent, 'name,email,phone\nA,a@example.com,\n', '?country=XX');
    expect(res.status).toBe(400);
  });

  it('when 10,000 rows are imported, then it takes under 10 s, counts are exact and the report is capped', async () => {
    const { user, agent } = await signedInClient();
    await createContact(db(), user.id, { name: 'Existing', email: 'person5@example.com' });
    const lines = ['name,email,phone'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`Person ${i},person${i}@example.com,`);
    lines.push('No Contact,,');

    const started = Date.now();
    const res = await importCsv(agent, lines.join('\n'));
    const elapsed = Date.now() - started;

    expect(res.status).toBe(200);
    expect(elapsed).toBeLessThan(10_000);
    expect(res.body).toMatchObject({ created: 9_999, updated: 1, skipped: 1, truncated: true });
    expect(res.body.rows).toHaveLength(1000);
    // The skipped row is listed even though it is the last of the file.
    expect(res.body.rows).toContainEqual({
      line: 10_002,
      status: 'skipped',
      reason: 'No email and no phone',
    });
    expect(await contactCount(user.id)).toBe(10_000);
    expect((await agent.get('/api/contacts?q=person5%40').expect(200)).body[0].name).toBe('Person 5');
  });

  it('when a write fails part-way through the import, then nothing of it is kept', async () => {
    const user = await createUser(db());
    const repo = createContactsRepository(db());
    const rows = Array.from({ length: 1500 }, (_, i) => ({
      name: `P${i}`,
      // Row 1,200 (second batch) collides with row 0 (first batch) on the unique email index.
      email: i === 1200 ? 'p0@example.com' : `p${i}@example.com`,
      phone: null,
      tags: [],
      language: null,
    }));

    await expect(
      repo.importContacts(user.id, () => ({ inserts: rows, updates: [] }), { emails: [], phones: [] }),
    ).rejects.toThrow();

    expect(await contactCount(user.id)).toBe(0);
  });
});
