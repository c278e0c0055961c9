import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, gt, inArray, sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { jobs, outboundMessages, users } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { enqueue } from '../../../lib/queue/enqueue';
import { createTestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { weekStartOf } from '../../notifications/notifications.jobs';
import { tinyWebm } from '../../public-review/__tests__/video-fixtures';
import { createRequestSettingsRepository } from '../../review-requests/request-settings.repository';
import { deliveryKey, reminderKey } from '../../review-requests/sending-schedule';

/**
 * Issue 42, item 6: what a deleted account leaves behind. Its rows cascade; the questions are the mail its
 * queued jobs would send, and its customers' video files on disk.
 */
describe.each(testDatabaseKinds)('what a deleted account leaves behind on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let dataDir: string;
  let app: Express;
  const db = () => database.handle.db;
  const env = () => ({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'http://app.test', DATA_DIR: dataDir });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-deleted-account-'));
    app = createTestApp(db(), env());
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const videosOf = (ownerId: number) => path.join(dataDir, 'uploads', 'videos', String(ownerId));

  /** A customer's video review sent through the public page; its low rating queues an alert. */
  async function videoReview(ownerId: number, locationId: number, contactId: number) {
    const request = await createReviewRequest(db(), ownerId, locationId, {
      contactId,
      status: 'sent',
      sentAt: new Date(),
    });
    const uploaded = await agentFor(app)
      .post(`/api/public/review/${request.uniqueLink}/video`)
      .attach('video', tinyWebm(200), { filename: 'clip.webm', contentType: 'video/webm' })
      .expect(201);
    await agentFor(app)
      .post(`/api/public/review/${request.uniqueLink}`)
      .send({ rating: 2, content: 'Cold coffee', videoToken: uploaded.body.videoToken })
      .expect(200);
  }

  /**
   * A client with mail waiting in the queue: a review request queued to one customer, a reminder due to a
   * second, and to the owner the alert about a third customer's video review and this week's digest. Quiet
   * hours are off: these tests run at any hour.
   */
  async function accountWithMailQueued() {
    const firstJob = await lastJobId();
    const owner = await createUser(db());
    const location = await createLocation(db(), owner.id);
    const settings = createRequestSettingsRepository(db());
    await settings.save(owner.id, { ...(await settings.get(owner.id)), quietHoursEnabled: false });
    const [asked, reminded, filming] = await Promise.all([1, 2, 3].map(() => createContact(db(), owner.id)));

    const queued = await createReviewRequest(db(), owner.id, location.id, {
      contactId: asked!.id,
      status: 'queued',
    });
    await enqueue(
      db(),
      'deliver-review-request',
      { reviewRequestId: queued.id },
      { dedupeKey: deliveryKey(queued.id) },
    );
    const sent = await createReviewRequest(db(), owner.id, location.id, {
      contactId: reminded!.id,
      status: 'sent',
      sentAt: new Date(),
    });
    await enqueue(
      db(),
      'send-request-reminder',
      { reviewRequestId: sent.id, reminder: 1 },
      { dedupeKey: reminderKey(sent.id, 1) },
    );
    await videoReview(owner.id, location.id, filming!.id);
    const weekStart = weekStartOf(new Date()).toISOString().slice(0, 10);
    await enqueue(db(), 'send-weekly-digest', { userId: owner.id, weekStart });

    // The customer who filmed is mailed nothing; their address is the account's all the same.
    const addresses = [owner.email, asked!.email!, reminded!.email!, filming!.email!];
    return {
      owner,
      addresses,
      mailed: [owner.email, owner.email, asked!.email!, reminded!.email!],
      firstJob,
    };
  }

  async function lastJobId(): Promise<number> {
    const [row] = await db()
      .select({ id: sql<number>`coalesce(max(${jobs.id}), 0)`.mapWith(Number) })
      .from(jobs);
    return row!.id;
  }

  const jobsSince = (firstJob: number) =>
    db()
      .select({
        queue: jobs.queue,
        status: jobs.status,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
      })
      .from(jobs)
      .where(gt(jobs.id, firstJob))
      .orderBy(jobs.id);
  const mailTo = (addresses: string[]) =>
    smtp.messages.filter((m) => m.to.some((to) => addresses.includes(to)));
  const keptFor = (addresses: string[]) =>
    db().select().from(outboundMessages).where(inArray(outboundMessages.recipient, addresses));

  const deleteBy = {
    'the client': async (owner: { email: string; password: string }) => {
      const agent = await signedInAgent(app, owner);
      await agent.delete('/api/user').send({ password: owner.password }).expect(204);
    },
    'the admin': async (owner: { id: number }) => {
      const admin = await signedInAgent(app, await createUser(db(), { role: 'admin' }));
      await admin.delete(`/api/admin/clients/${owner.id}`).expect(204);
    },
  };

  it('when the account stays, then the same queue sends its four messages (the arrangement mails)', async () => {
    const { addresses, mailed } = await accountWithMailQueued();

    await createTestBackground(db(), env()).drain();

    expect(
      mailTo(addresses)
        .map((m) => m.to[0])
        .sort(),
    ).toEqual([...mailed].sort());
  });

  it.each(Object.keys(deleteBy) as (keyof typeof deleteBy)[])(
    'when %s deletes an account with mail queued and a video review stored, then nothing is mailed to its addresses, each job ends quietly, and its videos go',
    async (who) => {
      const { owner, addresses, firstJob } = await accountWithMailQueued();
      const bystander = await createUser(db());
      const bystanderLocation = await createLocation(db(), bystander.id);
      await videoReview(bystander.id, bystanderLocation.id, (await createContact(db(), bystander.id)).id);
      expect(fs.readdirSync(videosOf(owner.id))).toHaveLength(2); // the video and its type

      await deleteBy[who](owner);
      await createTestBackground(db(), env()).drain();

      expect(mailTo(addresses)).toEqual([]);
      expect(await keptFor(addresses)).toEqual([]);
      const ran = await jobsSince(firstJob);
      expect(ran.map((j) => j.queue)).toEqual(
        expect.arrayContaining([
          'deliver-review-request',
          'send-request-reminder',
          'send-review-alert',
          'send-weekly-digest',
        ]),
      );
      for (const job of ran) {
        expect(job, job.queue).toMatchObject({ status: 'done', attempts: 1, lastError: null });
      }
      expect(fs.existsSync(videosOf(owner.id))).toBe(false);
      expect(fs.readdirSync(videosOf(bystander.id))).toHaveLength(2);
    },
  );

  it('when the account is deleted while its jobs are sending, then each ends done with nothing recorded and nothing is sent again', async () => {
    const { owner, addresses, firstJob } = await accountWithMailQueued();
    // The deletion commits while the first message is on its way: that job, and those the worker runs beside
    // it (four at once), read their rows before it.
    const context = createTestContext(db(), env());
    let deleteNow: (() => Promise<void>) | undefined = () => deleteBy['the client'](owner);
    const mailer: AppContext['mailer'] = {
      ...context.mailer,
      send: async (message) => {
        const deletion = deleteNow;
        deleteNow = undefined;
        await deletion?.();
        return context.mailer.send(message);
      },
    };
    const background = createTestBackground(db(), env(), { ...context, mailer });

    await background.drain();
    await background.makeDue();
    await background.drain();

    expect(await userRow(db(), owner.id)).toBeUndefined();
    for (const job of await jobsSince(firstJob)) {
      expect(job, job.queue).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    }
    expect(await keptFor(addresses)).toEqual([]);
    // At most the messages already on their way when the deletion committed, each once.
    const sent = mailTo(addresses).map((m) => `${m.to[0]}: ${subjectOf(m.raw)}`);
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(new Set(sent).size).toBe(sent.length);
  });

  it('when the deletion fails as it commits, then the account keeps its rows and its video', async () => {
    const owner = await createUser(db());
    const location = await createLocation(db(), owner.id);
    await videoReview(owner.id, location.id, (await createContact(db(), owner.id)).id);
    // Checked at COMMIT, after every statement of the deletion ran: whatever was done before it rolls back.
    await db().execute(sql`
      create or replace function refuse_deletion() returns trigger language plpgsql
      as $$ begin raise exception 'deletion refused at commit'; end $$`);
    await db().execute(
      sql.raw(`create constraint trigger refuse_deletion after delete on users deferrable initially deferred
        for each row when (old.id = ${Number(owner.id)}) execute function refuse_deletion()`),
    );
    try {
      const agent = await signedInAgent(app, owner);
      const res = await agent.delete('/api/user').send({ password: owner.password });
      expect(res.status).toBe(500);

      await createTestBackground(db(), env()).drain();

      expect(await userRow(db(), owner.id)).toBeDefined();
      expect(fs.readdirSync(videosOf(owner.id))).toHaveLength(2);
    } finally {
      await db().execute(sql`drop trigger refuse_deletion on users`);
    }
  });
});

const subjectOf = (raw: string) => /^Subject: (.*)$/im.exec(raw)?.[1];

async function userRow(db: Database, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row;
}
