import { and, eq, lte, sql } from 'drizzle-orm';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema';
import type { AppContext } from '../../../lib/context';
import { createTestBackground, type TestBackground } from '../../../testing/background';
import { createContact, createLocation, registrationFor } from '../../../testing/factories';
import { startFakeTwilio, type FakeTwilio } from '../../../testing/fake-twilio';
import { agentFor, createTestApp, createTestContext } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

const BASE = 'https://reviews.example.com';
/** Monday 10 March 2031 (London on GMT, Berlin on CET), years ahead of the database's own clock. */
const LONDON_23_02 = new Date('2031-03-10T23:02:00Z');
const LONDON_MORNING = new Date('2031-03-11T08:00:00Z');
const UK_MOBILE = '+447700100042';
const US_MOBILE = '+12133734253';

describe.each(testDatabaseKinds)('quiet hours that work by default on %s', (kind) => {
  let database: TestDatabase;
  let twilio: FakeTwilio;
  let ctx: AppContext;
  let app: Express;
  let background: TestBackground;
  let clock: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    twilio = await startFakeTwilio();
    ctx = createTestContext(database.handle.db, { PUBLIC_BASE_URL: BASE, ...twilio.env() });
    ctx.now = () => clock;
    app = createTestApp(database.handle.db, {}, ctx);
    background = createTestBackground(database.handle.db, {}, ctx);
  });
  afterAll(async () => {
    await twilio?.close();
    await database?.drop();
  });
  beforeEach(() => {
    clock = new Date('2031-03-10T10:00:00Z');
    twilio.messages.length = 0;
  });

  const db = () => database.handle.db;

  /** A business signed up the way the SPA signs up, with the browser's time zone (or none). */
  async function signUp(timeZone?: string) {
    const agent = agentFor(app);
    const res = await agent
      .post('/api/register')
      .send({ ...registrationFor({ companyName: 'Sunrise Bakery' }), timeZone })
      .expect(201);
    const location = await createLocation(db(), res.body.id as number, { name: 'High Street' });
    return { agent, ownerId: res.body.id as number, location };
  }

  async function smsRequest(o: Awaited<ReturnType<typeof signUp>>, contact: { id: number }) {
    const res = await o.agent
      .post('/api/review-requests')
      .send({ locationId: o.location.id, contactId: contact.id, method: 'sms' })
      .expect(201);
    return res.body as { id: number; uniqueLink: string };
  }

  const deliveryRunAt = async (id: number) => {
    const [job] = await db()
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.dedupeKey, `deliver-review-request:${id}`));
    return job!.runAt.toISOString();
  };

  /** Lets the clock reach `at` and runs every job due by then. */
  async function advanceTo(at: Date) {
    clock = at;
    await db()
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, at)));
    await background.drain();
  }

  it('when a +44 contact with no zone is asked at 23:02 London time and no zone is set anywhere, then the SMS waits until 08:00 London', async () => {
    const o = await signUp();
    const contact = await createContact(db(), o.ownerId, { name: 'Sam Reed', phone: UK_MOBILE });
    clock = LONDON_23_02;

    const created = await smsRequest(o, contact);

    expect(await deliveryRunAt(created.id)).toBe(LONDON_MORNING.toISOString());
    const detail = await o.agent.get(`/api/review-requests/${created.id}`).expect(200);
    expect(detail.body.events).toContainEqual(
      expect.objectContaining({
        kind: 'waiting',
        detail: 'Quiet hours: sends at Tue 11 Mar, 08:00 Europe/London',
      }),
    );
    await advanceTo(new Date(LONDON_MORNING.getTime() - 60_000));
    expect(twilio.messages).toHaveLength(0);

    await advanceTo(LONDON_MORNING);
    expect(twilio.messages).toHaveLength(1);
    expect(twilio.messages[0]!.body).toBe(
      `Hi Sam, thanks for visiting Sunrise Bakery! Tell us how we did: ${BASE}/review/${created.uniqueLink} Reply STOP to opt out.`,
    );
  });

  it('when a queue that fell behind reaches a +44 contact at night, then the SMS waits for the London morning', async () => {
    const o = await signUp();
    const contact = await createContact(db(), o.ownerId, { phone: UK_MOBILE });
    const created = await smsRequest(o, contact); // 10:00 in London: due at once

    await advanceTo(new Date('2031-03-10T23:15:00Z'));

    expect(twilio.messages).toHaveLength(0);
    expect(await deliveryRunAt(created.id)).toBe(LONDON_MORNING.toISOString());
  });

  it('when a +1 contact with no zone is asked at 22:30 in the business zone set at sign-up, then the SMS waits until 08:00 there', async () => {
    const o = await signUp('Europe/Berlin');
    const contact = await createContact(db(), o.ownerId, { phone: US_MOBILE });
    clock = new Date('2031-03-10T21:30:00Z'); // 22:30 in Berlin

    const created = await smsRequest(o, contact);

    expect(await deliveryRunAt(created.id)).toBe('2031-03-11T07:00:00.000Z'); // 08:00 in Berlin
  });

  it.each([
    // [whose zone wins, contact's own, location's, 08:00 there]
    ["the contact's own", 'America/New_York', 'Asia/Tokyo', '2031-03-11T12:00:00.000Z'],
    ["the phone's country, before the location's", null, 'Asia/Tokyo', LONDON_MORNING.toISOString()],
  ])(
    'when a +44 contact is asked at 23:02 London time, then %s zone decides',
    async (_whose, contactZone, locationZone, morning) => {
      const o = await signUp('Europe/Berlin');
      await o.agent.patch(`/api/locations/${o.location.id}`).send({ timeZone: locationZone }).expect(200);
      const contact = await createContact(db(), o.ownerId, { phone: UK_MOBILE, timeZone: contactZone });
      clock = new Date(LONDON_23_02.getTime() + 4 * 3_600_000); // 03:02 London, 23:02 New York

      const created = await smsRequest(o, contact);

      expect(await deliveryRunAt(created.id)).toBe(morning);
    },
  );
});
