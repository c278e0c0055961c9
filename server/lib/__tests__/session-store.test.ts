import { eq } from 'drizzle-orm';
import type session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../testing/test-db';
import { DatabaseSessionStore } from '../session-store';

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

  const read = (store: DatabaseSessionStore, sid: string) =>
    new Promise<session.SessionData | null>((resolve, reject) =>
      store.get(sid, (err, sess) => (err ? reject(err) : resolve(sess ?? null))),
    );

  it('when a session is read again and again within a minute, then its expiry is written once, then again after a minute', async () => {
    let now = Date.UTC(2031, 0, 1, 12);
    const store = new DatabaseSessionStore(database.handle.db, () => now);
    const sid = 'sid-renew-once-a-minute';
    await call((done) => store.set(sid, sessionUntil(now + 7 * DAY), done));

    now += 30_000;
    await read(store, sid);
    expect(await expiryOf(sid)).toBe(now - 30_000 + 7 * DAY);

    now += 31_000;
    await read(store, sid);
    const renewedAt = now;
    expect(await expiryOf(sid)).toBe(renewedAt + 7 * DAY);

    now += 59_000;
    await read(store, sid);
    expect(await expiryOf(sid)).toBe(renewedAt + 7 * DAY);

    now += 1_000;
    await read(store, sid);
    expect(await expiryOf(sid)).toBe(now + 7 * DAY);
  });

  it('when a session has expired, then reading it neither answers it nor renews it', async () => {
    let now = Date.UTC(2031, 0, 1, 12);
    const store = new DatabaseSessionStore(database.handle.db, () => now);
    const sid = 'sid-expired-not-renewed';
    await call((done) => store.set(sid, sessionUntil(now + 7 * DAY), done));

    now += 7 * DAY + 1;
    const answered = await read(store, sid);

    expect(answered).toBeNull();
    expect(await expiryOf(sid)).toBe(now - 1);
  });

  it('when a session was renewed on one server, then another server renews it on its own first read', async () => {
    let now = Date.UTC(2031, 0, 1, 12);
    const one = new DatabaseSessionStore(database.handle.db, () => now);
    const other = new DatabaseSessionStore(database.handle.db, () => now);
    const sid = 'sid-two-servers';
    await call((done) => one.set(sid, sessionUntil(now + 7 * DAY), done));

    now += 5 * DAY;
    const readThere = await read(other, sid);

    expect(readThere).not.toBeNull();
    expect(await expiryOf(sid)).toBe(now + 7 * DAY);
  });
});
