import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unverifiedCapMessage } from '@shared/schemas/account';
import { plans, users } from '../../../db/schema';
import { createContact, createLocation, createUser, signedInAgent } from '../../../testing/factories';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

/**
 * Issue 42, item 3: plan caps counted review_requests rows, which cascade away with their location, so
 * deleting a location gave the month's sends back. The usage ledger is what they count now.
 */
describe.each(testDatabaseKinds)('the usage ledger on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createTestApp(database.handle.db, { UNVERIFIED_REQUEST_CAP: '4' });
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  /** Sends one bulk request to `count` new contacts at a new location, and deletes that location. */
  async function sendFromThrowawayLocation(
    agent: Awaited<ReturnType<typeof signedInAgent>>,
    ownerId: number,
    count: number,
  ) {
    const location = await createLocation(db(), ownerId);
    const contactIds = [];
    for (let i = 0; i < count; i += 1) contactIds.push((await createContact(db(), ownerId)).id);
    const sent = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: location.id, contactIds, method: 'email' });
    expect(sent.status).toBe(201);
    expect(sent.body.created).toBe(count);
    await agent.delete(`/api/locations/${location.id}`).expect(204);
  }

  it('when an unverified account deletes the location it sent from, then its sends still count against the cap', async () => {
    const user = await createUser(db(), { verified: false });
    const agent = await signedInAgent(app, user);
    await sendFromThrowawayLocation(agent, user.id, 4);

    const location = await createLocation(db(), user.id);
    const contact = await createContact(db(), user.id);
    const refused = await agent
      .post('/api/review-requests')
      .send({ locationId: location.id, contactId: contact.id, method: 'email' });

    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(unverifiedCapMessage(4));
  });

  it("when a client deletes the location it sent from, then the month's use of its plan stays", async () => {
    const [plan] = await db()
      .insert(plans)
      .values({ name: 'Starter', priceCents: 900, reviewRequestLimit: 3, locationsLimit: null })
      .returning();
    const user = await createUser(db());
    await db().update(users).set({ planId: plan!.id }).where(eq(users.id, user.id));
    const agent = await signedInAgent(app, user);
    await sendFromThrowawayLocation(agent, user.id, 3);

    const usage = await agent.get('/api/subscription').expect(200);
    expect(usage.body.usage.reviewRequests).toBe(3);
    const location = await createLocation(db(), user.id);
    const contact = await createContact(db(), user.id);
    const refused = await agent
      .post('/api/review-requests')
      .send({ locationId: location.id, contactId: contact.id, method: 'email' });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toContain('Your Starter plan includes 3 review requests a month');
  });
});
