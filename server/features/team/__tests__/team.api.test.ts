import { and, eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type TeamOverview } from '@shared/schemas/team';
import type { Review } from '@shared/schemas/reviews';
import type { PublicUser } from '@shared/schemas/user';
import type { ReviewRequest } from '@shared/schemas/review-requests';
import { auditLog, outboundMessages, reviewRequests, sessions, teamInvitations } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import {
  createContact,
  createLocation,
  createMember,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const BASE = 'https://reviews.example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)('team members on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let ctx: AppContext;
  let app: Express;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The invitation's link is read from the email the invitee receives (the outbox keeps it hidden).
    smtp = await startTestSmtpServer();
    ctx = createTestContext(database.handle.db, { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE });
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
  }, 180_000);
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date();
  });

  const db = () => database.handle.db;

  /** The token in the newest invitation email `email` received (sent before the invitation's 201). */
  function linkSentTo(email: string): string {
    const mail = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
    const match =
      mail && decodeQuotedPrintable(mail.raw).match(/https:\/\/reviews\.example\.com\/invite\/([\w-]+)/);
    if (!match) throw new Error(`no invitation email to ${email}`);
    return match[1]!;
  }

  async function ownerWithInvitation(role: 'owner' | 'manager' | 'responder' = 'responder', extra = {}) {
    const owner = await createUser(db(), { companyName: 'Harbor Bakery' });
    const ownerAgent = await signedInAgent(app, owner);
    const email = `invitee-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const invited = await ownerAgent.post('/api/team/invitations').send({ email, role, ...extra });
    expect(invited.status).toBe(201);
    return {
      owner,
      ownerAgent,
      email,
      token: linkSentTo(email),
      invitationId: invited.body.id as number,
    };
  }

  it('when the owner invites and the invitee accepts with a name and password, then they are a member signed in with their role, once', async () => {
    const { owner, ownerAgent, email, token, invitationId } = await ownerWithInvitation('manager');
    const [stored] = await db().select().from(teamInvitations).where(eq(teamInvitations.id, invitationId));
    expect(stored!.tokenHash).not.toContain(token); // only its hash is kept
    expect(stored!.expiresAt.getTime() - clock.getTime()).toBe(7 * DAY_MS);

    const preview = await agentFor(app).get(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      businessName: 'Harbor Bakery',
      role: 'manager',
      email,
      hasAccount: false,
    });

    const member = agentFor(app);
    const accepted = await member
      .post(`/api/invitations/${token}/accept`)
      .send({ firstName: 'Robin', password: 'a-long-new-password' });
    expect(accepted.status).toBe(200);
    const me = await member.get('/api/user');
    expect(me.status).toBe(200);
    expect((me.body as PublicUser).team).toEqual({
      role: 'manager',
      clientId: owner.id,
      businessName: 'Harbor Bakery',
      locationIds: null,
    });
    // The same login signs in through the ordinary sign-in.
    await signedInAgent(app, { email, password: 'a-long-new-password' });

    const overview = (await ownerAgent.get('/api/team')).body as TeamOverview;
    expect(overview.members.map((m) => [m.email, m.role])).toEqual([[email, 'manager']]);
    expect(overview.invitations).toEqual([]);

    // Single use: the link is spent, whoever follows it next.
    const again = await agentFor(app)
      .post(`/api/invitations/${token}/accept`)
      .send({ firstName: 'Robin', password: 'another-password-1' });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(TEAM_MESSAGES.used);
    expect((await agentFor(app).get(`/api/invitations/${token}`)).status).toBe(410);
  });

  it('when the link is older than 7 days, then it is refused as expired and joins nobody', async () => {
    const { ownerAgent, token } = await ownerWithInvitation();
    clock = new Date(clock.getTime() + 7 * DAY_MS + 1000);

    const preview = await agentFor(app).get(`/api/invitations/${token}`);
    expect(preview.status).toBe(410);
    expect(preview.body.message).toBe(TEAM_MESSAGES.expired);
    const accept = await agentFor(app)
      .post(`/api/invitations/${token}/accept`)
      .send({ firstName: 'Late', password: 'a-long-new-password' });
    expect(accept.status).toBe(410);
    expect(((await ownerAgent.get('/api/team')).body as TeamOverview).members).toEqual([]);
  });

  it('when the link was just under 7 days old, then it still works', async () => {
    const { token } = await ownerWithInvitation();
    clock = new Date(clock.getTime() + 7 * DAY_MS - 60_000);
    const accept = await agentFor(app)
      .post(`/api/invitations/${token}/accept`)
      .send({ firstName: 'Timely', password: 'a-long-new-password' });
    expect(accept.status).toBe(200);
  });

  it('when the token is unknown, revoked or malformed, then a clear 4xx and nothing joins', async () => {
    const unknown = await agentFor(app).get(`/api/invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TEAM_MESSAGES.invalidLink);
    expect((await agentFor(app).get('/api/invitations/short')).status).toBe(400);

    const { ownerAgent, token, invitationId } = await ownerWithInvitation();
    expect((await ownerAgent.delete(`/api/team/invitations/${invitationId}`)).status).toBe(204);
    const revoked = await agentFor(app)
      .post(`/api/invitations/${token}/accept`)
      .send({ firstName: 'Nope', password: 'a-long-new-password' });
    expect(revoked.status).toBe(410);
  });

  it('when the owner removes a member, then the member is signed out everywhere and the change is audited', async () => {
    const owner = await createUser(db());
    const ownerAgent = await signedInAgent(app, owner);
    const { user, member } = await createMember(db(), owner.id, { role: 'manager' });
    const phone = await signedInAgent(app, user);
    const laptop = await signedInAgent(app, user);
    expect((await phone.get('/api/contacts')).status).toBe(200);

    expect((await ownerAgent.delete(`/api/team/members/${member.id}`)).status).toBe(204);

    expect((await phone.get('/api/contacts')).status).toBe(401);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetClientId, owner.id), eq(auditLog.action, 'team.member_removed')));
    expect(entry).toMatchObject({ actorId: owner.id, details: { memberId: member.id, userId: user.id } });
    // Signing in again works, but the business is no longer theirs.
    const back = await signedInAgent(app, user);
    const refused = await back.get('/api/reviews');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TEAM_MESSAGES.notMember);
  });

  it('when the owner invites, changes a role and revokes, then each change is in the audit log', async () => {
    const { owner, ownerAgent, email, invitationId } = await ownerWithInvitation('responder');
    const { member } = await createMember(db(), owner.id, { role: 'responder' });
    expect((await ownerAgent.patch(`/api/team/members/${member.id}`).send({ role: 'manager' })).status).toBe(
      200,
    );
    expect((await ownerAgent.delete(`/api/team/invitations/${invitationId}`)).status).toBe(204);

    const entries = await db()
      .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetClientId, owner.id))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      {
        action: 'team.invited',
        actorId: owner.id,
        details: expect.objectContaining({ email, role: 'responder' }),
      },
      {
        action: 'team.member_updated',
        actorId: owner.id,
        details: expect.objectContaining({
          before: { role: 'responder', locationIds: null },
          after: { role: 'manager' },
        }),
      },
      { action: 'team.invitation_revoked', actorId: owner.id, details: expect.objectContaining({ email }) },
    ]);
  });

  it('when a member tries to manage the team or raise their own role, then 403 and nothing changes', async () => {
    const owner = await createUser(db());
    const { user, member } = await createMember(db(), owner.id, { role: 'manager' });
    const agent = await signedInAgent(app, user);

    const raise = await agent.patch(`/api/team/members/${member.id}`).send({ role: 'owner' });
    expect(raise.status).toBe(403);
    expect((await agent.get('/api/team')).status).toBe(403);
    const me = (await agent.get('/api/user')).body as PublicUser;
    expect(me.team?.role).toBe('manager');
    // Nor can they remove the owner: the owner is no member row, and a member reaches no team route.
    expect((await agent.delete(`/api/team/members/${member.id}`)).status).toBe(403);
  });

  it('when a responder is limited to location X, then no review of Y is listed, found by search, opened, answered or given a suggested reply', async () => {
    const owner = await createUser(db());
    const x = await createLocation(db(), owner.id, { name: 'X Street' });
    const y = await createLocation(db(), owner.id, { name: 'Y Street' });
    const ofX = await createReview(db(), owner.id, { locationId: x.id, content: 'X review' });
    const ofY = await createReview(db(), owner.id, { locationId: y.id, content: 'Y review' });
    const { user } = await createMember(db(), owner.id, { role: 'responder', locationIds: [x.id] });
    const agent = await signedInAgent(app, user);

    const list = await agent.get('/api/reviews');
    expect(list.status).toBe(200);
    expect((list.body as Review[]).map((r) => r.id)).toEqual([ofX.id]);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await agent.get('/api/reviews').query({ q: 'Y review' })).body).toEqual([]);
    expect((await agent.get(`/api/reviews/${ofY.id}`)).status).toBe(404);
    expect((await agent.get(`/api/reviews/${ofX.id}`)).status).toBe(200);
    const reply = await agent.post(`/api/reviews/${ofY.id}/response`).send({ responseContent: 'Thanks!' });
    expect(reply.status).toBe(404);
    const ownReply = await agent.post(`/api/reviews/${ofX.id}/response`).send({ responseContent: 'Thanks!' });
    expect(ownReply.status).toBe(200);
    expect((await agent.post(`/api/reviews/${ofY.id}/suggested-reply`)).status).toBe(404);
    expect((await agent.post(`/api/reviews/${ofX.id}/suggested-reply`)).status).toBe(200);
    // The owner still sees both.
    const ownerAgent = await signedInAgent(app, owner);
    expect(((await ownerAgent.get('/api/reviews')).body as Review[]).length).toBe(2);
  });

  it('when a manager is limited to location X, then no request of Y is listed, opened, cancelled, exported or created', async () => {
    const owner = await createUser(db());
    const x = await createLocation(db(), owner.id, { name: 'X Street' });
    const y = await createLocation(db(), owner.id, { name: 'Y Street' });
    const contact = await createContact(db(), owner.id);
    const ofX = await createReviewRequest(db(), owner.id, x.id, { contactId: contact.id, status: 'sent' });
    const ofY = await createReviewRequest(db(), owner.id, y.id, { contactId: contact.id, status: 'sent' });
    for (const request of [ofX, ofY])
      await db()
        .insert(outboundMessages)
        .values({
          ownerId: owner.id,
          reviewRequestId: request.id,
          channel: 'email',
          transport: 'outbox',
          recipient: contact.email!,
          body: `Message of request ${request.id}`,
          status: 'sent',
        });
    const { user } = await createMember(db(), owner.id, { role: 'manager', locationIds: [x.id] });
    const agent = await signedInAgent(app, user);

    const list = await agent.get('/api/review-requests');
    expect(list.status).toBe(200);
    expect((list.body as ReviewRequest[]).map((r) => r.id)).toEqual([ofX.id]);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await agent.get(`/api/review-requests/${ofY.id}`)).status).toBe(404);
    expect((await agent.get(`/api/review-requests/${ofY.id}/qr`)).status).toBe(404);
    expect((await agent.get(`/api/review-requests/${ofX.id}`)).status).toBe(200);
    const cancel = await agent.post(`/api/review-requests/${ofY.id}/cancel`);
    expect(cancel.status).toBe(404);
    const audit = await agent.get('/api/review-requests/audit.csv');
    expect(audit.status).toBe(200);
    expect(audit.text).toContain(`Message of request ${ofX.id}`);
    expect(audit.text).not.toContain(`Message of request ${ofY.id}`);

    const created = await agent
      .post('/api/review-requests')
      .send({ locationId: y.id, contactId: contact.id, method: 'email' });
    expect(created.status).toBe(404);
    expect(created.body.message).toBe('Location not found');
    const bulk = await agent
      .post('/api/review-requests/bulk')
      .send({ locationId: y.id, contactIds: [contact.id], method: 'email' });
    expect(bulk.status).toBe(404);
    const link = await agent.post('/api/review-requests/link').send({ locationId: y.id });
    expect(link.status).toBe(404);
    expect(link.body.message).toBe('Location not found');
    const rows = await db().select().from(reviewRequests).where(eq(reviewRequests.ownerId, owner.id));
    expect(rows.map((r) => [r.id, r.status]).sort()).toEqual(
      [
        [ofX.id, 'sent'],
        [ofY.id, 'sent'],
      ].sort(),
    );
    // At their own location the manager still creates a link.
    expect((await agent.post('/api/review-requests/link').send({ locationId: x.id })).status).toBe(201);

    // The owner still sees both (and the manager's link).
    const ownerAgent = await signedInAgent(app, owner);
    const ownerList = await ownerAgent.get('/api/review-requests');
    expect((ownerList.body as ReviewRequest[]).length).toBe(3);
    expect((await ownerAgent.get(`/api/review-requests/${ofY.id}`)).status).toBe(200);
  });

  it('when the owner invites to a location of another business, then 400 and no invitation', async () => {
    const owner = await createUser(db());
    const other = await createUser(db());
    const theirs = await createLocation(db(), other.id);
    const agent = await signedInAgent(app, owner);
    const res = await agent
      .post('/api/team/invitations')
      .send({ email: 'someone@example.com', role: 'responder', locationIds: [theirs.id] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TEAM_MESSAGES.unknownLocation);
    expect(await db().select().from(teamInvitations).where(eq(teamInvitations.clientId, owner.id))).toEqual(
      [],
    );
  });

  it('when an address already has its own business, then it cannot be invited', async () => {
    const owner = await createUser(db());
    const client = await createUser(db());
    const agent = await signedInAgent(app, owner);
    const res = await agent.post('/api/team/invitations').send({ email: client.email, role: 'manager' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(TEAM_MESSAGES.ownBusiness);
  });

  it('when a removed member is invited again, then they sign in with their login and join', async () => {
    const first = await createUser(db());
    const { user, member } = await createMember(db(), first.id, { role: 'responder' });
    await (await signedInAgent(app, first)).delete(`/api/team/members/${member.id}`);
    const { owner, ownerAgent } = await ownerWithInvitation();
    const invited = await ownerAgent
      .post('/api/team/invitations')
      .send({ email: user.email, role: 'manager' });
    expect(invited.status).toBe(201);
    const token = linkSentTo(user.email);
    expect((await agentFor(app).get(`/api/invitations/${token}`)).body.hasAccount).toBe(true);

    const signedOut = await agentFor(app).post(`/api/invitations/${token}/accept`).send({});
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe(TEAM_MESSAGES.signInFirst);
    const agent = await signedInAgent(app, user);
    expect((await agent.post(`/api/invitations/${token}/accept`).send({})).status).toBe(200);
    const me = (await agent.get('/api/user')).body as PublicUser;
    expect(me.team).toMatchObject({ role: 'manager', clientId: owner.id });
  });

  it("when an admin opens a client, then the client's members are listed", async () => {
    const admin = await createUser(db(), { role: 'admin' });
    const owner = await createUser(db());
    const { user } = await createMember(db(), owner.id, { role: 'responder' });
    const res = await (await signedInAgent(app, admin)).get(`/api/admin/clients/${owner.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ email: user.email, role: 'responder' })]);
    // A member is never listed as a client.
    const clients = await (
      await signedInAgent(app, admin)
    )
      .get('/api/admin/clients')
      .query({ q: user.email });
    expect(clients.body).toEqual([]);
  });

  it("when the client deletes its account, then its members' logins and sessions end with it", async () => {
    const owner = await createUser(db());
    const { user } = await createMember(db(), owner.id, { role: 'manager' });
    const memberAgent = await signedInAgent(app, user);
    const deleted = await (
      await signedInAgent(app, owner)
    )
      .delete('/api/user')
      .send({ password: owner.password });
    expect(deleted.status).toBe(204);
    expect((await memberAgent.get('/api/user')).status).toBe(401);
    expect(
      (await agentFor(app).post('/api/login').send({ email: user.email, password: user.password })).status,
    ).toBe(401);
  });
});
