import { eq } from 'drizzle-orm';
import type session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/test-db';
import { DatabaseSessionStore, TOUCH_EVERY_MS } from '../session-store';

const DAY = 86_400_000;

describe.each(testDatabaseKinds)('the session store on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  const call = (run: (done: (err?: unknown) => void) => void) =>
    new Promise<void>((resolve, reject) => run((err) => (err ? reject(err) : resolve())));
  const sessionUntil = (expires: number) =>
    ({ cookie: { expires: new Date(expires), originalMaxAge: 7 * DAY } }) as unknown as session.SessionData;
  const expiryOf = async (sid: string) =>
    (await database.handle.db.select().from(sessions).where(eq(sessions.sid, sid)))[0]!.expiresAt.getTime();

  it('when a session is used again and again within a minute, then its expiry is written once, then again after a minute', async () => {
    let now = Date.UTC(2031, 0, 1, 12);
    const store = new DatabaseSessionStore(database.handle.db, () => now);
    const sid = 'sid-touch-once-a-minute';
    await call((done) => store.set(sid, sessionUntil(now + 7 * DAY), done));

    now += 1_000;
    await call((done) => store.touch(sid, sessionUntil(now + 7 * DAY), done));
    const first = await expiryOf(sid);
    now += 30_000;
    await call((done) => store.touch(sid, sessionUntil(now + 7 * DAY), done));
    expect(await expiryOf(sid)).toBe(first);

    now += TOUCH_EVERY_MS;
    await call((done) => store.touch(sid, sessionUntil(now + 7 * DAY), done));
    expect(await expiryOf(sid)).toBe(now + 7 * DAY);
  });
});
