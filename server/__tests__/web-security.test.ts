import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES } from '@shared/templates';
import { composeEmail } from '../features/templates/compose';
import { UNSUPPORTED_VIDEO_MESSAGE } from '../features/public-review/public-review.service';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';
import { createTestApp } from '../testing/test-app';
import { createContact, createLocation, createReview, createUser, signedInAgent } from '../testing/factories';

const HOST = 'app.reviewflow.test';
const OWN_ORIGIN = `http://${HOST}`;
const EVIL_ORIGIN = 'https://evil.example';
const FORMULAS = [`=cmd|' /C calc'!A0`, '+1', '-1', '@SUM(1)'];

/** A 1x1 PNG: a real image, not a video. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function csvRows(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: true }) as string[][];
}

describe.each(testDatabaseKinds)('web security on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-web-security-'));
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const app = () => createTestApp(db(), { DATA_DIR: dataDir });

  async function signedInOwner() {
    const owner = await createUser(db(), { firstName: 'Casey' });
    const agent = await signedInAgent(app(), owner);
    return { owner, agent };
  }

  describe('cross-origin state-changing requests', () => {
    type Agent = Awaited<ReturnType<typeof signedInOwner>>['agent'];
    const requests: [
      string,
      (agent: Agent, ids: { reviewId: number; email: string }) => ReturnType<Agent['post']>,
    ][] = [
      [
        'POST /api/contacts',
        (agent) => agent.post('/api/contacts').send({ name: 'Jordan Lee', email: 'jordan@example.com' }),
      ],
      [
        'POST /api/reviews/:id/response',
        (agent, { reviewId }) =>
          agent.post(`/api/reviews/${reviewId}/response`).send({ responseContent: 'Thank you!' }),
      ],
      [
        'PATCH /api/user',
        // The owner's own address: a new one goes through POST /api/user/email, never a plain save.
        (agent, { email }) =>
          agent.patch('/api/user').send({ firstName: 'Robin', companyName: 'Robin Bakery', email }),
      ],
    ];

    it.each(requests)(
      'when %s comes from another origin, then it answers 403 and changes nothing',
      async (_name, send) => {
        const { owner, agent } = await signedInOwner();
        const review = await createReview(db(), owner.id);

        const res = await send(agent, { reviewId: review.id, email: owner.email })
          .set('Host', HOST)
          .set('Origin', EVIL_ORIGIN);

        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Cross-origin request refused');
        const contacts = await agent.get('/api/contacts');
        expect(JSON.stringify(contacts.body)).not.toContain('Jordan Lee');
        const me = await agent.get('/api/user');
        expect(me.body.firstName).toBe('Casey');
        const reviews = await agent.get('/api/reviews');
        expect(JSON.stringify(reviews.body)).not.toContain('Thank you!');
      },
    );

    it.each(requests)('when %s comes from the same origin, then it is served', async (_name, send) => {
      const { owner, agent } = await signedInOwner();
      const review = await createReview(db(), owner.id);

      const res = await send(agent, { reviewId: review.id, email: owner.email })
        .set('Host', HOST)
        .set('Origin', OWN_ORIGIN);

      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
    });

    it.each(requests)('when %s carries no Origin header, then it is served', async (_name, send) => {
      const { owner, agent } = await signedInOwner();
      const review = await createReview(db(), owner.id);

      const res = await send(agent, { reviewId: review.id, email: owner.email });

      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
    });
  });

  describe('emails', () => {
    it('when a contact is named <script>, then the review-request email escapes the name', async () => {
      const { owner } = await signedInOwner();
      const contact = await createContact(db(), owner.id, { name: '<script>alert(1)</script>' });

      const email = composeEmail(DEFAULT_TEMPLATES.email, {
        name: contact.name,
        business: '<b>Casey</b> & Co',
        link: 'https://app.example/review/abc?x=1&y="2"',
      });

      expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(email.html).not.toMatch(/<script/i);
      expect(email.html).not.toContain('<b>Casey</b>');
      expect(email.html).not.toContain('"2"');
    });
  });

  describe('CSV exports', () => {
    it('when review cells start with = + - @, then the reviews export prefixes them with an apostrophe', async () => {
      const { owner, agent } = await signedInOwner();
      for (const formula of FORMULAS) {
        await createReview(db(), owner.id, { content: formula, reviewerName: formula });
      }

      const res = await agent.get('/api/reviews/export.csv').buffer(true);

      expect(res.status).toBe(200);
      const cells = csvRows(res.text).slice(1).flat();
      for (const formula of FORMULAS) {
        expect(cells.filter((cell) => cell === `'${formula}`).length).toBeGreaterThanOrEqual(2);
      }
      expect(cells.some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    });

    it('when contact cells start with = + - @, then the contacts export prefixes them with an apostrophe', async () => {
      const { owner, agent } = await signedInOwner();
      for (const formula of FORMULAS) {
        await createContact(db(), owner.id, { name: formula, tags: [formula] });
      }

      const res = await agent.get('/api/contacts/export.csv').buffer(true);

      expect(res.status).toBe(200);
      const rows = csvRows(res.text).slice(1);
      const names = rows.map((row) => row[0]);
      for (const formula of FORMULAS) expect(names).toContain(`'${formula}`);
      expect(rows.flat().some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
    });
    it("when a cell hides a formula after a ';', ',' or tab, then no spreadsheet locale sees a formula", async () => {
      const { owner, agent } = await signedInOwner();
      const hidden = ['Eve2;=1+1', 'Ann, -2+3', 'x\t@SUM(A1)', 'a;"=HYPERLINK(1)"'];
      for (const text of hidden) {
        await createReview(db(), owner.id, { content: text, reviewerName: 'Eve' });
        await createContact(db(), owner.id, { name: text });
      }

      const exports = [
        (await agent.get('/api/reviews/export.csv').buffer(true)).text,
        (await agent.get('/api/contacts/export.csv').buffer(true)).text,
      ];

      for (const text of exports) {
        // How a spreadsheet splits a line in a ';' locale, a ',' locale or a tab-separated paste.
        const pieces = text.split(/\r?\n/).flatMap((line) => line.split(/[;,\t]/));
        const live = pieces.map((p) => p.trimStart().replace(/^"/, '')).filter((p) => /^[=+\-@]/.test(p));
        expect(live).toEqual([]);
      }
    });
  });

  describe('caching', () => {
    it("when a client's data is answered, then no cache may keep it; the answers meant for everyone stay cacheable", async () => {
      const { owner, agent } = await signedInOwner();
      const review = await createReview(db(), owner.id, { content: 'Private words' });

      const privateAnswers = [
        await agent.get('/api/user'),
        await agent.get('/api/reviews?page=1&pageSize=10'),
        await agent.get(`/api/reviews/${review.id}`),
        await agent.get('/api/dashboard/stats'),
        await agent.get('/api/no-such-route'),
        await supertest(app()).get('/api/user'),
      ];
      const planTerms = await supertest(app()).get('/api/plan-terms');

      expect(privateAnswers.map((res) => [res.status, res.headers['cache-control']])).toEqual([
        [200, 'no-store'],
        [200, 'no-store'],
        [200, 'no-store'],
        [200, 'no-store'],
        [404, 'no-store'],
        [401, 'no-store'],
      ]);
      expect([planTerms.status, planTerms.headers['cache-control']]).toEqual([200, 'public, max-age=300']);
    });
  });

  describe('video upload', () => {
    it.each([
      ['a PNG', PNG],
      ['plain text', Buffer.from('this is not a video at all, just some text\n'.repeat(20))],
    ])('when a file named and typed video/mp4 holds %s, then it is refused', async (_what, bytes) => {
      const owner = await createUser(db());
      const location = await createLocation(db(), owner.id);

      const upload = await supertest(app())
        .post(`/api/public/review/${location.publicLink}/video`)
        .attach('video', bytes, { filename: 'clip.mp4', contentType: 'video/mp4' });

      expect(upload.status).toBe(415);
      expect(upload.body.message).toBe(UNSUPPORTED_VIDEO_MESSAGE);
      expect(upload.body.videoToken).toBeUndefined();
    });
  });
});
