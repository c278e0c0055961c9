import { inArray } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboundMessages } from '../../../db/schema';
import { createUser, registrationFor, signedInAgent } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { waitFor } from './helpers';

const BASE = 'https://reviews.example.com';

type AccountEmail = 'reset' | 'verification' | 'email change' | 'invitation';

/** Each account email's link as its recipient gets it (group 1: the token), and as the outbox keeps it. */
const LINKS: Record<AccountEmail, { sent: RegExp; kept: string }> = {
  reset: {
    sent: /https:\/\/reviews\.example\.com\/auth\?reset=([\w-]+)/,
    kept: `${BASE}/auth?reset=[redacted]`,
  },
  verification: {
    sent: /https:\/\/reviews\.example\.com\/verify-email\?token=([\w-]+)/,
    kept: `${BASE}/verify-email?token=[redacted]`,
  },
  'email change': {
    sent: /https:\/\/reviews\.example\.com\/verify-email\?token=([\w-]+)/,
    kept: `${BASE}/verify-email?token=[redacted]`,
  },
  invitation: {
    sent: /https:\/\/reviews\.example\.com\/invite\/([\w-]+)/,
    kept: `${BASE}/invite/[redacted]`,
  },
};
const KINDS = Object.keys(LINKS) as AccountEmail[];

/** A link's token: 32 random bytes in base64url. Nothing else in these emails is a run this long. */
const TOKEN_LIKE = /[\w-]{43}/;

/**
 * Issue 42, item 6: a reset, verification, email-change or invitation link lets whoever holds it take over
 * an account or join a team, so outbound_messages (and the admin's outbox) keeps it with its token hidden;
 * only the recipient's inbox gets it whole.
 */
describe.each(testDatabaseKinds)('account links kept hidden on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let smtpApp: Express;
  let outboxApp: Express;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    smtpApp = createTestApp(database.handle.db, { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE });
    outboxApp = createTestApp(database.handle.db, { PUBLIC_BASE_URL: BASE });
  }, 180_000);
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const db = () => database.handle.db;

  /** One email of each kind, asked for the way a person asks for it; answers who each went to. */
  async function sendAccountEmails(app: Express): Promise<Record<AccountEmail, string>> {
    const registration = registrationFor();
    await agentFor(app)
      .post('/api/register')
      .send({ ...registration, username: registration.email })
      .expect(201);

    const forgetful = await createUser(db());
    await agentFor(app).post('/api/forgot-password').send({ email: forgetful.email }).expect(200);

    const mover = await createUser(db());
    const newEmail = `moved-${mover.email}`;
    await (
      await signedInAgent(app, mover)
    )
      .post('/api/user/email')
      .send({ email: newEmail, currentPassword: mover.password })
      .expect(200);

    const owner = await createUser(db());
    const invitee = `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`;
    await (
      await signedInAgent(app, owner)
    )
      .post('/api/team/invitations')
      .send({ email: invitee, role: 'responder' })
      .expect(201);

    return {
      verification: registration.email,
      reset: forgetful.email,
      'email change': newEmail,
      invitation: invitee,
    };
  }

  /** The kept copies of the emails to `to` (the reset email is sent after the answer: waits for it). */
  const keptFor = (recipients: string[]) =>
    waitFor(async () => {
      const rows = await db()
        .select()
        .from(outboundMessages)
        .where(inArray(outboundMessages.recipient, recipients));
      return recipients.every((to) => rows.some((r) => r.recipient === to)) ? rows : undefined;
    });

  /** What the admin reads on Email Testing: the outbox's email messages to these recipients. */
  async function adminOutboxFor(app: Express, recipients: string[]) {
    const admin = await signedInAgent(app, await createUser(db(), { role: 'admin' }));
    const res = await admin.get('/api/admin/outbox').query({ channel: 'email', pageSize: 100 });
    expect(res.status).toBe(200);
    return (res.body as { recipient: string }[]).filter((m) => recipients.includes(m.recipient));
  }

  /** Follows a link the way its page does; throws unless it works. */
  const follow: Record<AccountEmail, (token: string) => Promise<unknown>> = {
    reset: (token) =>
      agentFor(smtpApp)
        .post('/api/reset-password')
        .send({ token, password: 'a-brand-new-password' })
        .expect(200),
    verification: (token) => agentFor(smtpApp).post('/api/verify-email').send({ token }).expect(200),
    'email change': async (token) => {
      const res = await agentFor(smtpApp).post('/api/verify-email').send({ token }).expect(200);
      expect(res.body.changed).toBe(true);
    },
    invitation: (token) => agentFor(smtpApp).get(`/api/invitations/${token}`).expect(200),
  };

  it('when SMTP is set up, then each account email arrives with a working link, and the outbox keeps it with the token hidden', async () => {
    const to = await sendAccountEmails(smtpApp);
    const recipients = Object.values(to);

    const kept = await keptFor(recipients);
    const listed = JSON.stringify(await adminOutboxFor(smtpApp, recipients));

    for (const email of KINDS) {
      const mail = await waitFor(async () => smtp.messages.find((m) => m.to.includes(to[email])));
      const token = decodeQuotedPrintable(mail.raw).match(LINKS[email].sent)?.[1];
      expect(token, `${email}: the link in the email received`).toMatch(TOKEN_LIKE);
      const copies = kept.filter((m) => m.recipient === to[email]);
      expect(copies.map((m) => m.status)).toEqual(['sent']);
      for (const copy of copies) {
        expect(copy.body, `${email}: the kept text`).toContain(LINKS[email].kept);
        expect(copy.body, `${email}: the kept text`).not.toContain(token);
        expect(copy.html ?? '', `${email}: the kept html`).not.toContain(token);
      }
      expect(listed, `${email}: GET /api/admin/outbox`).toContain(LINKS[email].kept);
      expect(listed, `${email}: GET /api/admin/outbox`).not.toContain(token);
      await follow[email](token!);
    }
  });

  it('when there is no SMTP, then each account email is kept in the outbox with its link but not its token', async () => {
    const to = await sendAccountEmails(outboxApp);
    const recipients = Object.values(to);

    const kept = await keptFor(recipients);
    const listed = await adminOutboxFor(outboxApp, recipients);

    expect(smtp.messages).toEqual([]);
    for (const email of KINDS) {
      const copies = kept.filter((m) => m.recipient === to[email]);
      expect(copies.map((m) => m.status)).toEqual(['outbox']);
      for (const copy of copies) {
        expect(copy.body, `${email}: the kept text`).toContain(LINKS[email].kept);
        expect(copy.body, `${email}: the kept text`).not.toMatch(TOKEN_LIKE);
        expect(copy.html ?? '', `${email}: the kept html`).not.toMatch(TOKEN_LIKE);
      }
      const answer = JSON.stringify(listed.filter((m) => m.recipient === to[email]));
      expect(answer, `${email}: GET /api/admin/outbox`).toContain(LINKS[email].kept);
      expect(answer, `${email}: GET /api/admin/outbox`).not.toMatch(TOKEN_LIKE);
    }
  });
});
