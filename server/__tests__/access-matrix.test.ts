import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_REQUEST_SETTINGS } from '@shared/schemas/request-settings';
import { DEFAULT_WIDGET_SETTINGS } from '@shared/schemas/widget';
import { apiKeys as apiKeyRows, notifications, syncRuns, webhookEndpoints } from '../db/schema';
import { apiKeysServiceFor } from '../features/api-access/api-keys.service';
import { unsubscribeToken } from '../features/contacts/unsubscribe-token';
import { alertUnsubscribeToken } from '../features/notifications/alert-token';
import { createProofRepository } from '../features/proof/proof.repository';
import { issueReplyLink } from '../features/replies/reply-links.service';
import { createWidgetRepository } from '../features/widget/widget.repository';
import { sealFeedbackLink } from '../features/feedback-cases/feedback-link';
import { feedbackCases } from '../db/schema';
import { newWidgetKey } from '../features/widget/widget.service';
import { roleAtLeast, type TeamRole } from '@shared/schemas/team';
import {
  createContact,
  createInvitation,
  createLocation,
  createMember,
  createReview,
  createReviewRequest,
  createUser,
  registrationFor,
  signedInAgent,
} from '../testing/factories';
import { createFeedbackCase } from '../testing/feedback-case';
import type { FakeFacebook } from '../testing/fake-facebook';
import type { FakeGoogle } from '../testing/fake-google';
import { trackRowChanges } from '../testing/db-changes';
import {
  responseText,
  secretsIn,
  seedActors,
  startFakeProviders,
  type Tenant,
} from '../testing/route-fixtures';
import { routeTableOf, type TableRoute } from '../testing/route-table';
import { createTestApp, createTestContext } from '../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/test-db';

type Actors = Awaited<ReturnType<typeof seedActors>>;
/** Who calls: signed out, client A, client B, the admin at the route's own path. */
type Actor = 'anon' | 'a' | 'b' | 'admin';
/** Team members of client A (issue 16), one per role; each acts in A's tenant. */
type MemberActor = TeamRole;
const MEMBER_ACTORS: MemberActor[] = ['owner', 'manager', 'responder'];
/**
 * Members of client A limited to another of A's locations (issue 42, item 2): every row the calls name sits
 * at A's first location (or at none), outside theirs.
 */
type LimitedActor = 'manager elsewhere' | 'responder elsewhere';
const LIMITED_ACTORS: LimitedActor[] = ['manager elsewhere', 'responder elsewhere'];
const roleOfLimited = (actor: LimitedActor): TeamRole =>
  actor === 'manager elsewhere' ? 'manager' : 'responder';
type Agent = ReturnType<typeof supertest.agent>;

interface CallContext {
  /** The rows the call addresses: always client A's. */
  a: Tenant;
  /** The signed-in user's own tenant (client A for an admin inside A's area): for own-profile bodies. */
  self: Tenant;
  actors: Actors;
  db: TestDatabase['handle']['db'];
  adminAgent: Agent;
  /** The Google location A's tokens reach. */
  googleLocationId: string;
}

interface Call {
  params?: Record<string, string | number>;
  body?: unknown;
  query?: Record<string, string | number>;
}

interface Expectation {
  /** Path params, body and query for a call (fresh rows made here for PATCH/DELETE). */
  call?: (c: CallContext) => Call | Promise<Call>;
  status: Record<Actor, number>;
  /** Call with a newly signed-in agent of the same user (logout, password change, register). */
  freshAgent?: boolean;
  /** What the admin gets inside A's area (/api/admin/clients/{A}/...) when not what A gets. */
  mirror?: number;
  /** Why this route may show A's rows to anyone (A's public page, A's own sign-in). */
  showsA?: string;
  /** Why A does not get a 2xx here. */
  note?: string;
  /**
   * What a member limited to another of A's locations gets, when their role reaches the route and the answer
   * is not what A gets (the row named sits outside their locations).
   */
  limited?: number;
  /**
   * A route of the public API (/api/v1): what a call with A's API key and with B's key gets (the call names
   * A's rows). Sessions do not authorise these routes, so every session actor above gets 401 there.
   */
  bearer?: { a: number; b: number };
}

const SIGNED_OUT = 401;

/**
 * A client-area route. `a` is what client A gets on its own rows, `other` what client B and an admin at
 * /api/... (the admin's own, empty tenant) get when they name A's rows. The mirror route under
 * /api/admin/clients/{A}/... is expected to answer the admin exactly what A gets, clients 403, signed out 401.
 */
const client = (a: number, other: number, call?: Expectation['call'], extra: Partial<Expectation> = {}) =>
  ({ call, status: { anon: SIGNED_OUT, a, b: other, admin: other }, ...extra }) satisfies Expectation;
/** An admin-only route: clients 403, the admin `admin`. */
const admin = (status: number, call?: Expectation['call']) =>
  ({ call, status: { anon: SIGNED_OUT, a: 403, b: 403, admin: status } }) satisfies Expectation;
/** A route with no sign-in: the same answer for everyone. */
const open = (status: number, call?: Expectation['call'], extra: Partial<Expectation> = {}) =>
  ({ call, status: { anon: status, a: status, b: status, admin: status }, ...extra }) satisfies Expectation;

/**
 * A public API route (bearer auth, server/features/api-access): the session actors, signed in or not, all get
 * 401 (a session cookie is not an API key); A's key gets `a` on A's rows, B's key `b` on the same call.
 */
const bearer = (a: number, b: number, call?: Expectation['call']) =>
  ({
    call,
    status: { anon: SIGNED_OUT, a: SIGNED_OUT, b: SIGNED_OUT, admin: SIGNED_OUT },
    bearer: { a, b },
  }) satisfies Expectation;

const id = (row: { id: number }) => ({ id: row.id });
/** A browser's push subscription at a public address (the app's URL policy refuses local ones); never posted to. */
const pushDevice = () => ({
  endpoint: `https://93.184.216.34/push/${randomBytes(8).toString('hex')}`,
  keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
});
/** A fresh request of A's in the state a retry or cancel needs, for each call. */
const requestOfA = (c: CallContext, status: 'failed' | 'queued') =>
  createReviewRequest(c.db, c.a.user.id, c.a.location.id, { contactId: c.a.contact.id, status });
/** A's earlier import runs are cleared so each call queues a new one (202), as a first click does. */
const clearRuns = async (c: CallContext) => {
  await c.db.delete(syncRuns).where(eq(syncRuns.ownerId, c.a.user.id));
  return {};
};
/** A webhook endpoint of A's, written straight in (the app's URL policy refuses any local receiver). */
async function endpointOfA(c: CallContext) {
  const [row] = await c.db
    .insert(webhookEndpoints)
    .values({
      ownerId: c.a.user.id,
      url: 'https://hooks.example.com/in',
      events: ['review.created'],
      secret: createTestContext(c.db).secretBox.encrypt('whsec_matrix'),
    })
    .returning();
  return row!;
}
const planBody = () => ({
  name: `Plan ${randomBytes(3).toString('hex')}`,
  priceCents: 1900,
  currency: 'usd',
  reviewRequestLimit: 100,
  locationsLimit: 3,
  features: ['Email requests'],
});
async function freshPlan(c: CallContext) {
  const res = await c.adminAgent.post('/api/admin/plans').send(planBody());
  if (res.status !== 201 && res.status !== 200) throw new Error(`plan: ${res.status} ${res.text}`);
  return { id: (res.body as { id: number }).id };
}
/** A's widget key (made with the defaults on first use, as A's first GET /api/widget-settings does). */
const widgetKeyOfA = async (c: CallContext) => ({
  params: {
    publicKey: (await createWidgetRepository(c.db).findOrCreate(c.a.user.id, newWidgetKey())).publicKey,
  },
});
/** A's public proof page, turned on (as A's Settings › Proof would). */
const proofSlugOfA = async (c: CallContext) => {
  const slug = `proof-of-a-${c.a.user.id}`;
  await createProofRepository(c.db).saveSettings(c.a.user.id, { enabled: true, slug }, new Date());
  return { params: { slug } };
};
/** The "Publish this reply" link of an alert about a new review of A's, sealed with the app's key. */
const replyLinkOfA = async (c: CallContext) => {
  const review = await createReview(c.db, c.a.user.id, { rating: 2 });
  return { params: { token: await issueReplyLink(createTestContext(c.db), review.id, 'Sorry to hear it') } };
};
const REPLY_LINK_SHOWS_A =
  "the review and the suggested reply of A's alert email: its link's token is the key";
/** A feedback case of A's (its review at A's first location), open, or resolved for a reopen. */
const caseOfA = async (c: CallContext, status: 'open' | 'resolved' = 'open') => {
  const { feedbackCase } = await createFeedbackCase(c.db, c.a.user.id, {
    contactId: c.a.contact.id,
    locationId: c.a.location.id,
  });
  if (status === 'resolved')
    await c.db
      .update(feedbackCases)
      .set({ status, resolvedAt: new Date() })
      .where(eq(feedbackCases.id, feedbackCase.id));
  return feedbackCase;
};
/** The customer's link to a case of A's, sealed with the app's key. */
const feedbackLinkOfA = async (c: CallContext) => ({
  params: { token: sealFeedbackLink(createTestContext(c.db).secretBox, await caseOfA(c)) },
  body: { message: 'Thank you, that helps' },
});
const FEEDBACK_LINK_SHOWS_A =
  "A's customer's own feedback and A's messages to them: the customer's link's token is the key";
const profileOf = (t: Tenant) => ({
  firstName: t.user.firstName,
  companyName: t.user.companyName,
  email: t.user.email,
});

const EXPECTATIONS: Record<string, Expectation> = {
  // Public: no session needed.
  'GET /api/health': open(200),
  'GET /api/plan-terms': open(200),
  'GET /api/public/review/:link': open(200, (c) => ({ params: { link: c.a.location.publicLink } }), {
    showsA: "A's public review page names A's business and location",
  }),
  'POST /api/public/review/:link': open(200, async (c) => {
    const request = await createReviewRequest(c.db, c.a.user.id, c.a.location.id);
    return { params: { link: request.uniqueLink }, body: { rating: 5, content: 'Great', name: 'Pat' } };
  }),
  'POST /api/public/review/:link/video': open(400, (c) => ({ params: { link: c.a.location.publicLink } }), {
    note: 'no file attached: the upload itself is covered by the public-review tests',
  }),
  'GET /api/widget/:publicKey': open(200, widgetKeyOfA, {
    showsA: "A's website widget names A's business and shows the public reviews A chose",
  }),
  'GET /api/proof/:slug': open(200, proofSlugOfA, {
    showsA: "A's public proof page names A's business and A's counts, which A chose to publish",
  }),
  'GET /api/proof/:slug/log': open(200, proofSlugOfA, {
    showsA: "A's published log: kinds, ratings, sites offered and times, no names or addresses",
  }),
  'GET /api/proof/:slug/badge.svg': open(200, proofSlugOfA, {
    showsA: "A's badge shows the counts of A's public proof page",
  }),
  'GET /api/reply-links/:token': open(200, replyLinkOfA, { showsA: REPLY_LINK_SHOWS_A }),
  'POST /api/reply-links/:token/publish': open(200, replyLinkOfA, { showsA: REPLY_LINK_SHOWS_A }),
  // Nothing was published through this link yet: the page asks again.
  'POST /api/reply-links/:token/undo': open(200, replyLinkOfA, { showsA: REPLY_LINK_SHOWS_A }),
  'GET /api/feedback/:token': open(200, feedbackLinkOfA, { showsA: FEEDBACK_LINK_SHOWS_A }),
  // Both answer with a redirect to the page, so a reload sends nothing twice.
  'POST /api/feedback/:token': open(303, feedbackLinkOfA, { showsA: FEEDBACK_LINK_SHOWS_A }),
  'POST /api/feedback/:token/resolve': open(303, feedbackLinkOfA, { showsA: FEEDBACK_LINK_SHOWS_A }),
  'GET /robots.txt': open(200),
  'GET /sitemap.xml': open(200),
  'GET /wall/:publicKey': open(200, widgetKeyOfA, {
    showsA: "A's shareable wall page names A's business and shows the public reviews A chose",
  }),
  'POST /api/webhooks/twilio/status': open(403, () => ({
    body: { MessageSid: 'SM1', MessageStatus: 'delivered' },
  })),
  'POST /api/stripe/webhook': open(400, undefined, {
    note: 'an unsigned event changes nothing: stripe.api.test.ts sends signed ones',
  }),
  'POST /api/webhooks/twilio/inbound': open(403, () => ({ body: { From: '+12133734253', Body: 'STOP' } })),
  'GET /api/unsubscribe/:token': open(200, async (c) => {
    const contact = await createContact(c.db, c.a.user.id);
    return { params: { token: unsubscribeToken(createTestContext(c.db).secretBox, contact.id, 'email') } };
  }),
  'POST /api/unsubscribe/:token': open(200, async (c) => {
    const contact = await createContact(c.db, c.a.user.id);
    return { params: { token: unsubscribeToken(createTestContext(c.db).secretBox, contact.id, 'email') } };
  }),
  'GET /api/notifications/unsubscribe/:token': open(200, (c) => ({
    params: { token: alertUnsubscribeToken(createTestContext(c.db).secretBox, c.a.user.id, 'digest') },
  })),
  'POST /api/notifications/unsubscribe/:token': open(200, (c) => ({
    params: { token: alertUnsubscribeToken(createTestContext(c.db).secretBox, c.a.user.id, 'digest') },
  })),

  // The public API for a client's own systems: bearer keys, never a session.
  'GET /api/v1/openapi.json': open(200),
  'POST /api/v1/review-requests': bearer(201, 404, (c) => ({
    body: {
      name: `${c.a.marker} Customer`,
      email: `api-${randomBytes(3).toString('hex')}@example.com`,
      locationId: c.a.location.id,
    },
  })),

  // The sign-in flow.
  'POST /api/register': open(201, () => ({ body: registrationFor() }), { freshAgent: true }),
  'POST /api/login': open(200, (c) => ({ body: { email: c.a.user.email, password: c.a.user.password } }), {
    freshAgent: true,
    showsA: "signing in with A's credentials answers A's own user",
  }),
  'POST /api/logout': open(204, undefined, { freshAgent: true }),
  // The same answer for every email. An email with no account: for A's own, the link is written and sent
  // after the answer, and that write would land in the next call's window here (password-reset.api.test.ts
  // covers A's case).
  'POST /api/forgot-password': open(200, () => ({ body: { email: 'no-account-here@example.com' } })),
  'POST /api/reset-password': open(
    400,
    () => ({ body: { token: 'z'.repeat(43), password: 'new-password' } }),
    {
      note: 'a made-up token changes nothing',
    },
  ),
  'GET /api/user': { status: { anon: SIGNED_OUT, a: 200, b: 200, admin: 200 } },
  'POST /api/verify-email': open(400, () => ({ body: { token: 'v'.repeat(43) } }), {
    note: 'a made-up link verifies nothing (email-verification.api.test.ts follows real ones)',
  }),
  'POST /api/verify-email/resend': {
    status: { anon: SIGNED_OUT, a: 400, b: 400, admin: 400 },
    note: 'every actor here is verified already: there is nothing to resend',
  },
  'GET /api/user/email': { status: { anon: SIGNED_OUT, a: 200, b: 200, admin: 200 } },
  'POST /api/user/email': {
    call: (c) => ({
      body: {
        email: `moving-${randomBytes(3).toString('hex')}@example.com`,
        currentPassword: c.self.user.password,
      },
    }),
    status: { anon: SIGNED_OUT, a: 200, b: 200, admin: 200 },
  },

  // Admin only.
  'GET /api/admin/health': admin(200),
  'GET /api/admin/stats': admin(200),
  'GET /api/admin/clients': admin(200),
  'POST /api/admin/clients': admin(201, () => ({ body: registrationFor() })),
  'GET /api/admin/clients/:id': admin(200, (c) => ({ params: id(c.a.user) })),
  'PATCH /api/admin/clients/:id': admin(200, async (c) => ({
    params: id(await createUser(c.db)),
    body: { firstName: 'Renamed' },
  })),
  'POST /api/admin/clients/:id/password-reset': admin(200, (c) => ({ params: id(c.a.user) })),
  'DELETE /api/admin/clients/:id': admin(204, async (c) => ({ params: id(await createUser(c.db)) })),
  'GET /api/admin/plans': admin(200),
  'POST /api/admin/plans': admin(201, () => ({ body: planBody() })),
  'PATCH /api/admin/plans/:id': admin(200, async (c) => ({
    params: await freshPlan(c),
    body: { priceCents: 2900 },
  })),
  'DELETE /api/admin/plans/:id': admin(200, async (c) => ({ params: await freshPlan(c) })),
  'GET /api/admin/outbox': admin(200),
  'GET /api/admin/audit': admin(200),
  'GET /api/admin/mail-status': admin(200),
  'POST /api/admin/email-test': admin(200, () => ({
    body: { to: 'ops@example.com', template: 'plain-test' },
  })),

  // The client's area (and, derived, its mirror under /api/admin/clients/:clientId).
  'GET /api/contacts': client(200, 200),
  'GET /api/contacts/tags': client(200, 200),
  'GET /api/contacts/export.csv': client(200, 200),
  'POST /api/contacts/import': client(200, 200, () => ({
    body: `name,email,phone\nImported,imported-${randomBytes(3).toString('hex')}@example.com,\n`,
  })),
  'POST /api/contacts': client(201, 201, () => ({
    body: { name: 'New Contact', email: `new-${randomBytes(3).toString('hex')}@example.com` },
  })),
  'GET /api/contacts/:id': client(200, 404, (c) => ({ params: id(c.a.contact) })),
  'GET /api/contacts/:id/consent': client(200, 404, (c) => ({ params: id(c.a.contact) })),
  'GET /api/contacts/:id/timeline': client(200, 404, (c) => ({ params: id(c.a.contact) })),
  'PATCH /api/contacts/:id': client(200, 404, async (c) => ({
    params: id(await createContact(c.db, c.a.user.id)),
    body: { name: 'Renamed Contact' },
  })),
  'DELETE /api/contacts/:id': client(204, 404, async (c) => ({
    params: id(await createContact(c.db, c.a.user.id)),
  })),
  'GET /api/locations': client(200, 200),
  'POST /api/locations': client(201, 201, () => ({
    body: { name: 'Second Street', address: '2 Second St' },
  })),
  'GET /api/locations/:id': client(200, 404, (c) => ({ params: id(c.a.location) })),
  'PATCH /api/locations/:id': client(200, 404, async (c) => ({
    params: id(await createLocation(c.db, c.a.user.id)),
    body: { name: 'Renamed Street' },
  })),
  'DELETE /api/locations/:id': client(204, 404, async (c) => ({
    params: id(await createLocation(c.db, c.a.user.id)),
  })),
  'GET /api/locations/:id/qr': client(200, 404, (c) => ({ params: id(c.a.location) })),
  'PATCH /api/user': client(200, 200, (c) => ({ body: profileOf(c.self) }), { mirror: 403 }),
  'POST /api/user/password': client(
    204,
    204,
    (c) => ({ body: { currentPassword: c.self.user.password, newPassword: c.self.user.password } }),
    { freshAgent: true, mirror: 403 },
  ),
  'GET /api/reviews': client(200, 200),
  'GET /api/reviews/export.csv': client(200, 200),
  'GET /api/reviews/:id/video': client(404, 404, (c) => ({ params: id(c.a.review) }), {
    note: 'A has no stored video (uploading one needs the public page flow, covered by the public-review tests)',
  }),
  'GET /api/reviews/:id': client(200, 404, (c) => ({ params: id(c.a.review) })),
  'GET /api/reviews/rose-after-reply': client(200, 200),
  'POST /api/reviews/:id/response': client(200, 404, async (c) => ({
    params: id(await createReview(c.db, c.a.user.id)),
    body: { responseContent: 'Thank you!' },
  })),
  'PUT /api/reviews/:id/response': client(200, 404, async (c) => ({
    params: id(await createReview(c.db, c.a.user.id, { responseContent: 'Old', respondedAt: new Date() })),
    body: { responseContent: 'Thank you!' },
  })),
  'DELETE /api/reviews/:id/response': client(200, 404, async (c) => ({
    params: id(await createReview(c.db, c.a.user.id, { responseContent: 'Old', respondedAt: new Date() })),
  })),
  'GET /api/reviews/:id/reply-draft': client(200, 404, async (c) => {
    const review = await createReview(c.db, c.a.user.id, { rating: 2 });
    await issueReplyLink(createTestContext(c.db), review.id, 'Sorry to hear it');
    return { params: id(review) };
  }),
  'POST /api/reviews/:id/response/retry': client(200, 404, async (c) => ({
    params: id(
      await createReview(c.db, c.a.user.id, {
        pendingReply: 'Thank you!',
        replyPublishState: 'failed',
        replyPublishError: 'Google did not answer',
      }),
    ),
  })),
  // No language model here: the template answer; suggested-reply.api.test.ts streams from a fake one.
  'POST /api/reviews/:id/suggested-reply': client(200, 404, (c) => ({ params: id(c.a.review) })),
  'GET /api/feedback-cases': client(200, 200),
  'GET /api/feedback-cases/:id': client(200, 404, async (c) => ({ params: id(await caseOfA(c)) })),
  'GET /api/reviews/:id/feedback-case': client(200, 404, async (c) => ({
    params: { id: (await caseOfA(c)).reviewId },
  })),
  'POST /api/feedback-cases/:id/messages': client(201, 404, async (c) => ({
    params: id(await caseOfA(c)),
    body: { body: 'We are sorry: may we call you?' },
  })),
  'POST /api/feedback-cases/:id/resolve': client(200, 404, async (c) => ({ params: id(await caseOfA(c)) })),
  'POST /api/feedback-cases/:id/reopen': client(200, 404, async (c) => ({
    params: id(await caseOfA(c, 'resolved')),
  })),
  'GET /api/reply-settings': client(200, 200),
  'PUT /api/reply-settings': client(200, 200, () => ({ body: { tone: 'warm', signature: '— The team' } })),
  'GET /api/templates': client(200, 200),
  'POST /api/templates': client(201, 201, () => ({
    body: { name: 'Another', channel: 'sms', body: 'Hi {{name}} {{link}}' },
  })),
  'POST /api/templates/preview': client(200, 200, () => ({
    body: { channel: 'sms', body: 'Hi {{name}} {{link}}', values: {} },
  })),
  'PATCH /api/templates/:id': client(200, 404, (c) => ({
    params: id(c.a.template),
    body: { name: 'Renamed Template' },
  })),
  'DELETE /api/templates/:id': client(204, 404, async (c) => {
    const res = await c.actors.agents.a
      .post('/api/templates')
      .send({ name: 'Doomed', channel: 'sms', body: 'Hi {{link}}' });
    return { params: { id: (res.body as { id: number }).id } };
  }),
  'POST /api/templates/:id/preview': client(200, 404, (c) => ({ params: id(c.a.template), body: {} })),
  // Every actor asks the same contact: each confirms asking again inside the ask window (issue 41).
  'POST /api/review-requests': client(201, 404, (c) => ({
    body: { locationId: c.a.location.id, contactId: c.a.contact.id, method: 'email', confirmRecentAsk: true },
  })),
  // A bulk send skips a contact asked recently: each call asks a new one.
  'POST /api/review-requests/bulk': client(201, 404, async (c) => ({
    body: {
      locationId: c.a.location.id,
      contactIds: [(await createContact(c.db, c.a.user.id)).id],
      method: 'email',
    },
  })),
  'POST /api/review-requests/bulk/preview': client(200, 404, (c) => ({
    body: { locationId: c.a.location.id, contactIds: [c.a.contact.id], method: 'email' },
  })),
  'GET /api/review-requests/last-asked': client(200, 404, (c) => ({ query: { contactId: c.a.contact.id } })),
  'GET /api/review-requests': client(200, 200),
  'GET /api/review-requests/:id': client(200, 404, (c) => ({ params: id(c.a.request) })),
  'GET /api/review-requests/:id/qr': client(200, 404, (c) => ({ params: id(c.a.request) })),
  'POST /api/review-requests/link': client(201, 404, (c) => ({ body: { locationId: c.a.location.id } })),
  'GET /api/review-requests/audit.csv': client(200, 200),
  'POST /api/review-requests/:id/retry': client(200, 404, async (c) => ({
    params: id(await requestOfA(c, 'failed')),
  })),
  'POST /api/review-requests/:id/cancel': client(200, 404, async (c) => ({
    params: id(await requestOfA(c, 'queued')),
  })),
  'POST /api/review-requests/:id/resend': client(201, 404, (c) => ({ params: id(c.a.request) })),
  'GET /api/request-settings': client(200, 200),
  'GET /api/subscription': client(200, 200),
  'POST /api/checkout/cancel': client(200, 200, undefined, { mirror: 403 }),
  'POST /api/checkout/:planId': client(
    503,
    503,
    (c) => freshPlan(c).then((plan) => ({ params: { planId: plan.id } })),
    {
      mirror: 403,
      note: 'payments are not set up in this app: stripe.api.test.ts buys plans against the fake Stripe',
    },
  ),
  'GET /api/checkout/sessions/:id': client(404, 404, () => ({ params: { id: 'cs_test_unknown' } }), {
    note: 'no checkout was started here: stripe.api.test.ts reads real ones',
  }),
  'POST /api/billing/portal': client(503, 503, undefined, {
    mirror: 403,
    note: 'payments are not set up in this app: stripe.api.test.ts opens the portal against the fake Stripe',
  }),
  'DELETE /api/user': {
    call: () => ({ body: { password: 'not-the-password' } }),
    status: { anon: SIGNED_OUT, a: 400, b: 400, admin: 403 },
    mirror: 403,
    note: 'a wrong password deletes nothing: delete-account.api.test.ts deletes for real',
  },
  'PUT /api/request-settings': client(200, 200, () => ({ body: DEFAULT_REQUEST_SETTINGS })),
  'GET /api/channels': client(200, 200),
  'POST /api/email-test': client(200, 200),
  'GET /api/integrations': client(200, 200),
  'GET /api/integrations/google/connect': client(302, 404, (c) => ({
    query: { locationId: c.a.location.id },
  })),
  'GET /api/integrations/google/callback': client(302, 302),
  'POST /api/integrations/google/import-reviews': client(202, 400, clearRuns),
  'GET /api/integrations/sync-runs/:id': client(200, 404, async (c) => {
    const [run] = await c.db
      .insert(syncRuns)
      .values({ ownerId: c.a.user.id, provider: 'google', trigger: 'manual' })
      .returning();
    return { params: id(run!) };
  }),
  'GET /api/integrations/google/locations': client(200, 400),
  'POST /api/integrations/google/link': client(200, 404, (c) => ({
    body: { locationId: c.a.location.id, googleLocationId: c.googleLocationId },
  })),
  'POST /api/integrations/google/reply/:id': client(400, 404, (c) => ({
    params: id(c.a.review),
    body: { reply: 'Thanks' },
  })),
  'GET /api/integrations/facebook/connect': client(302, 404, (c) => ({
    query: { locationId: c.a.location.id },
  })),
  'GET /api/integrations/facebook/callback': client(302, 302),
  'POST /api/integrations/facebook/import-reviews': client(202, 400, clearRuns),
  'POST /api/integrations/facebook/reply/:id': client(400, 404, (c) => ({
    params: id(c.a.review),
    body: { reply: 'Thanks' },
  })),
  'DELETE /api/integrations/:provider': client(200, 404, async (c) => ({
    params: { provider: 'google' },
    query: { locationId: (await createLocation(c.db, c.a.user.id)).id },
  })),
  'GET /api/dashboard/stats': client(200, 200),
  'GET /api/dashboard/charts': client(200, 200),
  'GET /api/insights': client(200, 200),
  'GET /api/system-test': client(200, 200),
  'GET /api/debug': client(200, 200),
  'GET /api/plans': client(200, 200),
  'GET /api/notifications': client(200, 200),
  'GET /api/notifications/unread-count': client(200, 200),
  'POST /api/notifications/read-all': client(200, 200),
  // Web Push: each signed-in person's own devices; an admin (at /api or inside A's area) gets none.
  'GET /api/push/key': client(200, 200),
  'GET /api/push/subscriptions': client(200, 200, undefined, {
    status: { anon: SIGNED_OUT, a: 200, b: 200, admin: 403 },
    mirror: 403,
  }),
  'POST /api/push/subscriptions': client(201, 201, () => ({ body: pushDevice() }), {
    status: { anon: SIGNED_OUT, a: 201, b: 201, admin: 403 },
    mirror: 403,
  }),
  // No one can name another's device, so each call names one that is nobody's (push.api.test.ts turns one off).
  'DELETE /api/push/subscriptions': client(404, 404, () => ({ body: { endpoint: pushDevice().endpoint } }), {
    status: { anon: SIGNED_OUT, a: 404, b: 404, admin: 403 },
    mirror: 403,
  }),
  'POST /api/notifications/:id/read': client(200, 404, async (c) => {
    const [row] = await c.db
      .insert(notifications)
      .values({ ownerId: c.a.user.id, kind: 'review_new', title: `${c.a.marker} news`, target: '/reviews' })
      .returning();
    return { params: id(row!) };
  }),
  'GET /api/notification-settings': client(200, 200),
  'GET /api/proof-settings': client(200, 200),
  // Each caller saves its own page under its own address.
  'PUT /api/proof-settings': client(200, 200, (c) => ({
    body: { enabled: true, slug: `proof-${c.self.user.id}` },
  })),
  'GET /api/widget-settings': client(200, 200),
  'PUT /api/widget-settings': client(200, 200, () => ({ body: DEFAULT_WIDGET_SETTINGS })),
  'POST /api/widget-settings/rotate-key': client(200, 200),
  'POST /api/widget-settings/preview': client(200, 200, () => ({ body: DEFAULT_WIDGET_SETTINGS })),
  'GET /api/widget-settings/reviews': client(200, 200),
  'GET /api/account/export': client(200, 200),
  'PUT /api/notification-settings': client(200, 200, () => ({
    body: { instantAlerts: true, alertMaxRating: 2, weeklyDigest: false },
  })),
  'GET /api/api-keys': client(200, 200),
  'POST /api/api-keys': client(201, 201, () => ({ body: { name: 'Till' } })),
  'POST /api/api-keys/:id/revoke': client(200, 404, async (c) => ({
    params: id(await apiKeysServiceFor(c).create(c.a.user.id, 'Doomed')),
  })),
  'GET /api/webhooks': client(200, 200),
  // A public address written as an IP: no DNS lookup, and nothing is sent until an event or a test.
  'POST /api/webhooks': client(201, 201, async (c) => {
    // The endpoints other calls made for A are removed first, so A stays under the plan's ten.
    await c.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date() })
      .where(eq(webhookEndpoints.ownerId, c.a.user.id));
    return { body: { url: 'https://93.184.215.14/hook', events: ['review.created'] } };
  }),
  'DELETE /api/webhooks/:id': client(204, 404, async (c) => ({ params: id(await endpointOfA(c)) })),
  'GET /api/webhooks/:id/deliveries': client(200, 404, async (c) => ({ params: id(await endpointOfA(c)) })),
  'POST /api/webhooks/:id/test': client(202, 404, async (c) => ({ params: id(await endpointOfA(c)) })),

  // The team (issue 16): the owner's Settings › Team, the invitation link, the admin's view.
  'GET /api/team': client(200, 200),
  'POST /api/team/invitations': {
    call: () => ({
      body: { email: `invitee-${randomBytes(3).toString('hex')}@example.com`, role: 'responder' },
    }),
    status: { anon: SIGNED_OUT, a: 201, b: 201, admin: 404 },
    note: "an admin's own area is no business to invite anyone into",
  },
  'DELETE /api/team/invitations/:id': client(204, 404, async (c) => ({
    params: id((await createInvitation(c.db, c.a.user.id)).invitation),
  })),
  'PATCH /api/team/members/:id': client(200, 404, async (c) => ({
    params: id((await createMember(c.db, c.a.user.id)).member),
    body: { role: 'responder' },
  })),
  'DELETE /api/team/members/:id': client(204, 404, async (c) => ({
    params: id((await createMember(c.db, c.a.user.id)).member),
  })),
  'GET /api/admin/clients/:id/members': admin(200, (c) => ({ params: id(c.a.user) })),
  'GET /api/invitations/:token': open(
    200,
    async (c) => ({ params: { token: (await createInvitation(c.db, c.a.user.id)).token } }),
    { showsA: "the invitation names A's business to the person A invited" },
  ),
  'POST /api/invitations/:token/accept': {
    call: async (c) => ({
      params: { token: (await createInvitation(c.db, c.a.user.id)).token },
      body: { firstName: 'Invitee', password: 'a-long-new-password' },
    }),
    status: { anon: 200, a: 403, b: 403, admin: 403 },
    note: 'a signed-in user of another address cannot take an invitation; team.api.test.ts joins as one',
    showsA: "the new member's own user names the business (A's) they just joined",
  },
};

/**
 * The routes whose call names a row at A's first location (or a review at none, or a notification about no
 * location): a member limited to another location is answered as if it did not exist (issue 42, item 2).
 */
const OUTSIDE_THEIR_LOCATIONS = [
  'GET /api/locations/:id',
  'PATCH /api/locations/:id',
  'DELETE /api/locations/:id',
  'GET /api/locations/:id/qr',
  'GET /api/reviews/:id',
  'POST /api/reviews/:id/response',
  'PUT /api/reviews/:id/response',
  'DELETE /api/reviews/:id/response',
  'POST /api/reviews/:id/response/retry',
  'GET /api/reviews/:id/reply-draft',
  'POST /api/reviews/:id/suggested-reply',
  'GET /api/feedback-cases/:id',
  'GET /api/reviews/:id/feedback-case',
  'POST /api/feedback-cases/:id/messages',
  'POST /api/feedback-cases/:id/resolve',
  'POST /api/feedback-cases/:id/reopen',
  'POST /api/integrations/google/reply/:id',
  'POST /api/integrations/facebook/reply/:id',
  'POST /api/review-requests',
  'POST /api/review-requests/bulk',
  'POST /api/review-requests/bulk/preview',
  'POST /api/review-requests/link',
  'GET /api/review-requests/:id',
  'GET /api/review-requests/:id/qr',
  'POST /api/review-requests/:id/retry',
  'POST /api/review-requests/:id/cancel',
  'POST /api/review-requests/:id/resend',
  'POST /api/notifications/:id/read',
];
for (const key of OUTSIDE_THEIR_LOCATIONS) EXPECTATIONS[key] = { ...EXPECTATIONS[key]!, limited: 404 };
// A new location is the whole business's: only a member who works on every location may add one.
EXPECTATIONS['POST /api/locations'] = { ...EXPECTATIONS['POST /api/locations']!, limited: 403 };

/**
 * The least team role each client-area route needs (issue 16, part 2), written here on its own as the
 * contract: a member with at least this role gets what client A gets, anyone less gets 403.
 */
const RESPONDER: TeamRole = 'responder';
const MANAGER: TeamRole = 'manager';
const OWNER: TeamRole = 'owner';
const MIN_ROLE: Record<string, TeamRole> = {
  'GET /api/reviews': RESPONDER,
  'GET /api/reviews/:id': RESPONDER,
  'GET /api/reviews/rose-after-reply': RESPONDER,
  'GET /api/reviews/:id/video': RESPONDER,
  'POST /api/reviews/:id/response': RESPONDER,
  'PUT /api/reviews/:id/response': RESPONDER,
  'DELETE /api/reviews/:id/response': RESPONDER,
  'POST /api/reviews/:id/response/retry': RESPONDER,
  'GET /api/reviews/:id/reply-draft': RESPONDER,
  'GET /api/notifications': RESPONDER,
  'GET /api/notifications/unread-count': RESPONDER,
  'POST /api/notifications/read-all': RESPONDER,
  'POST /api/notifications/:id/read': RESPONDER,
  'GET /api/push/key': RESPONDER,
  'GET /api/push/subscriptions': RESPONDER,
  'POST /api/push/subscriptions': RESPONDER,
  'DELETE /api/push/subscriptions': RESPONDER,
  'PATCH /api/user': RESPONDER,
  'POST /api/user/password': RESPONDER,
  'DELETE /api/user': RESPONDER,
  'GET /api/locations': RESPONDER,
  'GET /api/integrations': RESPONDER,

  'GET /api/reviews/export.csv': MANAGER,
  'POST /api/locations': MANAGER,
  'GET /api/locations/:id': MANAGER,
  'PATCH /api/locations/:id': MANAGER,
  'DELETE /api/locations/:id': MANAGER,
  'GET /api/locations/:id/qr': MANAGER,
  'GET /api/contacts': MANAGER,
  'GET /api/contacts/tags': MANAGER,
  'GET /api/contacts/export.csv': MANAGER,
  'POST /api/contacts/import': MANAGER,
  'POST /api/contacts': MANAGER,
  'GET /api/contacts/:id': MANAGER,
  'GET /api/contacts/:id/consent': MANAGER,
  'GET /api/contacts/:id/timeline': MANAGER,
  'PATCH /api/contacts/:id': MANAGER,
  'DELETE /api/contacts/:id': MANAGER,
  'GET /api/templates': MANAGER,
  'POST /api/templates': MANAGER,
  'POST /api/templates/preview': MANAGER,
  'PATCH /api/templates/:id': MANAGER,
  'DELETE /api/templates/:id': MANAGER,
  'POST /api/templates/:id/preview': MANAGER,
  'POST /api/review-requests': MANAGER,
  'POST /api/review-requests/bulk': MANAGER,
  'POST /api/review-requests/bulk/preview': MANAGER,
  'GET /api/review-requests/last-asked': MANAGER,
  'GET /api/review-requests': MANAGER,
  'GET /api/review-requests/:id': MANAGER,
  'GET /api/review-requests/:id/qr': MANAGER,
  'POST /api/review-requests/link': MANAGER,
  'GET /api/review-requests/audit.csv': MANAGER,
  'POST /api/review-requests/:id/retry': MANAGER,
  'POST /api/review-requests/:id/cancel': MANAGER,
  'POST /api/review-requests/:id/resend': MANAGER,
  'GET /api/request-settings': MANAGER,
  'PUT /api/request-settings': MANAGER,
  'GET /api/channels': MANAGER,
  'POST /api/integrations/google/import-reviews': MANAGER,
  'POST /api/integrations/facebook/import-reviews': MANAGER,
  'GET /api/integrations/sync-runs/:id': MANAGER,
  'POST /api/integrations/google/reply/:id': MANAGER,
  'POST /api/integrations/facebook/reply/:id': MANAGER,
  'GET /api/dashboard/stats': MANAGER,
  'GET /api/dashboard/charts': MANAGER,
  'GET /api/insights': MANAGER,
  'GET /api/subscription': MANAGER,

  'GET /api/integrations/google/connect': OWNER,
  'GET /api/integrations/google/callback': OWNER,
  'GET /api/integrations/google/locations': OWNER,
  'POST /api/integrations/google/link': OWNER,
  'GET /api/integrations/facebook/connect': OWNER,
  'GET /api/integrations/facebook/callback': OWNER,
  'DELETE /api/integrations/:provider': OWNER,
  'GET /api/plans': OWNER,
  'POST /api/checkout/cancel': OWNER,
  'POST /api/checkout/:planId': OWNER,
  'GET /api/checkout/sessions/:id': OWNER,
  'POST /api/billing/portal': OWNER,
  'GET /api/notification-settings': OWNER,
  'PUT /api/notification-settings': OWNER,
  'POST /api/email-test': OWNER,
  'GET /api/system-test': OWNER,
  'GET /api/debug': OWNER,
  'GET /api/account/export': OWNER,
  'GET /api/team': OWNER,
  'POST /api/team/invitations': OWNER,
  'DELETE /api/team/invitations/:id': OWNER,
  'PATCH /api/team/members/:id': OWNER,
  'DELETE /api/team/members/:id': OWNER,

  // Suggested replies, the widget, the public API's keys and webhooks (issue 16).
  'POST /api/reviews/:id/suggested-reply': RESPONDER,
  'GET /api/feedback-cases': RESPONDER,
  'GET /api/feedback-cases/:id': RESPONDER,
  'GET /api/reviews/:id/feedback-case': RESPONDER,
  'POST /api/feedback-cases/:id/messages': RESPONDER,
  'POST /api/feedback-cases/:id/resolve': RESPONDER,
  'POST /api/feedback-cases/:id/reopen': RESPONDER,
  'GET /api/reply-settings': RESPONDER,
  'PUT /api/reply-settings': MANAGER,
  'GET /api/proof-settings': OWNER,
  'PUT /api/proof-settings': OWNER,
  'GET /api/widget-settings': MANAGER,
  'PUT /api/widget-settings': MANAGER,
  'POST /api/widget-settings/rotate-key': MANAGER,
  'POST /api/widget-settings/preview': MANAGER,
  'GET /api/widget-settings/reviews': MANAGER,
  'GET /api/api-keys': OWNER,
  'POST /api/api-keys': OWNER,
  'POST /api/api-keys/:id/revoke': OWNER,
  'GET /api/webhooks': OWNER,
  'POST /api/webhooks': OWNER,
  'DELETE /api/webhooks/:id': OWNER,
  'GET /api/webhooks/:id/deliveries': OWNER,
  'POST /api/webhooks/:id/test': OWNER,
};

const MIRROR = '/api/admin/clients/:clientId';
/** The expectation for a route of the table; mirror routes take their client route's. */
function expectationKeyOf(route: TableRoute): string {
  return route.area === 'mirror'
    ? `${route.method} ${route.path.replace('/admin/clients/:clientId', '')}`
    : `${route.method} ${route.path}`;
}
/** Password change last: it may end the user's other sessions. */
const LAST = new Set(['POST /api/user/password']);

function fill(path: string, params: Record<string, string | number> = {}, clientId?: number): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'clientId' && clientId !== undefined) return String(clientId);
    if (!(name in params)) throw new Error(`no value for :${name} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}

describe.each(testDatabaseKinds)('the access matrix on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let actors: Actors;
  let table: TableRoute[];
  let google: FakeGoogle;
  let facebook: FakeFacebook;
  let googleLocationId: string;
  let changes: Awaited<ReturnType<typeof trackRowChanges>>;
  /** A's and B's API keys, for the public API's routes. */
  let apiKeys: { a: string; b: string };
  let members: Record<MemberActor | LimitedActor, { user: Tenant['user']; agent: Agent }>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const providers = await startFakeProviders();
    ({ google, facebook } = providers);
    googleLocationId = providers.links.googleLocationId;
    app = createTestApp(database.handle.db, providers.env);
    actors = await seedActors(database.handle.db, app, providers.links);
    const keys = apiKeysServiceFor(database.handle);
    apiKeys = {
      a: (await keys.create(actors.a.user.id, 'matrix')).key,
      b: (await keys.create(actors.b.user.id, 'matrix')).key,
    };
    const elsewhere = await createLocation(database.handle.db, actors.a.user.id, { name: 'Elsewhere' });
    const memberOf = async (role: TeamRole, locationIds: number[] | null) => {
      const { user } = await createMember(database.handle.db, actors.a.user.id, { role, locationIds });
      return { user, agent: await signedInAgent(app, user) };
    };
    members = Object.fromEntries(
      await Promise.all([
        ...MEMBER_ACTORS.map(async (role) => [role, await memberOf(role, null)] as const),
        ...LIMITED_ACTORS.map(
          async (actor) => [actor, await memberOf(roleOfLimited(actor), [elsewhere.id])] as const,
        ),
      ]),
    ) as typeof members;
    const walk = routeTableOf(app);
    expect(walk.unreadable).toEqual([]);
    table = walk.routes;
    // The admin's reads inside a client's area are audited after the answer: left out, so a late audit row
    // is never taken for a refused call's write.
    changes = await trackRowChanges(database.handle.db, { ignore: ['audit_log'] });
    // Seven signed-in actors, each a scrypt hash and a sign-in: more than the default hook time when busy.
  }, 240_000);
  afterAll(async () => {
    await google?.close();
    await facebook?.close();
    await database?.drop();
  });

  it('when the route table is read, then every route has an expectation and every expectation a route', () => {
    const expected = new Set(Object.keys(EXPECTATIONS));
    const missing = table
      .filter((r) => !expected.has(expectationKeyOf(r)))
      .map((r) => `${r.method} ${r.path}`);
    const routeKeys = new Set(table.map((r) => `${r.method} ${r.path}`));
    const stale = [...expected].filter((key) => !routeKeys.has(key));
    // A client expectation must have its mirror, and the other way round.
    const unmirrored = table
      .filter((r) => r.area === 'client')
      .filter((r) => !routeKeys.has(`${r.method} ${r.path.replace(/^\/api/, `/api${MIRROR.slice(4)}`)}`))
      .map((r) => `${r.method} ${r.path}`);
    // Every client-area route states the least team role it needs, and every role entry has its route.
    const clientKeys = table.filter((r) => r.area === 'client').map((r) => `${r.method} ${r.path}`);
    const roleless = clientKeys.filter((key) => !(key in MIN_ROLE));
    const staleRoles = Object.keys(MIN_ROLE).filter((key) => !clientKeys.includes(key));
    expect({ missing, stale, unmirrored, roleless, staleRoles }).toEqual({
      missing: [],
      stale: [],
      unmirrored: [],
      roleless: [],
      staleRoles: [],
    });
    expect(table.length).toBeGreaterThan(100);
  });

  it('when every actor calls every route, then each answers as expected, leaks nothing and never shows a secret', async () => {
    const failures: string[] = [];
    const leaks: string[] = [];
    const routes = [...table].sort(
      (x, y) => Number(LAST.has(expectationKeyOf(x))) - Number(LAST.has(expectationKeyOf(y))),
    );
    const { a, b, admin: adminTenant } = actors;
    const tenants: Record<Exclude<Actor, 'anon'>, Tenant> = { a, b, admin: adminTenant };
    // A member's own login in A's tenant: A's rows, the member's user (for own-profile bodies).
    const memberTenants = Object.fromEntries(
      [...MEMBER_ACTORS, ...LIMITED_ACTORS].map((actor) => [actor, { ...a, user: members[actor].user }]),
    ) as Record<MemberActor | LimitedActor, Tenant>;
    // What only A's first location holds: a member limited elsewhere never sees it.
    const atAsLocation = [`${a.marker} Location`, `${a.marker} review text`, `${a.marker} Reviewer`];
    let calls = 0;

    for (const route of routes) {
      const key = expectationKeyOf(route);
      const expectation = EXPECTATIONS[key];
      if (!expectation) continue; // reported by the coverage test
      const mirror = route.area === 'mirror';
      const order: (Actor | MemberActor | LimitedActor)[] = mirror
        ? ['anon', 'b', ...MEMBER_ACTORS, ...LIMITED_ACTORS, 'a', 'admin']
        : ['anon', 'b', 'admin', ...MEMBER_ACTORS, ...LIMITED_ACTORS, 'a'];
      for (const actor of order) {
        const isLimited = (LIMITED_ACTORS as string[]).includes(actor);
        const isMember = isLimited || (MEMBER_ACTORS as string[]).includes(actor);
        let want: number;
        if (isMember) {
          // A member is refused the admin's paths; in A's area they get what A gets when their role
          // reaches the route's (a member limited elsewhere: `limited` when given), else 403; elsewhere
          // (sign-in flow, public) what A gets.
          const role = isLimited ? roleOfLimited(actor as LimitedActor) : (actor as MemberActor);
          const minimum = route.area === 'client' ? MIN_ROLE[key] : undefined;
          if (mirror || route.area === 'admin') want = 403;
          else if (minimum && !roleAtLeast(role, minimum)) want = 403;
          else if (isLimited && route.area === 'client') want = expectation.limited ?? expectation.status.a;
          else want = expectation.status.a;
        } else {
          want = mirror
            ? { anon: SIGNED_OUT, a: 403, b: 403, admin: expectation.mirror ?? expectation.status.a }[
                actor as Actor
              ]
            : expectation.status[actor as Actor];
        }
        const self = isMember
          ? memberTenants[actor as MemberActor | LimitedActor]
          : actor === 'anon'
            ? a
            : mirror && actor === 'admin'
              ? a
              : tenants[actor as Exclude<Actor, 'anon'>];
        const call =
          (await expectation.call?.({
            a,
            self,
            actors,
            db: database.handle.db,
            adminAgent: actors.agents.admin,
            googleLocationId,
          })) ?? {};
        const url = fill(route.path, call.params, a.user.id);
        let agent: Agent;
        if (actor === 'anon') agent = supertest.agent(app);
        else if (expectation.freshAgent) agent = await signedInAgent(app, self.user);
        else
          agent = isMember
            ? members[actor as MemberActor | LimitedActor].agent
            : actors.agents[actor as Exclude<Actor, 'anon'>];
        let req = agent[route.method.toLowerCase() as 'get'](url).redirects(0);
        if (call.query) req = req.query(call.query);
        if (typeof call.body === 'string') req = req.type('text/csv').send(call.body);
        else if (call.body !== undefined) req = req.send(call.body as object);
        const before = await changes.count();
        const res = await req;
        calls += 1;
        // A refused call changes nothing (its setup may have written: the count is taken after it).
        if (res.status >= 400 && (await changes.count()) !== before) {
          failures.push(
            `${actor}${mirror ? ' (mirror)' : ''} ${route.method} ${route.path} → ${res.status}: refused but changed the database`,
          );
        }
        const label = `${actor}${mirror ? ' (mirror)' : ''} ${route.method} ${route.path} → ${res.status}`;
        if (res.status !== want) failures.push(`${label}, expected ${want}: ${res.text?.slice(0, 160)}`);
        const text = responseText(res);
        for (const secret of secretsIn(text, actors.secrets)) leaks.push(`${label}: ${secret}`);
        // Nobody but A, A's team (or an admin inside A's area, or on admin routes) may see A's rows.
        const mayShowA =
          Boolean(expectation.showsA) ||
          actor === 'a' ||
          (isMember && res.status < 400) ||
          (actor === 'admin' && (mirror || route.area === 'admin'));
        if (!mayShowA && text.includes(a.marker)) leaks.push(`${label}: shows client A's data`);
        if (isLimited && !expectation.showsA)
          for (const mark of atAsLocation)
            if (text.includes(mark)) leaks.push(`${label}: shows "${mark}" from outside their locations`);
      }
      // The public API: the same call with A's key, then B's (naming A's rows).
      for (const keyOf of expectation.bearer ? (['b', 'a'] as const) : []) {
        const call =
          (await expectation.call?.({
            a,
            self: a,
            actors,
            db: database.handle.db,
            adminAgent: actors.agents.admin,
            googleLocationId,
          })) ?? {};
        let req = supertest(app)
          [route.method.toLowerCase() as 'get'](fill(route.path, call.params))
          .set('Authorization', `Bearer ${apiKeys[keyOf]}`)
          .redirects(0);
        if (call.body !== undefined) req = req.send(call.body as object);
        // A key's last use is written at most once a minute: set just now, so what is counted is the call's own.
        await database.handle.db.update(apiKeyRows).set({ lastUsedAt: new Date() });
        const before = await changes.count();
        const res = await req;
        calls += 1;
        const label = `key of ${keyOf} ${route.method} ${route.path} → ${res.status}`;
        if (res.status !== expectation.bearer![keyOf])
          failures.push(`${label}, expected ${expectation.bearer![keyOf]}: ${res.text?.slice(0, 160)}`);
        if (res.status >= 400 && (await changes.count()) !== before)
          failures.push(`${label}: refused but changed the database`);
        const text = responseText(res);
        for (const secret of secretsIn(text, actors.secrets)) leaks.push(`${label}: ${secret}`);
        if (keyOf === 'b' && text.includes(a.marker)) leaks.push(`${label}: shows client A's data`);
      }
    }
    expect({ failures, leaks }).toEqual({ failures: [], leaks: [] });
    expect(calls).toBeGreaterThan(700);
  }, 900_000);
});
