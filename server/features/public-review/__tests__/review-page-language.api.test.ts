import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { agentFor, createTestApp } from '../../../testing/test-app';
import { createContact, createLocation, createReviewRequest, createUser } from '../../../testing/factories';

/**
 * Issue 45: the review page's language is the contact's, else the location's default, else the browser's
 * (the Accept-Language of the page's own request), else English.
 */
describe.each(testDatabaseKinds)('review page language on %s', (kind) => {
  let database: TestDatabase;
  let dataDir: string;
  let owner: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-page-language-'));
    owner = await createUser(database.handle.db);
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const languageOf = async (link: string, acceptLanguage?: string) => {
    const req = agentFor(createTestApp(db(), { DATA_DIR: dataDir })).get(`/api/public/review/${link}`);
    const res = await (acceptLanguage ? req.set('Accept-Language', acceptLanguage) : req);
    expect(res.status).toBe(200);
    return res.body.language as string;
  };

  async function requestFor(contactLanguage: 'de' | null, locationLanguage: 'es' | null) {
    const location = await createLocation(db(), owner.id, { defaultLanguage: locationLanguage });
    const contact = await createContact(db(), owner.id, { language: contactLanguage });
    return createReviewRequest(db(), owner.id, location.id, { contactId: contact.id, status: 'sent' });
  }

  it("when the contact has a language, then the page uses it whatever the location's or the browser's", async () => {
    const request = await requestFor('de', 'es');
    expect(await languageOf(request.uniqueLink, 'fr-FR,fr;q=0.9')).toBe('de');
  });

  it("when the contact has none, then the location's default wins over the browser's", async () => {
    const request = await requestFor(null, 'es');
    expect(await languageOf(request.uniqueLink, 'fr-FR,fr;q=0.9')).toBe('es');
  });

  it("when neither has one, then the browser's best language we speak, else English", async () => {
    const request = await requestFor(null, null);
    expect(await languageOf(request.uniqueLink, 'ja,nl-BE;q=0.8,en;q=0.5')).toBe('nl');
    expect(await languageOf(request.uniqueLink, 'ar-EG')).toBe('ar');
    expect(await languageOf(request.uniqueLink, 'ja, zh-CN;q=0.9')).toBe('en');
    expect(await languageOf(request.uniqueLink)).toBe('en');
  });

  it("when a QR poster's link is opened, then the location's default, else the browser's", async () => {
    const withDefault = await createLocation(db(), owner.id, { defaultLanguage: 'it' });
    const without = await createLocation(db(), owner.id);
    expect(await languageOf(withDefault.publicLink, 'de')).toBe('it');
    expect(await languageOf(without.publicLink, 'pt-PT,pt;q=0.9')).toBe('pt');
  });
});
