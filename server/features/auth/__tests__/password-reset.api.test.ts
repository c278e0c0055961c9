import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@shared/schemas/auth';
import { passwordResetTokens } from '../../../db/schema';
import { createUser, DEFAULT_PASSWORD, signedInAgent } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { waitFor } from '../../delivery/__tests__/helpers';

const BASE = 'https://reviews.example.com';

describe.each(testDatabaseKinds)('forgot password on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const app = () => createTestApp(database.handle.db, { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE });
  /** The link in the reset email sent to `email`, once it has arrived. */
  const linkSentTo = async (email: string) => {
    const mail = await waitFor(async () => smtp.messages.find((m) => m.to.includes(email)));
    const text = decodeQuotedPrintable(mail.raw);
    return text.match(/https:\/\/reviews\.example\.com\/auth\?reset=([\w-]+)/)![1]!;
  };

  it('when an account asks, then it gets a one-hour link that sets a new password once and ends every session', async () => {
    const user = await createUser(database.handle.db);
    const elsewhere = await signedInAgent(app(), user);

    const asked = await agentFor(app())
      .post('/api/forgot-password')
      .send({ email: user.email.toUpperCase() });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    const token = await linkSentTo(user.email);
    const [stored] = await database.handle.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token); // only its hash is kept
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(60 * 60_000, -4);

    const reset = await agentFor(app())
      .post('/api/reset-password')
      .send({ token, password: 'a-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(PASSWORD_RESET_MESSAGES.done);

    expect((await elsewhere.get('/api/user')).status).toBe(401);
    const login = (password: string) =>
      agentFor(app()).post('/api/login').send({ email: user.email, password });
    expect((await login(DEFAULT_PASSWORD)).status).toBe(401);
    expect((await login('a-new-password')).status).toBe(200);
    const again = await agentFor(app())
      .post('/api/reset-password')
      .send({ token, password: 'third-password' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(PASSWORD_RESET_MESSAGES.invalid);
  });

  it('when the email has no account, then the answer is the same and nothing is sent', async () => {
    const res = await agentFor(app()).post('/api/forgot-password').send({ email: 'nobody-here@example.com' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    // A known account's email goes out after this one was handled: had one been sent here, it would be first.
    const user = await createUser(database.handle.db);
    await agentFor(app()).post('/api/forgot-password').send({ email: user.email });
    await linkSentTo(user.email);
    expect(smtp.messages.map((m) => m.to)).toEqual([[user.email]]);
  });

  it('when the link is over an hour old, or made up, then it changes nothing', async () => {
    const user = await createUser(database.handle.db);
    await agentFor(app()).post('/api/forgot-password').send({ email: user.email });
    const token = await linkSentTo(user.email);
    await database.handle.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));

    const expired = await agentFor(app())
      .post('/api/reset-password')
      .send({ token, password: 'a-new-password' });
    const madeUp = await agentFor(app())
      .post('/api/reset-password')
      .send({ token: 'x'.repeat(43), password: 'a-new-password' });

    expect(expired.status).toBe(400);
    expect(madeUp.status).toBe(400);
    const login = await agentFor(app())
      .post('/api/login')
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(login.status).toBe(200);
  });

  it('when the new password is too short, then it says so with the spec message', async () => {
    const res = await agentFor(app())
      .post('/api/reset-password')
      .send({ token: 'y'.repeat(43), password: '123' });

    expect(res.status).toBe(400);
    expect(res.body.details.password).toEqual(['Password must be at least 8 characters.']);
  });
});
