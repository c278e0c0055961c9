import { and, eq, isNull } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@shared/schemas/auth';
import { emailVerificationTokens, passwordResetTokens } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createUser, signedInAgent } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createPasswordResetService } from '../password-reset.service';
import { waitFor } from '../../delivery/__tests__/helpers';

const BASE = 'https://reviews.example.com';

/**
 * Issue 42, items 4 and 5: a reset link must not outlive a change of the password or the email, and one
 * inbox gets at most three reset emails an hour.
 */
describe.each(testDatabaseKinds)('credential changes on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let ctx: AppContext;
  let app: Express;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // The links are read from the mails as their recipient gets them (the outbox keeps them hidden).
    smtp = await startTestSmtpServer();
    ctx = createTestContext(database.handle.db, {
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: BASE,
      PASSWORD_RESET_EMAILS_PER_HOUR: '3',
    });
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
  const resets = () => createPasswordResetService(ctx);
  const liveResetLinks = async (userId: number) =>
    (
      await db()
        .select()
        .from(passwordResetTokens)
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
    ).length;
  /** The emails `email` has received, oldest first, decoded. */
  const mailsTo = (email: string) =>
    smtp.messages.filter((m) => m.to.includes(email)).map((m) => decodeQuotedPrintable(m.raw));
  /** The token of the newest link of this kind in the emails `email` received. */
  const tokenSentTo = (email: string, link: RegExp) => {
    const token = mailsTo(email).at(-1)?.match(link)?.[1];
    if (!token) throw new Error(`no email with ${String(link)} to ${email}`);
    return token;
  };
  const resetTokenSentTo = (email: string) => tokenSentTo(email, /\/auth\?reset=([\w-]+)/);

  it('when the owner changes their password, then a reset link mailed before it is spent and other sessions end', async () => {
    const user = await createUser(db());
    const here = await signedInAgent(app, user);
    const elsewhere = await signedInAgent(app, user);
    await resets().requestReset(user.email);
    const token = resetTokenSentTo(user.email);

    await here
      .post('/api/user/password')
      .send({ currentPassword: user.password, newPassword: 'a-much-newer-password' })
      .expect(204);

    expect(await liveResetLinks(user.id)).toBe(0);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    const reset = await agentFor(app)
      .post('/api/reset-password')
      .send({ token, password: 'attacker-password' });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(PASSWORD_RESET_MESSAGES.invalid);
  });

  it('when the owner confirms a new email, then a reset link mailed to the old address is spent and only the asking session stays', async () => {
    const user = await createUser(db());
    const here = await signedInAgent(app, user);
    const elsewhere = await signedInAgent(app, user);
    await resets().requestReset(user.email);
    const token = resetTokenSentTo(user.email);
    const newEmail = `new-${user.email}`;
    await here.post('/api/user/email').send({ email: newEmail, currentPassword: user.password }).expect(200);
    const verifyToken = tokenSentTo(newEmail, /verify-email\?token=([\w-]+)/);

    // Opened on another device, signed out.
    await agentFor(app).post('/api/verify-email').send({ token: verifyToken }).expect(200);

    expect(await liveResetLinks(user.id)).toBe(0);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    const reset = await agentFor(app)
      .post('/api/reset-password')
      .send({ token, password: 'attacker-password' });
    expect(reset.status).toBe(400);
    const [link] = await db()
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(link?.requestedBySession).not.toBeNull();
  });

  it("when an admin changes a client's email or password, then the client's reset links are spent and sessions end", async () => {
    const admin = await signedInAgent(app, await createUser(db(), { role: 'admin' }));
    for (const change of [
      { email: `moved-${Date.now()}@example.com` },
      { password: 'admin-chosen-password' },
    ]) {
      const user = await createUser(db());
      const session = await signedInAgent(app, user);
      await resets().requestReset(user.email);
      expect(await liveResetLinks(user.id)).toBe(1);

      await admin.patch(`/api/admin/clients/${user.id}`).send(change).expect(200);

      expect(await liveResetLinks(user.id)).toBe(0);
      expect((await session.get('/api/user')).status).toBe(401);
    }
  });

  it('when one account asks for a reset link again and again, then at most three emails go out an hour, and every answer is the same', async () => {
    const user = await createUser(db());
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await agentFor(app).post('/api/forgot-password').send({ email: user.email });
      answers.push([res.status, res.body]);
      // The email is sent after the answer; the service's own call is awaited here to count it.
      await resets().requestReset(user.email);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, { message: PASSWORD_RESET_MESSAGES.sent }]);
    // The route's own sends go out after its answer: the three may still be on their way.
    await waitFor(async () => mailsTo(user.email).length >= 3);
    expect(mailsTo(user.email)).toHaveLength(3);

    clock = new Date(clock.getTime() + 61 * 60_000);
    await resets().requestReset(user.email);
    expect(mailsTo(user.email)).toHaveLength(4);
  });
});
