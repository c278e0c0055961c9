import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createTestApp } from '../../../testing/test-app';
import { createUser, signedInAgent } from '../../../testing/factories';
import { DEFAULT_TEMPLATES } from '@shared/templates';

const emailTemplate = {
  name: 'Friendly email',
  channel: 'email',
  subject: 'Thanks from {{business}}',
  body: 'Hi {{name}}, tell us how we did: {{link}}',
};
const smsTemplate = { name: 'Short SMS', channel: 'sms', body: 'Hi {{name}}! {{link}}' };

describe.each(testDatabaseKinds)('templates API on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;
  const app = () => createTestApp(db(), { PUBLIC_BASE_URL: 'https://reviews.example.com' });

  type Client = {
    user: Awaited<ReturnType<typeof createUser>>;
    agent: Awaited<ReturnType<typeof signedInAgent>>;
  };
  // Password hashing is slow on purpose: a few accounts are made once and each test reads only its own rows.
  let fresh: Client; // never writes
  let alice: Client;
  let bob: Client;
  let harbour: Client;
  let adminAgent: Awaited<ReturnType<typeof signedInAgent>>;

  async function client(overrides: { companyName?: string } = {}): Promise<Client> {
    const user = await createUser(db(), overrides);
    return { user, agent: await signedInAgent(app(), user) };
  }

  beforeAll(async () => {
    [fresh, alice, bob, harbour] = await Promise.all([
      client(),
      client(),
      client(),
      client({ companyName: 'Harbour Coffee' }),
    ]);
    const admin = await createUser(db(), { role: 'admin' });
    adminAgent = await signedInAgent(app(), admin);
  });

  const countOwn = async (ownerId: number) =>
    (await db().select({ id: templates.id }).from(templates).where(eq(templates.ownerId, ownerId))).length;

  describe('GET /api/templates', () => {
    it('when the client has none, then it answers the shipped default of each channel as built-in', async () => {
      const res = await fresh.agent.get('/api/templates');

      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(3);
      expect(res.body.map((t: { channel: string }) => t.channel)).toEqual(['email', 'sms', 'whatsapp']);
      for (const t of res.body) {
        expect(t).toMatchObject({
          id: null,
          builtIn: true,
          isDefault: true,
          body: DEFAULT_TEMPLATES[t.channel as 'sms'].body,
        });
      }
    });

    it('when the client has a default for a channel, then that channel shows theirs and no built-in', async () => {
      const { agent } = bob;
      const created = await agent
        .post('/api/templates')
        .send({ ...smsTemplate, channel: 'whatsapp', isDefault: true })
        .expect(201);

      const res = await agent.get('/api/templates');

      const whatsapp = res.body.filter((t: { channel: string }) => t.channel === 'whatsapp');
      expect(whatsapp.some((t: { builtIn: boolean }) => t.builtIn)).toBe(false);
      expect(whatsapp.find((t: { isDefault: boolean }) => t.isDefault)).toMatchObject({
        id: created.body.id,
        builtIn: false,
      });
      // A channel with no default of theirs still shows the shipped one.
      expect(
        res.body.filter((t: { builtIn: boolean }) => t.builtIn).map((t: { channel: string }) => t.channel),
      ).toContain('email');
    });

    it('when another client has templates, then they never appear', async () => {
      await alice.agent.post('/api/templates').send(emailTemplate).expect(201);

      const res = await fresh.agent.get('/api/templates');

      expect(res.body.every((t: { builtIn: boolean }) => t.builtIn)).toBe(true);
    });
  });

  describe('POST /api/templates', () => {
    it('when valid, then it stores the template and answers it with its id', async () => {
      const { agent, user } = alice;

      const res = await agent.post('/api/templates').send(emailTemplate);

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ ...emailTemplate, isDefault: false, builtIn: false });
      expect(res.body.id).toEqual(expect.any(Number));
      const [row] = await db().select().from(templates).where(eq(templates.id, res.body.id));
      expect(row).toMatchObject({ ownerId: user.id, subject: emailTemplate.subject });
    });

    it.each([
      ['name', { ...emailTemplate, name: '  ' }, 'Please enter a template name'],
      ['subject', { ...emailTemplate, subject: '' }, 'Please enter a subject'],
      ['body', { ...emailTemplate, body: '   ' }, 'Please enter the message'],
      [
        'body',
        { ...emailTemplate, body: 'Hi {{name}}, no link here' },
        'The message must include the {{link}} placeholder',
      ],
      [
        'body',
        { ...smsTemplate, body: `{{link}} ${'a'.repeat(1600)}` },
        'SMS messages are limited to 1,600 characters',
      ],
      [
        'body',
        { ...smsTemplate, channel: 'whatsapp', body: `{{link}} ${'a'.repeat(1600)}` },
        'WhatsApp messages are limited to 1,600 characters',
      ],
      [
        'body',
        { ...emailTemplate, body: `{{link}} ${'a'.repeat(10_000)}` },
        'Email messages are limited to 10,000 characters',
      ],
    ])(
      'when %s is invalid (%#), then it answers 400 with the message and stores nothing',
      async (field, body, message) => {
        const { agent, user } = alice;
        const before = await countOwn(user.id);

        const res = await agent.post('/api/templates').send(body);

        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.details[field]).toContain(message);
        expect(await countOwn(user.id)).toBe(before);
      },
    );

    it('when an SMS template has no subject, then it is accepted; an email body of 10,000 characters is too', async () => {
      const { agent } = alice;

      await agent.post('/api/templates').send(smsTemplate).expect(201);
      const long = `{{link}}${'a'.repeat(10_000 - 8)}`;
      await agent
        .post('/api/templates')
        .send({ ...emailTemplate, body: long })
        .expect(201);
    });

    it('when the channel is unknown, then it answers 400', async () => {
      const { agent } = alice;
      const res = await agent.post('/api/templates').send({ ...smsTemplate, channel: 'fax' });
      expect(res.status).toBe(400);
      expect(res.body.details.channel).toBeDefined();
    });
  });

  describe('one default per channel', () => {
    it('when a second template of the channel becomes default, then the first is no longer default', async () => {
      const { agent, user } = alice;
      const first = await agent
        .post('/api/templates')
        .send({ ...smsTemplate, isDefault: true })
        .expect(201);
      const email = await agent
        .post('/api/templates')
        .send({ ...emailTemplate, isDefault: true })
        .expect(201);

      const second = await agent
        .post('/api/templates')
        .send({ ...smsTemplate, name: 'Second', isDefault: true });

      expect(second.status).toBe(201);
      const defaults = await db()
        .select({ id: templates.id, channel: templates.channel })
        .from(templates)
        .where(and(eq(templates.ownerId, user.id), eq(templates.isDefault, true)));
      expect(defaults.filter((d) => d.channel === 'sms')).toEqual([{ id: second.body.id, channel: 'sms' }]);
      // Another channel's default is untouched.
      expect(defaults.filter((d) => d.channel === 'email')).toEqual([
        { id: email.body.id, channel: 'email' },
      ]);
      expect(first.body.id).not.toBe(second.body.id);

      // and back again through PATCH
      const patched = await agent.patch(`/api/templates/${first.body.id}`).send({ isDefault: true });
      expect(patched.status).toBe(200);
      const list = await agent.get('/api/templates');
      const smsDefaults = list.body.filter(
        (t: { channel: string; isDefault: boolean }) => t.channel === 'sms' && t.isDefault,
      );
      expect(smsDefaults.map((t: { id: number }) => t.id)).toEqual([first.body.id]);
    });

    it("when another client's default exists, then it is left alone", async () => {
      const theirs = await bob.agent
        .post('/api/templates')
        .send({ ...smsTemplate, isDefault: true })
        .expect(201);

      await alice.agent
        .post('/api/templates')
        .send({ ...smsTemplate, isDefault: true })
        .expect(201);

      const [row] = await db().select().from(templates).where(eq(templates.id, theirs.body.id));
      expect(row!.isDefault).toBe(true);
    });
  });

  describe('PATCH and DELETE /api/templates/:id', () => {
    it('when a field changes, then the rest stays and the whole is checked again', async () => {
      const { agent } = alice;
      const created = await agent.post('/api/templates').send(emailTemplate).expect(201);

      const renamed = await agent.patch(`/api/templates/${created.body.id}`).send({ name: 'Renamed' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        name: 'Renamed',
        subject: emailTemplate.subject,
        body: emailTemplate.body,
      });

      const noLink = await agent.patch(`/api/templates/${created.body.id}`).send({ body: 'No link' });
      expect(noLink.status).toBe(400);
      expect(noLink.body.message).toBe('The message must include the {{link}} placeholder');
      const noSubject = await agent.patch(`/api/templates/${created.body.id}`).send({ subject: null });
      expect(noSubject.status).toBe(400);
      expect(noSubject.body.message).toBe('Please enter a subject');
      const unknownField = await agent.patch(`/api/templates/${created.body.id}`).send({ channel: 'sms' });
      expect(unknownField.status).toBe(400);
    });

    it("when the template is another client's or missing, then PATCH, DELETE and preview answer 404", async () => {
      const theirs = await bob.agent.post('/api/templates').send(emailTemplate).expect(201);
      const { agent } = alice;

      for (const id of [theirs.body.id, 999_999]) {
        expect((await agent.patch(`/api/templates/${id}`).send({ name: 'Mine now' })).status).toBe(404);
        expect((await agent.delete(`/api/templates/${id}`)).status).toBe(404);
        expect((await agent.post(`/api/templates/${id}/preview`).send({})).status).toBe(404);
      }
      const [row] = await db().select().from(templates).where(eq(templates.id, theirs.body.id));
      expect(row!.name).toBe(emailTemplate.name);
    });

    it('when deleted, then it is gone from the list', async () => {
      const { agent } = alice;
      const created = await agent.post('/api/templates').send(smsTemplate).expect(201);

      expect((await agent.delete(`/api/templates/${created.body.id}`)).status).toBe(204);

      const list = await agent.get('/api/templates');
      expect(list.body.some((t: { id: number | null }) => t.id === created.body.id)).toBe(false);
    });

    it('when the id is not a number, then it answers 400', async () => {
      const { agent } = alice;
      expect((await agent.delete('/api/templates/abc')).status).toBe(400);
    });
  });

  describe('previews', () => {
    it('when a saved email template is previewed, then it renders with the business name and a sample link', async () => {
      const { agent } = harbour;
      const created = await agent.post('/api/templates').send(emailTemplate).expect(201);

      const res = await agent.post(`/api/templates/${created.body.id}/preview`).send({});

      expect(res.status).toBe(200);
      expect(res.body.subject).toBe('Thanks from Harbour Coffee');
      expect(res.body.body).toMatch(
        /^Hi Jordan, tell us how we did: https:\/\/reviews\.example\.com\/review\/\S+$/,
      );
      expect(res.body.segments).toBeNull();
      expect(res.body.characters).toBe([...res.body.body].length);
    });

    it('when unsaved SMS text is previewed with given values, then it counts characters and segments', async () => {
      const { agent } = harbour;

      const res = await agent.post('/api/templates/preview').send({
        channel: 'sms',
        body: 'Hi {{name}} from {{business}}: {{link}}',
        values: { name: 'Ana', link: 'https://x.test/r/1' },
      });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        subject: null,
        body: 'Hi Ana from Harbour Coffee: https://x.test/r/1\nReply STOP to opt out.',
        characters: 69,
        segments: 1,
        encoding: 'GSM-7',
      });
    });

    it('when the text needs Unicode, then it is UCS-2 with 70 characters per single segment', async () => {
      const { agent } = alice;

      const res = await agent.post('/api/templates/preview').send({
        channel: 'whatsapp',
        body: `${'é'.repeat(10)}ł${'a'.repeat(70)} {{link}}`,
        values: { link: 'L' },
      });

      // 83 of the template and 23 of the opt-out words the renderer adds.
      expect(res.body).toMatchObject({ encoding: 'UCS-2', characters: 106, segments: 2 });
    });

    it('when the preview has no channel, then it answers 400', async () => {
      const { agent } = alice;
      expect((await agent.post('/api/templates/preview').send({ body: '{{link}}' })).status).toBe(400);
    });
  });

  describe('placeholders that cannot break', () => {
    const USE = 'Use {{name}}, {{business}} or {{link}}.';

    it.each([
      [
        'body',
        { ...smsTemplate, body: 'Hi {{unknown}}! {{link}}' },
        `Unknown placeholder {{unknown}}. ${USE}`,
      ],
      ['body', { ...smsTemplate, body: 'Hi {{name}! {{link}}' }, `Unfinished placeholder {{name}. ${USE}`],
      ['subject', { ...emailTemplate, subject: 'For {{city}}' }, `Unknown placeholder {{city}}. ${USE}`],
    ])(
      'when a template is created with a bad placeholder in its %s, then it answers 400 naming it and the allowed ones',
      async (field, template, message) => {
        const { agent, user } = alice;
        const before = await countOwn(user.id);

        const res = await agent.post('/api/templates').send(template);

        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.details).toEqual({ [field]: [message] });
        expect(await countOwn(user.id)).toBe(before);
      },
    );

    it('when a template is edited to hold an unknown placeholder, then it answers 400 and keeps the old text', async () => {
      const { agent } = alice;
      const created = await agent.post('/api/templates').send(smsTemplate).expect(201);

      const res = await agent
        .patch(`/api/templates/${created.body.id}`)
        .send({ body: 'Hi {{first_name}}, {{link}}' });

      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ body: [`Unknown placeholder {{first_name}}. ${USE}`] });
      const [row] = await db().select().from(templates).where(eq(templates.id, created.body.id));
      expect(row!.body).toBe(smsTemplate.body);
    });

    it('when placeholders have spaces inside the braces, then they are accepted and filled', async () => {
      const { agent } = harbour;
      const created = await agent
        .post('/api/templates')
        .send({ ...smsTemplate, body: 'Hi {{ name }} from {{ business }}: {{ link }}' })
        .expect(201);

      const preview = await agent
        .post(`/api/templates/${created.body.id}/preview`)
        .send({ values: { name: 'Ana', link: 'https://x.test/r/1' } })
        .expect(200);

      expect(preview.body.body).toBe(
        'Hi Ana from Harbour Coffee: https://x.test/r/1\nReply STOP to opt out.',
      );
    });

    it('when a template saved before the rule holds an unknown placeholder, then its preview leaves it out', async () => {
      const { user, agent } = harbour;
      const [row] = await db()
        .insert(templates)
        .values({ ownerId: user.id, name: 'Old', channel: 'sms', body: 'Hi {{first_name}}! {{link}}' })
        .returning();

      const preview = await agent
        .post(`/api/templates/${row!.id}/preview`)
        .send({ values: { link: 'https://x.test/r/1' } })
        .expect(200);

      expect(preview.body.body).toBe('Hi ! https://x.test/r/1\nReply STOP to opt out.');
    });
  });

  describe('the opt-out words', () => {
    it.each([['sms'], ['whatsapp']])(
      'when a saved %s template has no STOP, then its preview ends with "Reply STOP to opt out."',
      async (channel) => {
        const { agent } = harbour;
        const created = await agent
          .post('/api/templates')
          .send({ ...smsTemplate, channel })
          .expect(201);

        const res = await agent.post(`/api/templates/${created.body.id}/preview`).send({}).expect(200);

        expect(res.body.body).toMatch(
          /^Hi Jordan! https:\/\/reviews\.example\.com\/review\/\S+\nReply STOP to opt out\.$/,
        );
        expect(res.body.characters).toBe([...res.body.body].length);
      },
    );

    it('when the template says STOP its own way, then nothing is added; an email never gets the words', async () => {
      const { agent } = harbour;
      const own = await agent
        .post('/api/templates/preview')
        .send({ channel: 'sms', body: 'Hi {{name}} {{link}} Text stop to end', values: { link: 'L' } })
        .expect(200);
      const email = await agent
        .post('/api/templates/preview')
        .send({ channel: 'email', subject: 'Hi', body: 'Hi {{name}} {{link}}', values: { link: 'L' } })
        .expect(200);

      expect(own.body.body).toBe('Hi Jordan L Text stop to end');
      expect(email.body.body).toBe('Hi Jordan L');
    });

    it('when the shipped SMS and WhatsApp templates are listed, then both carry the opt-out words', async () => {
      const list = (await fresh.agent.get('/api/templates').expect(200)).body as Array<{
        channel: string;
        body: string;
      }>;

      for (const channel of ['sms', 'whatsapp'])
        expect(list.find((t) => t.channel === channel)!.body).toMatch(/Reply STOP to opt out\.$/);
    });
  });

  describe('admin mirror', () => {
    it("when an admin acts inside a client's area, then the client's templates are the ones read and written", async () => {
      const { user, agent } = bob;

      const created = await adminAgent.post(`/api/admin/clients/${user.id}/templates`).send(smsTemplate);
      expect(created.status).toBe(201);

      const own = await agent.get('/api/templates');
      expect(own.body.some((t: { id: number }) => t.id === created.body.id)).toBe(true);
      const [row] = await db().select().from(templates).where(eq(templates.id, created.body.id));
      expect(row!.ownerId).toBe(user.id);
      expect((await agent.get('/api/admin/clients/1/templates')).status).toBe(403);
    });
  });
});
