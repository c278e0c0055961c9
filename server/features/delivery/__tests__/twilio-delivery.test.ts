import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contactConsentEvents, contacts, templates } from '../../../db/schema';
import { twilioSignature } from '../../../lib/twilio/twilio';
import { createContact } from '../../../testing/factories';
import { startFakeTwilio, type FakeTwilio } from '../../../testing/fake-twilio';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import {
  contactRow,
  createSender,
  jobFor,
  outboundFor,
  queueRequest,
  requestRow,
  settle,
  testWorker,
} from './helpers';

const BASE = 'https://reviews.example.com';
const STATUS_URL = `${BASE}/api/webhooks/twilio/status`;
const INBOUND_URL = `${BASE}/api/webhooks/twilio/inbound`;

let phoneSeq = 0;
const newPhone = () => `+4477009${String(Date.now() % 10000).padStart(4, '0')}${phoneSeq++ % 10}`;

describe.each(testDatabaseKinds)('SMS and WhatsApp delivery on %s', (kind) => {
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let sender: Awaited<ReturnType<typeof createSender>>;
  const db = () => database.handle.db;
  const env = () => twilio.env({ PUBLIC_BASE_URL: BASE });
  const ctx = () => createTestContext(db(), env());
  const app = () => createTestApp(db(), env());

  /** A form posted the way Twilio posts it, signed with the account's auth token (or not). */
  const post = (
    url: string,
    form: Record<string, string>,
    signature: string | null = twilioSignature(twilio.authToken, url, form),
  ) => {
    const req = agentFor(app()).post(new URL(url).pathname).type('form').send(form);
    return signature === null ? req : req.set('X-Twilio-Signature', signature);
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    twilio = await startFakeTwilio();
    sender = await createSender(db(), 'Maple Dental');
  });
  afterAll(async () => {
    await twilio?.close();
    await database?.drop();
  });
  beforeEach(() => {
    twilio.failAlways(undefined);
    twilio.failNext({ status: 500, code: 20500, message: 'unused' }, 0);
  });

  it('when Twilio accepted the SMS but its answer was lost, then the retry finds it and does not send it again', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { name: 'Rae Quill', phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    twilio.dropAnswerNext(1);

    const row = await settle(db(), testWorker(ctx()), request.id);

    const sent = twilio.messages.filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: sent[0]!.sid });
    const recorded = await outboundFor(db(), request.id);
    expect(recorded.filter((m) => m.status === 'sent')).toHaveLength(1);
  });

  it('when the answer was lost and Twilio has no such message, then the retry sends it once', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { name: 'Noor Vance', phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    twilio.failNext({ status: 503, code: 20503, message: 'Service unavailable' }, 1);

    const row = await settle(db(), testWorker(ctx()), request.id);

    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
    expect(row.status).toBe('sent');
  });

  it('when an SMS request runs, then Twilio gets To, From, Body and the status callback, and the request is sent with its sid', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { name: 'Alex Moss', phone });
    const request = await queueRequest(db(), sender, contact, 'sms');

    const row = await settle(db(), testWorker(ctx()), request.id);

    const message = twilio.messages.find((m) => m.to === phone);
    expect(message).toMatchObject({ from: '+15005550006', statusCallback: STATUS_URL });
    expect(message!.body).toBe(
      `Hi Alex, thanks for visiting Maple Dental! Tell us how we did: ${BASE}/review/${request.uniqueLink} Reply STOP to opt out.`,
    );
    expect(row).toMatchObject({ status: 'sent', providerMessageId: message!.sid });
    expect(await outboundFor(db(), request.id)).toMatchObject([
      {
        channel: 'sms',
        transport: 'twilio',
        status: 'sent',
        recipient: phone,
        providerMessageId: message!.sid,
      },
    ]);
  });

  it('when a WhatsApp request runs, then both addresses carry the whatsapp: prefix', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { name: 'Bea', phone });
    const request = await queueRequest(db(), sender, contact, 'whatsapp');

    const row = await settle(db(), testWorker(ctx()), request.id);

    const message = twilio.messages.find((m) => m.to === `whatsapp:${phone}`);
    expect(message).toMatchObject({ from: 'whatsapp:+14155238886' });
    expect(message!.body).toContain(`${BASE}/review/${request.uniqueLink}`);
    expect(row.status).toBe('sent');
  });

  describe('the opt-out words', () => {
    /** A client whose default template for the channel is this text, stored as it is (unchecked). */
    async function senderWithTemplate(channel: 'sms' | 'whatsapp', body: string) {
      const own = await createSender(db(), 'Maple Dental');
      await db()
        .insert(templates)
        .values({ ownerId: own.user.id, name: 'Own', channel, body, isDefault: true });
      return own;
    }

    it.each([['sms' as const], ['whatsapp' as const]])(
      'when a %s template has no STOP, then the text Twilio gets ends with "Reply STOP to opt out."',
      async (channel) => {
        const own = await senderWithTemplate(channel, 'Hi {{name}}, review us: {{link}}');
        const phone = newPhone();
        const contact = await createContact(db(), own.user.id, { name: 'Alex Moss', phone });
        const request = await queueRequest(db(), own, contact, channel);

        await settle(db(), testWorker(ctx()), request.id);

        const to = channel === 'whatsapp' ? `whatsapp:${phone}` : phone;
        expect(twilio.messages.find((m) => m.to === to)!.body).toBe(
          `Hi Alex, review us: ${BASE}/review/${request.uniqueLink}\nReply STOP to opt out.`,
        );
      },
    );

    it('when the template says STOP its own way, then the words are not added twice', async () => {
      const own = await senderWithTemplate('sms', 'Hi {{name}} {{link}} (text stop to end)');
      const phone = newPhone();
      const contact = await createContact(db(), own.user.id, { name: 'Alex Moss', phone });
      const request = await queueRequest(db(), own, contact, 'sms');

      await settle(db(), testWorker(ctx()), request.id);

      expect(twilio.messages.find((m) => m.to === phone)!.body).toBe(
        `Hi Alex ${BASE}/review/${request.uniqueLink} (text stop to end)`,
      );
    });

    it('when a template saved before the rule holds unknown placeholders, then the customer gets them as nothing', async () => {
      const own = await senderWithTemplate('sms', 'Hi {{name}}{{ surname }}! {{first_name}}{{link}}');
      const phone = newPhone();
      const contact = await createContact(db(), own.user.id, { name: 'Alex Moss', phone });
      const request = await queueRequest(db(), own, contact, 'sms');

      await settle(db(), testWorker(createTestContext(db(), { PUBLIC_BASE_URL: BASE })), request.id);

      const [outbound] = await outboundFor(db(), request.id);
      expect(outbound!.body).toBe(`Hi Alex! ${BASE}/review/${request.uniqueLink}\nReply STOP to opt out.`);
    });
  });

  it('when the contact has no phone, then the SMS request fails at once and says why', async () => {
    const contact = await createContact(db(), sender.user.id, { phone: null });
    const request = await queueRequest(db(), sender, contact, 'sms');
    const before = twilio.requests;

    const row = await settle(db(), testWorker(ctx()), request.id);

    expect(row).toMatchObject({ status: 'failed', failureReason: 'Contact has no phone number for SMS' });
    expect(twilio.requests).toBe(before);
  });

  it('when Twilio answers 500 twice and then accepts, then the request is sent on the third attempt', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms');
    twilio.failNext({ status: 500, code: 20500, message: 'Internal Server Error' }, 2);

    const row = await settle(db(), testWorker(ctx()), request.id);

    expect(row.status).toBe('sent');
    expect(await jobFor(db(), request.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(1);
    const attempts = await outboundFor(db(), request.id);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'sent']);
    expect(attempts[0]!.error).toBe('Internal Server Error');
  });

  it('when Twilio keeps failing, then after the last attempt the request is failed with the provider message', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms', { maxAttempts: 3 });
    twilio.failAlways({ status: 503, code: 20503, message: 'Service Unavailable' });

    const row = await settle(db(), testWorker(ctx()), request.id);

    expect(row).toMatchObject({ status: 'failed', failureReason: 'Service Unavailable' });
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(await jobFor(db(), request.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'Service Unavailable',
    });
    expect(await outboundFor(db(), request.id)).toHaveLength(3);
  });

  it("when Twilio rejects the number (4xx), then it fails at once with Twilio's message", async () => {
    const contact = await createContact(db(), sender.user.id, { phone: newPhone() });
    const request = await queueRequest(db(), sender, contact, 'sms');
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });

    const row = await settle(db(), testWorker(ctx()), request.id);

    expect(row).toMatchObject({
      status: 'failed',
      failureReason: "The 'To' number is not a valid phone number.",
    });
    expect((await jobFor(db(), request.id)).attempts).toBe(1);
  });

  it('when Twilio is not configured, then the SMS goes to the outbox with its text and the request says it was not sent', async () => {
    const phone = newPhone();
    const contact = await createContact(db(), sender.user.id, { phone });
    const request = await queueRequest(db(), sender, contact, 'sms');

    const row = await settle(
      db(),
      testWorker(createTestContext(db(), { PUBLIC_BASE_URL: BASE })),
      request.id,
    );

    expect(row.status).toBe('outbox');
    const [outbound] = await outboundFor(db(), request.id);
    expect(outbound).toMatchObject({
      transport: 'outbox',
      status: 'outbox',
      channel: 'sms',
      recipient: phone,
    });
    expect(outbound!.body).toContain(`${BASE}/review/${request.uniqueLink}`);
  });

  describe('status callback', () => {
    async function sentRequest() {
      const contact = await createContact(db(), sender.user.id, { phone: newPhone() });
      const request = await queueRequest(db(), sender, contact, 'sms');
      return settle(db(), testWorker(ctx()), request.id);
    }

    it('when the signature is wrong or missing, then it answers 403 and changes nothing', async () => {
      const sent = await sentRequest();
      const form = {
        MessageSid: sent.providerMessageId!,
        MessageStatus: 'delivered',
        AccountSid: twilio.accountSid,
      };

      const forged = await post(STATUS_URL, form, twilioSignature('not-the-token', STATUS_URL, form));
      const missing = await post(STATUS_URL, form, null);
      const otherUrl = await post(STATUS_URL, form, twilioSignature(twilio.authToken, `${BASE}/other`, form));

      for (const res of [forged, missing, otherUrl]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBeTruthy();
      }
      expect((await requestRow(db(), sent.id)).status).toBe('sent');
    });

    it('when Twilio reports delivered with a good signature, then the request is delivered', async () => {
      const sent = await sentRequest();

      const res = await post(STATUS_URL, {
        MessageSid: sent.providerMessageId!,
        MessageStatus: 'delivered',
        AccountSid: twilio.accountSid,
        To: '+15005550006',
      });

      expect(res.status).toBeLessThan(300);
      const row = await requestRow(db(), sent.id);
      expect(row.status).toBe('delivered');
      expect(row.deliveredAt).toBeInstanceOf(Date);
      expect((await outboundFor(db(), sent.id))[0]!.status).toBe('delivered');
    });

    it('when the request was already opened, then a late delivered report does not move it back', async () => {
      const sent = await sentRequest();
      const { reviewRequests } = await import('../../../db/schema');
      const { eq } = await import('drizzle-orm');
      await db().update(reviewRequests).set({ status: 'opened' }).where(eq(reviewRequests.id, sent.id));

      await post(STATUS_URL, { MessageSid: sent.providerMessageId!, MessageStatus: 'delivered' }).expect(204);

      expect((await requestRow(db(), sent.id)).status).toBe('opened');
    });

    it('when Twilio reports undelivered, then the request fails with the error', async () => {
      const sent = await sentRequest();

      await post(STATUS_URL, {
        MessageSid: sent.providerMessageId!,
        MessageStatus: 'undelivered',
        ErrorCode: '30003',
        ErrorMessage: 'Unreachable destination handset',
      }).expect(204);

      const row = await requestRow(db(), sent.id);
      expect(row.status).toBe('failed');
      expect(row.failureReason).toBe('Unreachable destination handset (Twilio error 30003)');
    });
  });

  describe('inbound messages', () => {
    it("when a contact texts STOP, then every client's contact with that number is opted out of SMS and a new request fails with the reason", async () => {
      const phone = newPhone();
      const other = await createSender(db());
      const mine = await createContact(db(), sender.user.id, { phone });
      const theirs = await createContact(db(), other.user.id, { phone });

      const res = await post(INBOUND_URL, {
        From: phone,
        To: '+15005550006',
        Body: ' stop ',
        MessageSid: 'SMx',
      });

      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/xml/);
      expect(res.text).toContain('<Response/>');
      expect((await contactRow(db(), mine.id)).smsOptedOutAt).toBeInstanceOf(Date);
      expect((await contactRow(db(), theirs.id)).smsOptedOutAt).toBeInstanceOf(Date);
      expect((await contactRow(db(), mine.id)).whatsappOptedOutAt).toBeNull();

      const before = twilio.messages.length;
      const request = await queueRequest(db(), sender, mine, 'sms');
      const row = await settle(db(), testWorker(ctx()), request.id);
      expect(row).toMatchObject({ status: 'failed', failureReason: 'Contact opted out of sms' });
      expect(twilio.messages.length).toBe(before);

      await post(INBOUND_URL, { From: phone, To: '+15005550006', Body: 'START' }).expect(200);
      expect((await contactRow(db(), mine.id)).smsOptedOutAt).toBeNull();
    });

    it('when START follows STOP, then only what the STOP removed comes back; an opt-out recorded by hand stays', async () => {
      const phone = newPhone();
      const other = await createSender(db());
      const byHand = await createContact(db(), sender.user.id, { phone });
      await db()
        .update(contacts)
        .set({ smsOptedOutAt: new Date(Date.now() - 86_400_000), smsOptOutSource: 'owner' })
        .where(eq(contacts.id, byHand.id));
      const theirs = await createContact(db(), other.user.id, { phone });

      await post(INBOUND_URL, { From: phone, To: '+15005550006', Body: 'STOP' }).expect(200);
      await post(INBOUND_URL, { From: phone, To: '+15005550006', Body: 'START' }).expect(200);

      const kept = await contactRow(db(), byHand.id);
      expect(kept.smsOptedOutAt).toBeInstanceOf(Date);
      expect(kept.smsOptOutSource).toBe('owner');
      const restored = await contactRow(db(), theirs.id);
      expect(restored.smsOptedOutAt).toBeNull();
      expect(restored.whatsappOptedOutAt).toBeNull();
      const record = await db()
        .select()
        .from(contactConsentEvents)
        .where(eq(contactConsentEvents.contactId, theirs.id))
        .orderBy(contactConsentEvents.id);
      expect(record.map((e) => [e.channel, e.kind, e.source])).toEqual([
        ['sms', 'opt_out', 'sms_stop'],
        ['sms', 'opt_in', 'sms_start'],
      ]);
    });

    it('when STOP comes over WhatsApp, then only WhatsApp is opted out', async () => {
      const phone = newPhone();
      const contact = await createContact(db(), sender.user.id, { phone });

      await post(INBOUND_URL, {
        From: `whatsapp:${phone}`,
        To: 'whatsapp:+14155238886',
        Body: 'UNSUBSCRIBE',
      }).expect(200);

      const row = await contactRow(db(), contact.id);
      expect(row.whatsappOptedOutAt).toBeInstanceOf(Date);
      expect(row.smsOptedOutAt).toBeNull();
    });

    it('when an inbound message is not signed, then it answers 403 and opts nobody out', async () => {
      const phone = newPhone();
      const contact = await createContact(db(), sender.user.id, { phone });

      const res = await post(INBOUND_URL, { From: phone, Body: 'STOP' }, 'bad');

      expect(res.status).toBe(403);
      expect((await contactRow(db(), contact.id)).smsOptedOutAt).toBeNull();
    });
  });

  it('when GET /api/channels is asked, then it says which transport each channel uses and whether WhatsApp has a template', async () => {
    const user = sender.user;
    const { signedInAgent } = await import('../../../testing/factories');
    const configured = await signedInAgent(app(), user);
    expect((await configured.get('/api/channels')).body).toEqual({
      email: { mode: 'outbox' },
      sms: { mode: 'twilio' },
      whatsapp: { mode: 'twilio', template: false },
    });
    const templated = await signedInAgent(
      createTestApp(db(), twilio.env({ TWILIO_WHATSAPP_CONTENT_SID: 'HX00000000000000000000000000000000' })),
      user,
    );
    expect((await templated.get('/api/channels')).body.whatsapp).toEqual({ mode: 'twilio', template: true });
    const bare = await signedInAgent(
      createTestApp(db(), {
        SMTP_URL: 'smtp://127.0.0.1:2525',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        TWILIO_FROM: '+15005550006',
      }),
      user,
    );
    expect((await bare.get('/api/channels')).body).toEqual({
      email: { mode: 'smtp' },
      sms: { mode: 'twilio' },
      whatsapp: { mode: 'outbox', template: false },
    });
    expect((await agentFor(app()).get('/api/channels')).status).toBe(401);
  });
});
