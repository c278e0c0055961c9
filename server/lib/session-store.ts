import { and, eq, gt, lt } from 'drizzle-orm';
import session from 'express-session';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

type SessionData = session.SessionData & { passport?: { user?: unknown } };
type Callback<T = void> = (err?: unknown, value?: T) => void;

const DAY = 24 * 60 * 60 * 1000;

function userIdOf(sess: SessionData): number | null {
  const user = sess.passport?.user;
  return typeof user === 'number' ? user : null;
}

function expiryOf(sess: SessionData): Date {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DAY);
}

/** express-session store on our own database (PGlite or a server), through Drizzle. */
export class DatabaseSessionStore extends session.Store {
  private lastPrune = 0;

  constructor(private readonly db: Database) {
    super();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), gt(sessions.expiresAt, new Date())))
      .then(([row]) => callback(undefined, (row?.sess as SessionData | undefined) ?? null), callback);
  }

  override set(sid: string, sess: SessionData, callback?: Callback): void {
    const row = { sid, sess, userId: userIdOf(sess), expiresAt: expiryOf(sess) };
    this.db
      .insert(sessions)
      .values(row)
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { sess, userId: row.userId, expiresAt: row.expiresAt },
      })
      .then(() => this.pruneNowAndThen())
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    this.db
      .update(sessions)
      .set({ expiresAt: expiryOf(sess) })
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  /** Ends every session of a user (disabled account, password change). */
  async destroyUserSessions(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  // Expired rows are removed at most once a minute, by whichever process writes a session then.
  private async pruneNowAndThen(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
  }
}
