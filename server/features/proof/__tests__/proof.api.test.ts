import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  PROOF_HASH_RULE,
  PROOF_MESSAGES,
  proofEntryText,
  verifyProofChain,
  type ProofLogEntry,
  type ProofLogPage,
  type ProofSettings,
  type ProofSummary,
} from '@shared/schemas/proof';
import { rowsOf } from '../../../db/client';
import { proofLog, proofPublications, reviewRequests, users } from '../../../db/schema';
import { createTestBackground } from '../../../testing/background';
import {
  createContact,
  createLocation,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from '../../../testing/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../../../testing/smtp';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
import { createRequestSettingsRepository } from '../../review-requests/request-settings.repository';

const BASE = 'http://reviews.example';
const sha256 = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds)('the public proof of honest collection on %s', (kind) => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let app: Express;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    app = createTestApp(db(), { PUBLIC_BASE_URL: BASE, SMTP_URL: smtp.url, MAIL_FROM: 'r@example.com' });
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });

  /** A client whose quiet hours are off (these tests run on the real clock), with a location offering both sites. */
  async function client(companyName = 'Harbour Coffee') {
    const user = await createUser(db(), { companyName });
    const agent = await signedInAgent(app, user);
    const location = await createLocation(db(), user.id);
    const settings = createRequestSettingsRepository(db());
    await settings.save(user.id, { ...(await settings.get(user.id)), quietHoursEnabled: false });
    return { user, agent, location };
  }

  const logOf = async (ownerId: number) =>
    db()
      .select({ seq: proofLog.seq, kind: proofLog.kind, rating: proofLog.rating, offered: proofLog.offered })
      .from(proofLog)
      .where(eq(proofLog.ownerId, ownerId))
      .orderBy(asc(proofLog.seq));

  const rate = (link: string, rating: number) =>
    supertest(app)
      .post(`/api/public/review/${link}`)
      .send({ rating, content: `Rated ${rating}` })
      .expect(200);

  /** Every entry of a public log, read a page at a time as a verifier would. */
  async function publicLog(slug: string, limit: number): Promise<ProofLogEntry[]> {
    const entries: ProofLogEntry[] = [];
    for (let after: number | null = 0; after !== null;) {
      const page = (
        await supertest(app).get(`/api/proof/${slug}/log?after=${after}&limit=${limit}`).expect(200)
      ).body as ProofLogPage;
      entries.push(...page.entries);
      after = page.next;
    }
    return entries;
  }

  it('when requests go out, then only those that reached a customer are logged as invitations: sent over SMTP and a handed-out link, not the outbox', async () => {
    const { user, agent, location } = await client();
    const contact = await createContact(db(), user.id, { name: 'Maria Garcia' });
    const other = await createContact(db(), user.id, { name: 'Tom Li' });
    const withSmtp = createTestBackground(db(), { SMTP_URL: smtp.url, MAIL_FROM: 'r@example.com' });
    const withoutSmtp = createTestBackground(db());

    await agent
      .post('/api/review-requests')
      .send({ locationId: location.id, contactId: contact.id, method: 'email' })
      .expect(201);
    await withSmtp.drain();
    await agent
      .post('/api/review-requests')
      .send({ locationId: location.id, contactId: other.id, method: 'email' })
      .expect(201);
    await withoutSmtp.drain();
    await agent.post('/api/review-requests/link').send({ locationId: location.id }).expect(201);

    const statuses = await db()
      .select({ status: reviewRequests.status })
      .from(reviewRequests)
      .where(eq(reviewRequests.ownerId, user.id))
      .orderBy(asc(reviewRequests.id));
    expect(statuses.map((row) => row.status)).toEqual(['sent', 'outbox', 'sent']);
    expect(await logOf(user.id)).toEqual([
      { seq: 1, kind: 'invited', rating: null, offered: [] },
      { seq: 2, kind: 'invited', rating: null, offered: [] },
    ]);
  });

  it('when customers rate on the page, then each rating is logged with the sites offered next, whatever the rating', async () => {
    const { user, location } = await client();
    const noSites = await createLocation(db(), user.id, { googleReviewUrl: null, facebookPageUrl: null });
    const request = await createReviewRequest(db(), user.id, location.id, {
      status: 'sent',
      sentAt: new Date(),
    });

    await rate(request.uniqueLink, 1);
    await rate(location.publicLink, 5);
    await rate(noSites.publicLink, 2);
    // A second submit through the same request's link stores nothing, so logs nothing.
    await rate(request.uniqueLink, 5);
    // An imported Google review was not offered anything by us: not in the log.
    await createReview(db(), user.id, { type: 'google', rating: 5, locationId: location.id });

    expect(await logOf(user.id)).toEqual([
      { seq: 1, kind: 'invited', rating: null, offered: [] },
      { seq: 2, kind: 'offered', rating: 1, offered: ['google', 'facebook'] },
      { seq: 3, kind: 'offered', rating: 5, offered: ['google', 'facebook'] },
      { seq: 4, kind: 'offered', rating: 2, offered: [] },
    ]);
  });

  it('when the owner publishes the page, then its figures are counted from the last twelve months of the log and the head is its last entry', async () => {
    const { user, agent, location } = await client('Figures Bakery');
    const now = Date.now();
    // Sent 13 months ago: logged, chained, but outside the twelve months.
    await createReviewRequest(db(), user.id, location.id, {
      status: 'sent',
      sentAt: new Date(now - 400 * DAY),
    });
    for (let i = 0; i < 3; i += 1) {
      await createReviewRequest(db(), user.id, location.id, {
        status: 'sent',
        sentAt: new Date(now - 10 * DAY),
      });
    }
    await rate(location.publicLink, 1);
    await rate(location.publicLink, 4);
    await rate(
      (await createLocation(db(), user.id, { googleReviewUrl: null, facebookPageUrl: null })).publicLink,
      3,
    );
    await createReview(db(), user.id, { type: 'google', rating: 5 });
    await createReview(db(), user.id, { type: 'facebook', rating: 4 });
    await createReview(db(), user.id, { type: 'facebook', rating: 1, recommendation: 'positive' });

    const saved = await agent
      .put('/api/proof-settings')
      .send({ enabled: true, slug: 'Figures-Bakery ' })
      .expect(200);
    const summary = (await supertest(app).get('/api/proof/figures-bakery').expect(200)).body as ProofSummary;

    expect(saved.body).toMatchObject({
      enabled: true,
      slug: 'figures-bakery',
      pageUrl: `${BASE}/proof/figures-bakery`,
      badgeUrl: `${BASE}/api/proof/figures-bakery/badge.svg`,
    });
    expect(summary).toMatchObject({
      business: 'Figures Bakery',
      asked: 3,
      offeredPublicLinks: 2,
      filtered: 1,
      average: 4.5,
      count: 3,
    });
    expect(summary.byRating).toEqual([
      { rating: 1, rated: 1, offered: 1 },
      { rating: 2, rated: 0, offered: 0 },
      { rating: 3, rated: 1, offered: 0 },
      { rating: 4, rated: 1, offered: 1 },
      { rating: 5, rated: 0, offered: 0 },
    ]);
    const [last] = await db()
      .select()
      .from(proofLog)
      .where(and(eq(proofLog.ownerId, user.id), eq(proofLog.seq, 7)));
    expect(summary.head).toMatchObject({ seq: 7, hash: last!.hash });
    expect(saved.body.head).toEqual(summary.head);
  });

  it('when anyone reads the log page by page and re-computes it by the published rule, then it verifies up to the head; a changed, removed or moved entry fails where it was touched', async () => {
    const { user, agent, location } = await client('Chain Cafe');
    for (const rating of [5, 1, 3, 4, 2]) await rate(location.publicLink, rating);
    await agent.post('/api/review-requests/link').send({ locationId: location.id }).expect(201);
    await agent.put('/api/proof-settings').send({ enabled: true, slug: 'chain-cafe' }).expect(200);
    const { head } = (await supertest(app).get('/api/proof/chain-cafe').expect(200)).body as ProofSummary;

    const entries = await publicLog('chain-cafe', 2);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(entries[0]!).sort()).toEqual([
      'at',
      'hash',
      'kind',
      'offered',
      'prevHash',
      'rating',
      'seq',
    ]);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    expect(entries[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(entries[0]!.hash).toBe(await sha256(proofEntryText(entries[0]!)));
    expect(await verifyProofChain(entries, sha256)).toEqual({ ok: true, seq: head.seq, hash: head.hash });

    // Someone with access to the database turns the 1-star rating into a 5.
    await db()
      .update(proofLog)
      .set({ rating: 5 })
      .where(and(eq(proofLog.ownerId, user.id), eq(proofLog.seq, 2)));
    expect(await verifyProofChain(await publicLog('chain-cafe', 1000), sha256)).toEqual({
      ok: false,
      seq: 2,
      reason: 'Entry 2 was changed after it was written',
    });

    // ... and re-hashes it to hide the change: the next entry no longer follows it.
    const [changed] = await db()
      .select()
      .from(proofLog)
      .where(and(eq(proofLog.ownerId, user.id), eq(proofLog.seq, 2)));
    const rehashed = await sha256(proofEntryText({ ...changed!, at: entries[1]!.at }));
    await db()
      .update(proofLog)
      .set({ hash: rehashed })
      .where(and(eq(proofLog.ownerId, user.id), eq(proofLog.seq, 2)));
    expect(await verifyProofChain(await publicLog('chain-cafe', 1000), sha256)).toMatchObject({
      ok: false,
      seq: 3,
    });

    // ... or removes it.
    await db()
      .delete(proofLog)
      .where(and(eq(proofLog.ownerId, user.id), eq(proofLog.seq, 2)));
    expect(await verifyProofChain(await publicLog('chain-cafe', 1000), sha256)).toEqual({
      ok: false,
      seq: 3,
      reason: 'Entry 2 is missing',
    });
  });

  it("when the log is first set up on a database with history, then each client's sent requests and offers are chained oldest first", async () => {
    const { user, location } = await client('History House');
    const day = (d: number) => new Date(Date.UTC(2026, 5, d, 9));
    const links = { google: 'https://g.example/r', facebook: null };
    await createReview(db(), user.id, { type: 'private', rating: 2, offeredLinks: links, createdAt: day(3) });
    await createReviewRequest(db(), user.id, location.id, { status: 'completed', sentAt: day(2) });
    await createReviewRequest(db(), user.id, location.id, { status: 'failed', sentAt: day(4) });
    await createReviewRequest(db(), user.id, location.id, { status: 'outbox', sentAt: day(5) });
    await createReview(db(), user.id, { type: 'google', rating: 5, createdAt: day(1) });
    // As before the log existed: no chain for this client.
    await db().execute(sql`delete from proof_log where owner_id = ${user.id}`);
    await db().execute(sql`delete from proof_chain_heads where owner_id = ${user.id}`);

    await db().execute(sql`select proof_log_backfill()`);
    await db().execute(sql`select proof_log_backfill()`);

    expect(await logOf(user.id)).toEqual([
      { seq: 1, kind: 'invited', rating: null, offered: [] },
      { seq: 2, kind: 'offered', rating: 2, offered: ['google'] },
    ]);
  });

  it('when a database computes an entry, then its text and hash are the ones shared/proof.ts documents', async () => {
    const [row] = rowsOf<{ text: string; hash: string }>(
      await db().execute(sql`select t.text, encode(sha256(convert_to(t.text, 'UTF8')), 'hex') as hash
        from proof_entry_text(7, 'offered', 2, array['google', 'facebook'], '2026-12-04T06:03:44.999Z',
                              ${GENESIS_HASH}) as t(text)`),
    );
    const entry = {
      seq: 7,
      kind: 'offered' as const,
      rating: 2,
      offered: ['google' as const, 'facebook' as const],
      at: '2026-12-04T06:03:44Z',
      prevHash: GENESIS_HASH,
    };

    // The database's text is of the time to the second; the log stores whole seconds, so both read the same.
    expect(row!.text).toBe(proofEntryText(entry));
    expect(proofEntryText(entry)).toBe(`7|offered|2|google,facebook|2026-12-04T06:03:44Z|${GENESIS_HASH}`);
    expect(row!.hash).toBe(await sha256(proofEntryText(entry)));
  });

  it('when many requests go out at once, then each takes the next seq and the chain holds', async () => {
    const { user, agent, location } = await client('Busy Barber');

    await Promise.all(
      Array.from({ length: 12 }, () =>
        agent.post('/api/review-requests/link').send({ locationId: location.id }).expect(201),
      ),
    );

    await agent.put('/api/proof-settings').send({ enabled: true, slug: 'busy-barber' }).expect(200);
    const entries = await publicLog('busy-barber', 1000);
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await verifyProofChain(entries, sha256)).toMatchObject({ ok: true, seq: 12 });
    expect((await logOf(user.id)).length).toBe(12);
  });

  it('when a day passes, then the hourly task publishes a new head once, and the earlier day keeps its own', async () => {
    const { user, agent, location } = await client('Daily Deli');
    await agent.put('/api/proof-settings').send({ enabled: true, slug: 'daily-deli' }).expect(200);
    await rate(location.publicLink, 5);
    const today = (await supertest(app).get('/api/proof/daily-deli').expect(200)).body as ProofSummary;
    expect(today.head.seq).toBe(0);
    expect(today.head.hash).toBe(GENESIS_HASH);

    const background = createTestBackground(db());
    const tomorrow = new Date(Date.now() + DAY);
    await background.schedule(tomorrow);
    await background.schedule(new Date(tomorrow.getTime() + 60_000));

    const next = (await supertest(app).get('/api/proof/daily-deli').expect(200)).body as ProofSummary;
    expect(next.head.seq).toBe(1);
    expect(next.head.publishedAt).toBe(tomorrow.toISOString());
    expect(next.byRating[4]).toEqual({ rating: 5, rated: 1, offered: 1 });
    const days = await db()
      .select({ seq: proofPublications.seq })
      .from(proofPublications)
      .where(eq(proofPublications.ownerId, user.id))
      .orderBy(asc(proofPublications.day));
    expect(days).toEqual([{ seq: 0 }, { seq: 1 }]);
  });

  it('when the owner opens Settings › Proof the first time, then the page is off with an address made from the business name', async () => {
    const { agent } = await client('Café Señor & Co.');

    const res = await agent.get('/api/proof-settings').expect(200);

    expect(res.body as ProofSettings).toEqual({
      enabled: false,
      slug: 'cafe-senor-co',
      pageUrl: `${BASE}/proof/cafe-senor-co`,
      badgeUrl: `${BASE}/api/proof/cafe-senor-co/badge.svg`,
      head: null,
    });
  });

  it('when the address is not one or is taken, then the save is refused with the reason, and nothing changes', async () => {
    const first = await client('Taken Tea');
    const second = await client('Other Tea');
    await first.agent.put('/api/proof-settings').send({ enabled: true, slug: 'taken-tea' }).expect(200);

    const bad = await second.agent
      .put('/api/proof-settings')
      .send({ enabled: true, slug: '-no_' })
      .expect(400);
    const taken = await second.agent
      .put('/api/proof-settings')
      .send({ enabled: true, slug: 'taken-tea' })
      .expect(409);
    const missing = await second.agent.put('/api/proof-settings').send({ slug: 'other-tea' }).expect(400);

    expect(bad.body).toMatchObject({
      message: PROOF_MESSAGES.slug,
      details: { slug: [PROOF_MESSAGES.slug] },
    });
    expect(taken.body).toMatchObject({ message: PROOF_MESSAGES.slugTaken, code: 'conflict' });
    expect(missing.body.details.enabled).toBeDefined();
    expect((await second.agent.get('/api/proof-settings').expect(200)).body.enabled).toBe(false);
    expect((await supertest(app).get('/api/proof/taken-tea').expect(200)).body.business).toBe('Taken Tea');
  });

  it('when the admin disables a client, then its public page, log and badge are not found', async () => {
    const { user, agent } = await client('Closed Cafe');
    await agent.put('/api/proof-settings').send({ enabled: true, slug: 'closed-cafe' }).expect(200);

    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));

    for (const path of [
      '/api/proof/closed-cafe',
      '/api/proof/closed-cafe/log',
      '/api/proof/closed-cafe/badge.svg',
    ]) {
      expect((await supertest(app).get(path).expect(404)).body.message).toBe(PROOF_MESSAGES.notFound);
    }
  });

  it('when a page is off or never was, then its figures, log and badge are not found, the same as a malformed address', async () => {
    const { agent } = await client('Quiet Quay');
    await agent.put('/api/proof-settings').send({ enabled: true, slug: 'quiet-quay' }).expect(200);
    await agent.put('/api/proof-settings').send({ enabled: false, slug: 'quiet-quay' }).expect(200);

    for (const path of [
      '/api/proof/quiet-quay',
      '/api/proof/quiet-quay/log',
      '/api/proof/quiet-quay/badge.svg',
    ]) {
      expect((await supertest(app).get(path).expect(404)).body.message).toBe(PROOF_MESSAGES.notFound);
    }
    expect((await supertest(app).get('/api/proof/nobody-here').expect(404)).body.message).toBe(
      PROOF_MESSAGES.notFound,
    );
    for (const path of [
      '/api/proof/NOT_A_SLUG',
      '/api/proof/NOT_A_SLUG/log',
      '/api/proof/NOT_A_SLUG/badge.svg',
    ]) {
      expect((await supertest(app).get(path).expect(404)).body.message).toBe(PROOF_MESSAGES.notFound);
    }
  });

  it('when another site embeds the badge, then it gets an SVG it may show, saying what the page says', async () => {
    const { agent, location } = await client('Badge Books');
    await rate(location.publicLink, 1);
    await agent.put('/api/proof-settings').send({ enabled: true, slug: 'badge-books' }).expect(200);

    const res = await supertest(app)
      .get('/api/proof/badge-books/badge.svg')
      .set('Origin', 'https://shop.example')
      .expect(200);

    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const svg = res.body.toString();
    expect(svg).toContain('none filtered');
    expect(svg).toContain('Honest reviews of Badge Books');
  });

  it('when the OpenAPI document is read, then it describes the proof and its log without a key, states the hashing rule and every reference resolves', async () => {
    const doc = (await supertest(app).get('/api/v1/openapi.json').expect(200)).body;

    const log = doc.paths['/proof/{slug}/log'];
    expect(log.servers).toEqual([{ url: `${BASE}/api` }]);
    expect(log.get.security).toEqual([]);
    expect(doc.paths['/proof/{slug}'].get.security).toEqual([]);
    expect(log.get.description).toContain(PROOF_HASH_RULE);
    expect(doc.components.schemas.ProofLogEntry.required).toEqual([
      'seq',
      'kind',
      'rating',
      'offered',
      'at',
      'prevHash',
      'hash',
    ]);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(refs).toContain('ProofSummary');
    for (const name of refs) expect(doc.components.schemas[name], name).toBeDefined();
  });
});
