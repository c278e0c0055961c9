import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { locations, templates } from '../../../db/schema';
import { createContact, createLocation } from '../../../testing/factories';
import { decodeQuotedPrintable, startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { unsubscribeToken } from '../../contacts/unsubscribe-token';
import { createSender, outboundFor, queueRequest, settle, testWorker } from './helpers';

const BASE = 'https://reviews.example.com';

/** The message as the customer's mail program shows it: headers unfolded, bodies decoded. */
function readable(raw: string): string {
  return decodeQuotedPrintable(raw.replace(/\r?\n[ \t]+/g, ' '));
}

/*
 * Issue 45: a customer is written to in their language. The contact's language, else the location's default,
 * picks the owner's template of that language, else ReviewFlow's built-in one in it; the email's own words
 * (button, unsubscribe line, reminder) and a text's opt-out words follow.
 */
describe.each(testDatabaseKinds)('messages in the customer language on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const db = () => database.handle.db;
  const env = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Reviews <reviews@example.com>',
    PUBLIC_BASE_URL: BASE,
  });
  let sender: Awaited<ReturnType<typeof createSender>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    sender = await createSender(db(), 'Bäckerei Sonne');
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });

  it('when the contact is German, then the email arrives in German: built-in text, button and unsubscribe line', async () => {
    const contact = await createContact(db(), sender.user.id, { name: 'Jonas Weber', language: 'de' });
    const request = await queueRequest(db(), sender, contact, 'email');

    const row = await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    expect(row.status).toBe('sent');
    const mail = readable(smtp.messages.find((m) => m.to.includes(contact.email!))!.raw);
    expect(mail).toContain('Wie war Ihr Besuch bei Bäckerei Sonne?');
    expect(mail).toContain('Hallo Jonas,');
    expect(mail).toContain('Bewertung abgeben');
    expect(mail).toContain('Sie möchten diese E-Mails nicht mehr erhalten?');
    expect(mail).toContain('<html lang="de" dir="ltr">');
    expect(mail).not.toContain('Leave a review');
  });

  it("when the contact names no language, then the location's default decides, and a text carries that language's opt-out words", async () => {
    const location = await createLocation(db(), sender.user.id, { defaultLanguage: 'es' });
    const contact = await createContact(db(), sender.user.id, {
      name: 'Lucía Gómez',
      email: null,
      phone: '+34612345678',
    });
    const request = await queueRequest(db(), { user: sender.user, location }, contact, 'sms');

    const row = await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    // No Twilio here: the text is kept in the outbox, exactly as it would have gone.
    expect(row.status).toBe('outbox');
    const [kept] = await outboundFor(db(), request.id);
    expect(kept!.body).toContain('Hola, Lucía: ¡gracias por visitar Bäckerei Sonne!');
    expect(kept!.body).toContain('Responde STOP para darte de baja.');
  });

  it("when the owner wrote a German default, then a German contact gets it, and the owner's own text gets German opt-out words", async () => {
    const [english] = await db()
      .insert(templates)
      .values({
        ownerId: sender.user.id,
        name: 'Ours',
        channel: 'sms',
        body: 'Thanks from the bakery! {{link}}',
        isDefault: true,
      })
      .returning();
    await db().insert(templates).values({
      ownerId: sender.user.id,
      name: 'Unsere',
      channel: 'sms',
      language: 'de',
      body: 'Danke, {{name}}, von der Bäckerei! {{link}}',
      isDefault: true,
    });
    const german = await createContact(db(), sender.user.id, {
      name: 'Mia Koch',
      email: null,
      phone: '+4915112345678',
      language: 'de',
    });
    const english1 = await createContact(db(), sender.user.id, {
      name: 'Ann Lee',
      email: null,
      phone: '+12133734253',
    });
    const toGerman = await queueRequest(db(), sender, german, 'sms');
    const toEnglish = await queueRequest(db(), sender, english1, 'sms');

    const worker = testWorker(createTestContext(db(), env()));
    await settle(db(), worker, toGerman.id);
    await settle(db(), worker, toEnglish.id);

    const [de] = await outboundFor(db(), toGerman.id);
    expect(de!.body).toMatch(
      /^Danke, Mia, von der Bäckerei! https:\/\/reviews\.example\.com\/review\/\S+\nAntworten Sie STOP zum Abmelden\.$/,
    );
    const [en] = await outboundFor(db(), toEnglish.id);
    expect(en!.body).toContain('Thanks from the bakery!');
    expect(en!.body).toContain('Reply STOP to opt out.');
    await db().delete(templates).where(eq(templates.ownerId, english!.ownerId));
  });

  it("when a German contact opens the unsubscribe link, then the pages speak German whatever the browser's language", async () => {
    const contact = await createContact(db(), sender.user.id, { name: 'Lena Roth', language: 'de' });
    const token = unsubscribeToken(createTestContext(db(), env()).secretBox, contact.id, 'email');
    const app = createTestApp(db(), env());

    const ask = await agentFor(app).get(`/api/unsubscribe/${token}`).set('Accept-Language', 'fr');
    expect(ask.status).toBe(200);
    expect(ask.text).toContain('<html lang="de" dir="ltr">');
    expect(ask.text).toContain('Von Bewertungsanfragen abmelden?');
    expect(ask.text).toContain('<button type="submit">Abmelden</button>');

    const done = await agentFor(app)
      .post(`/api/unsubscribe/${token}`)
      .set('Accept', 'text/html')
      .type('form')
      .send({});
    expect(done.text).toContain('Sie wurden abgemeldet');
  });

  it("when the link is not valid, then the page speaks the browser's language", async () => {
    const res = await agentFor(createTestApp(db(), env()))
      .get('/api/unsubscribe/not-a-token')
      .set('Accept-Language', 'ar-EG,ar;q=0.9,en;q=0.5');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(res.text).toContain('رابط إلغاء الاشتراك هذا غير صالح');
  });

  it('when the location default is removed, then nothing of another language is left: English again', async () => {
    const location = await createLocation(db(), sender.user.id, { defaultLanguage: 'it' });
    await db().update(locations).set({ defaultLanguage: null }).where(eq(locations.id, location.id));
    const contact = await createContact(db(), sender.user.id, {
      name: 'Rob Hill',
      email: null,
      phone: '+447700900777',
    });
    const request = await queueRequest(db(), { user: sender.user, location }, contact, 'sms');

    await settle(db(), testWorker(createTestContext(db(), env())), request.id);

    const [kept] = await outboundFor(db(), request.id);
    expect(kept!.body).toContain('Reply STOP to opt out.');
  });
});
