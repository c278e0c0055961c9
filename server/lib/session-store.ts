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

/** A session's expiry moves by a week at a time; writing it more often than this buys nothing. */
export const TOUCH_EVERY_MS = 60_000;
const TOUCHED_REMEMBERED = 10_000;

/** express-session store on our own database (PGlite or a server), through Drizzle. */
export class DatabaseSessionStore extends session.Store {
  private lastPrune = 0;
  /** When this process last wrote each session's expiry (bounded: the oldest are forgotten first). */
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = () => Date.now(),
  ) {
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

  /**
   * Renews the expiry of a session in use, at most once a minute per session and process: a signed-in user's
   * every request would otherwise write the sessions table (issue 13: GET /api/user at 0.17 of a bare read).
   */
  override touch(sid: string, sess: SessionData, callback?: Callback): void {
    const now = this.now();
    const last = this.touched.get(sid);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) {
      callback?.();
      return;
    }
    this.touched.delete(sid);
    this.touched.set(sid, now);
    if (this.touched.size > TOUCHED_REMEMBERED) this.touched.delete(this.touched.keys().next().value!);
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
    this.touched.delete(sid);
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
