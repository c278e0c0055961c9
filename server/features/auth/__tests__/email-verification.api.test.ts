import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_MESSAGES } from '@shared/schemas/account';
import { emailVerificationTokens, users } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createUser, registrationFor, signedInAgent } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { waitFor } from '../../delivery/__tests__/helpers';

const BASE = 'https://reviews.example.com';
const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('email verification on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let ctx: AppContext;
  let app: Express;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
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
    smtp.messages.length = 0;
  });

  const db = () => database.handle.db;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
  /** The text of the `nth` email (0: the first) sent to `email`, once it has arrived. */
  const mailTo = async (email: string, nth = 0) => {
    const mail = await waitFor(async () => mailsTo(email)[nth]);
    return decodeQuotedPrintable(mail.raw);
  };
  const tokenIn = (text: string) =>
    text.match(/https:\/\/reviews\.example\.com\/verify-email\?token=([\w-]+)/)![1]!;

  async function register() {
    const input = registrationFor();
    const agent = agentFor(app);
    const res = await agent.post('/api/register').send({ ...input, username: input.email });
    expect(res.status).toBe(201);
    return { agent, input, user: res.body as { id: number; emailVerified: boolean } };
  }

  it('when someone registers, then one welcome email carries a link that verifies the account once', async () => {
    const { agent, input, user } = await register();
    expect(user.emailVerified).toBe(false);

    const text = await mailTo(input.email);
    expect(text).toContain('Welcome to ReviewFlow');
    expect(mailsTo(input.email)).toHaveLength(1);
    const token = tokenIn(text);
    const [stored] = await db()
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - clock.getTime()).toBe(48 * HOUR);

    // Opened on another device, signed out: it still verifies.
    const verified = await agentFor(app).post('/api/verify-email').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      message: EMAIL_VERIFICATION_MESSAGES.verified,
      email: input.email,
      changed: false,
    });
    expect((await agent.get('/api/user')).body.emailVerified).toBe(true);

    const again = await agentFor(app).post('/api/verify-email').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.invalid);
  }, 120_000);

  it('when the link is past 48 hours, or was never sent, then it answers 400 and verifies nothing', async () => {
    const { agent, input } = await register();
    const token = tokenIn(await mailTo(input.email));

    clock = new Date(clock.getTime() + 48 * HOUR + 1000);
    const expired = await agentFor(app).post('/api/verify-email').send({ token });
    const unknown = await agentFor(app)
      .post('/api/verify-email')
      .send({ token: 'u'.repeat(43) });
    const malformed = await agentFor(app).post('/api/verify-email').send({ token: 42 });

    for (const res of [expired, unknown, malformed]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.invalid);
    }
    expect((await agent.get('/api/user')).body.emailVerified).toBe(false);
  }, 120_000);

  it('when an unverified owner asks again, then a new link comes; a verified one is told there is nothing to do', async () => {
    const { agent, input } = await register();
    await mailTo(input.email);

    const resent = await agent.post('/api/verify-email/resend');
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.sent);
    const token = tokenIn(await mailTo(input.email, 1));
    await agentFor(app).post('/api/verify-email').send({ token }).expect(200);

    const done = await agent.post('/api/verify-email/resend');
    expect(done.status).toBe(400);
    expect(done.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
    expect((await agentFor(app).post('/api/verify-email/resend')).status).toBe(401);
  }, 120_000);

  it('when the resend is asked for too often, then it answers 429', async () => {
    const { agent } = await register();
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) answers.push((await agent.post('/api/verify-email/resend')).status);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  }, 120_000);

  it('when the owner changes the email, then it needs the password, the new address gets a link and the old one a notice, and only the link changes it', async () => {
    const user = await createUser(db());
    const other = await createUser(db());
    const agent = await signedInAgent(app, user);
    const newEmail = `moved-${user.id}@example.com`;

    const wrong = await agent
      .post('/api/user/email')
      .send({ email: newEmail, currentPassword: 'not-mine-1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.currentPassword).toEqual(['Current password is incorrect']);
    const taken = await agent
      .post('/api/user/email')
      .send({ email: other.email.toUpperCase(), currentPassword: user.password });
    expect(taken.status).toBe(409);
    const viaProfile = await agent
      .patch('/api/user')
      .send({ firstName: 'Casey', companyName: 'Casey Co', email: newEmail });
    expect(viaProfile.status).toBe(400);
    expect(viaProfile.body.message).toBe(EMAIL_VERIFICATION_MESSAGES.useChangeEmail);
    expect(smtp.messages).toHaveLength(0);

    const asked = await agent
      .post('/api/user/email')
      .send({ email: newEmail, currentPassword: user.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ email: user.email, emailVerified: true, pendingEmail: newEmail });
    expect((await agent.get('/api/user/email')).body.pendingEmail).toBe(newEmail);
    expect(await mailTo(user.email)).toContain(newEmail);
    const token = tokenIn(await mailTo(newEmail));
    // Until the link is followed the account keeps its address.
    expect((await agent.get('/api/user')).body.email).toBe(user.email);

    const verified = await agentFor(app).post('/api/verify-email').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ changed: true, email: newEmail });
    expect(await mailTo(user.email, 1)).toContain(`is now ${newEmail}`);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: newEmail, username: newEmail });
    expect((await agent.get('/api/user/email')).body).toEqual({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    await signedInAgent(app, { email: newEmail, password: user.password });
    const oldSignIn = await agentFor(app)
      .post('/api/login')
      .send({ email: user.email, password: user.password });
    expect(oldSignIn.status).toBe(401);
  }, 120_000);

  it('when the new address is taken before the link is followed, then the link answers 409 and nothing changes', async () => {
    const user = await createUser(db());
    const agent = await signedInAgent(app, user);
    const newEmail = `contested-${user.id}@example.com`;
    await agent.post('/api/user/email').send({ email: newEmail, currentPassword: user.password }).expect(200);
    const token = tokenIn(await mailTo(newEmail));
    await createUser(db(), { email: newEmail });

    const res = await agentFor(app).post('/api/verify-email').send({ token });

    expect(res.status).toBe(409);
    expect((await agent.get('/api/user')).body.email).toBe(user.email);
  }, 120_000);
});
