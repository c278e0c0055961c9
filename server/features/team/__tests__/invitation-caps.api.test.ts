import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unverifiedInvitationMessage } from '@shared/schemas/account';
import { invitationDailyCapMessage } from '@shared/schemas/team';
import { outboundMessages, teamInvitations } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createContact, createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issue 42, item 4: every invitation is an email in the business's name, so it is capped like one. */
describe.each(testDatabaseKinds)('invitation caps on %s', (kind) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let app: Express;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    ctx = createTestContext(database.handle.db, { UNVERIFIED_REQUEST_CAP: '3', INVITATION_DAILY_CAP: '2' });
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date();
  });

  const db = () => database.handle.db;
  const invite = (agent: Awaited<ReturnType<typeof signedInAgent>>, n: number) =>
    agent
      .post('/api/team/invitations')
      .send({ email: `person-${n}-${Math.random().toString(36).slice(2)}@example.com`, role: 'responder' });
  const emailsOf = async (clientId: number) =>
    (await db().select().from(teamInvitations).where(eq(teamInvitations.clientId, clientId))).length;

  it('when a verified owner has invited as many as the daily cap, then the next waits a day (429), and no email goes out', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    await invite(agent, 1).expect(201);
    await invite(agent, 2).expect(201);
    const outboxBefore = (await db().select().from(outboundMessages)).length;

    const refused = await invite(agent, 3);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(invitationDailyCapMessage(2));
    expect(await emailsOf(user.id)).toBe(2);
    expect((await db().select().from(outboundMessages)).length).toBe(outboxBefore);

    clock = new Date(clock.getTime() + DAY_MS + 1000);
    await invite(agent, 4).expect(201);
  });

  it('when an unverified owner has sent requests, then invitations share the cap with them (402)', async () => {
    const user = await createUser(db(), { verified: false });
    const agent = await signedInAgent(app, user);
    const location = await createLocation(db(), user.id);
    const contactIds = [(await createContact(db(), user.id)).id, (await createContact(db(), user.id)).id];
    await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, contactIds, method: 'email' })
      .expect(201);
    await invite(agent, 1).expect(201);

    const refused = await invite(agent, 2);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(unverifiedInvitationMessage(3));
    expect(await emailsOf(user.id)).toBe(1);
  });
});
