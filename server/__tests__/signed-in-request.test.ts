import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_PAGE_SIZE } from '@shared/schemas/reviews';
import { TEAM_MESSAGES } from '@shared/schemas/team';
import { teamMembers, users } from '../db/schema';
import { createLocation, createMember, createReview, createUser, signedInAgent } from '../testing/factories';
import { createTestApp } from '../testing/test-app';
import { PREPARED_REVIEW_FILTERS } from '../features/reviews/reviews.repository';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

/**
 * What a signed-in request costs and what it may trust (issue 13): the session, its account and a member's
 * team come in one statement, read afresh for every request, so a change made by any server (or by hand in
 * the database) shows on the very next request.
 */
describe.each(testDatabaseKinds)('a signed-in request on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind, (text) => statements.push(text));
    app = createTestApp(database.handle.db);
  }, 180_000);
  afterAll(async () => {
    await database?.drop();
  });

  const db = () => database.handle.db;

  /** The statements the app ran while `request` was answered. */
  async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
    statements.length = 0;
    await request();
    return [...statements];
  }

  it('when a client or a team member asks who they are, then the session, the account and the team cost one statement', async () => {
    const owner = await createUser(db(), { companyName: 'Harbor Bakery' });
    const { user } = await createMember(db(), owner.id, { role: 'responder' });
    const ownerAgent = await signedInAgent(app, owner);
    const memberAgent = await signedInAgent(app, user);

    const ownerReads = await statementsOf(() => ownerAgent.get('/api/user').expect(200));
    const memberAnswer = await memberAgent.get('/api/user');
    const memberReads = await statementsOf(() => memberAgent.get('/api/user').expect(200));

    expect(ownerReads).toHaveLength(1);
    expect(memberReads).toHaveLength(1);
    expect(memberAnswer.body.team).toEqual({
      role: 'responder',
      clientId: owner.id,
      businessName: 'Harbor Bakery',
      locationIds: null,
    });
  });

  it.each(PREPARED_REVIEW_FILTERS)(
    'when a client opens the first page of %s reviews, then the session costs one statement and the page with its count one more',
    async (filter) => {
      const owner = await createUser(db());
      await createReview(db(), owner.id, { rating: 5, type: 'google', responseContent: 'Thank you' });
      await createReview(db(), owner.id, { rating: 1, type: 'video' });
      const agent = await signedInAgent(app, owner);
      const query = { filter, page: 1, pageSize: REVIEW_PAGE_SIZE };
      await agent.get('/api/reviews').query(query).expect(200);

      let answer: Response | undefined;
      const reads = await statementsOf(async () => {
        answer = await agent.get('/api/reviews').query(query).expect(200);
      });

      expect(reads).toHaveLength(2);
      expect(Number(answer!.headers['x-total-count'])).toBe(answer!.body.length);
    },
  );

  it("when a member's role or locations change, then their very next request in the same session works with the new ones", async () => {
    const owner = await createUser(db());
    const location = await createLocation(db(), owner.id);
    const { user, member } = await createMember(db(), owner.id, { role: 'manager' });
    const agent = await signedInAgent(app, user);
    expect((await agent.get('/api/contacts')).status).toBe(200);

    await db()
      .update(teamMembers)
      .set({ role: 'responder', locationIds: [location.id] })
      .where(eq(teamMembers.id, member.id));

    expect((await agent.get('/api/contacts')).status).toBe(403);
    expect((await agent.get('/api/user')).body.team).toMatchObject({
      role: 'responder',
      locationIds: [location.id],
    });
  });

  it('when an account is disabled, deleted or loses the admin role behind the server, then its open session has no more of it at the next request', async () => {
    const disabled = await createUser(db());
    const deleted = await createUser(db());
    const admin = await createUser(db(), { role: 'admin' });
    const agents = {
      disabled: await signedInAgent(app, disabled),
      deleted: await signedInAgent(app, deleted),
      admin: await signedInAgent(app, admin),
    };
    expect((await agents.disabled.get('/api/user')).status).toBe(200);
    expect((await agents.deleted.get('/api/user')).status).toBe(200);
    expect((await agents.admin.get('/api/admin/clients')).status).toBe(200);

    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    await db().delete(users).where(eq(users.id, deleted.id));
    await db().update(users).set({ role: 'client' }).where(eq(users.id, admin.id));

    expect((await agents.disabled.get('/api/user')).status).toBe(401);
    expect((await agents.deleted.get('/api/user')).status).toBe(401);
    expect((await agents.admin.get('/api/admin/clients')).status).toBe(403);
  });

  it("when a member's business is disabled or the member is removed, then the member's next request is refused", async () => {
    const owner = await createUser(db());
    const other = await createUser(db());
    const { user: first } = await createMember(db(), owner.id, { role: 'manager' });
    const { user: second, member } = await createMember(db(), other.id, { role: 'manager' });
    const firstAgent = await signedInAgent(app, first);
    const secondAgent = await signedInAgent(app, second);
    expect((await firstAgent.get('/api/contacts')).status).toBe(200);
    expect((await secondAgent.get('/api/contacts')).status).toBe(200);

    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.id));
    // Removed by hand, sessions left in place: the membership itself is what is checked.
    await db().delete(teamMembers).where(eq(teamMembers.id, member.id));

    for (const agent of [firstAgent, secondAgent]) {
      const refused = await agent.get('/api/contacts');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(TEAM_MESSAGES.notMember);
    }
    expect((await secondAgent.get('/api/user')).body.team).toBeNull();
  });
});
