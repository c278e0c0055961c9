import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Request } from 'express';
import session from 'express-session';
import type { Database } from '../db/client';
import { sessions, teamMembers, users } from '../db/schema';

type SessionData = session.SessionData & { passport?: { user?: unknown } };
type Callback<T = void> = (err?: unknown, value?: T) => void;

/** A team member's place in a business, as tenantFromUser and GET /api/user need it. */
export interface SessionMembership {
  clientId: number;
  role: (typeof teamMembers.$inferSelect)['role'];
  locationIds: number[] | null;
  businessName: string;
  ownerFirstName: string;
  clientDisabledAt: Date | null;
}

/**
 * Who a session belongs to, read in the same statement as the session itself (issue 13: a signed-in read
 * paid one round trip for the session, one for its user and one for a member's team). It describes the
 * database at the start of this request and lives only as long as the request: a deleted or disabled
 * account, a changed role or a removed member shows on the very next request, on any server.
 */
export interface SessionOwner {
  /** The user the session row names; `user` is null when that account no longer exists. */
  userId: number;
  user: typeof users.$inferSelect | null;
  /** A member's team; null for anyone else, and for a member whose membership was removed. */
  membership: SessionMembership | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the session store when it loads this request's session (sessionOwnerOf reads it). */
    sessionOwner?: SessionOwner;
    /** True when the store gave this request's session a new expiry as it read it (the cookie's is due too). */
    sessionRenewed?: boolean;
  }
}

/** What the store read with this request's session about `userId`, or undefined: not read, ask the database. */
export function sessionOwnerOf(req: Request, userId: number): SessionOwner | undefined {
  const owner = req.sessionOwner;
  return owner?.userId === userId ? owner : undefined;
}

/** Carries what `get` learnt to `createSession` on the session's data, never stored (JSON skips symbols). */
const READ = Symbol('session read');
type LoadedSession = SessionData & { [READ]?: { owner: SessionOwner | undefined; renewed: boolean } };

const clientOwner = alias(users, 'client_owner');
const DAY = 24 * 60 * 60 * 1000;

const ownerColumns = {
  user: users,
  team: {
    clientId: teamMembers.clientId,
    role: teamMembers.role,
    locationIds: teamMembers.locationIds,
  },
  business: {
    companyName: clientOwner.companyName,
    firstName: clientOwner.firstName,
    disabledAt: clientOwner.disabledAt,
  },
};

const liveSession = and(
  eq(sessions.sid, sql.placeholder('sid')),
  gt(sessions.expiresAt, sql.placeholder('now')),
);

/** The session, its user, and a member's team with the state of its business: one statement, prepared once. */
function prepareSessionRead(db: Database) {
  return db
    .select({ sess: sessions.sess, userId: sessions.userId, ...ownerColumns })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(clientOwner, eq(clientOwner.id, teamMembers.clientId))
    .where(liveSession)
    .prepare('session_with_owner');
}

/**
 * The same read when the session is due a new expiry: it writes the expiry and reads the rest in one statement,
 * where a separate renewal would cost every due session one more statement on the pool. The expiry is the one
 * express-session gives the cookie on a touch: now plus the cookie's max age (a day when it has none).
 */
function prepareRenewingSessionRead(db: Database) {
  const renewed = db.$with('renewed').as(
    db
      .update(sessions)
      .set({
        expiresAt: sql`${sql.placeholder('now')}::timestamptz + coalesce((${sessions.sess} #>> '{cookie,originalMaxAge}')::bigint, ${DAY}) * interval '1 millisecond'`,
      })
      .where(liveSession)
      .returning({ sess: sessions.sess, userId: sessions.userId }),
  );
  return db
    .with(renewed)
    .select({ sess: renewed.sess, userId: renewed.userId, ...ownerColumns })
    .from(renewed)
    .leftJoin(users, eq(users.id, renewed.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(clientOwner, eq(clientOwner.id, teamMembers.clientId))
    .prepare('renew_session_with_owner');
}

type SessionReadRow = Awaited<ReturnType<ReturnType<typeof prepareSessionRead>['execute']>>[number];

function ownerOf(row: SessionReadRow): SessionOwner | undefined {
  if (row.userId === null) return undefined;
  const membership =
    row.team && row.business
      ? {
          clientId: row.team.clientId,
          role: row.team.role,
          locationIds: row.team.locationIds,
          businessName: row.business.companyName,
          ownerFirstName: row.business.firstName,
          clientDisabledAt: row.business.disabledAt,
        }
      : null;
  return { userId: row.userId, user: row.user, membership };
}

function userIdOf(sess: SessionData): number | null {
  const user = sess.passport?.user;
  return typeof user === 'number' ? user : null;
}

function expiryOf(sess: SessionData): Date {
  const expires = sess.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DAY);
}

/** A session's expiry moves by a week at a time; writing it more often than this buys nothing. */
const RENEW_EVERY_MS = 60_000;
const RENEWED_REMEMBERED = 10_000;

/**
 * express-session store on our own database (PGlite or a server), through Drizzle. A session in use gets a new
 * expiry as it is read, at most once a minute per session and process: a signed-in user's every request would
 * otherwise write the sessions table (issue 13: GET /api/user at 0.17 of a bare read). There is no `touch`:
 * express-session then leaves the row alone when an answer ends.
 */
export class DatabaseSessionStore extends session.Store {
  private lastPrune = 0;
  /** When this process last wrote each session's expiry (bounded: the oldest are forgotten first). */
  private readonly written = new Map<string, number>();
  private readonly sessionRead: ReturnType<typeof prepareSessionRead>;
  private readonly renewingSessionRead: ReturnType<typeof prepareRenewingSessionRead>;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = () => Date.now(),
  ) {
    super();
    this.sessionRead = prepareSessionRead(db);
    this.renewingSessionRead = prepareRenewingSessionRead(db);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    const renew = !this.writtenRecently(sid);
    // Marked before the statement runs: the requests a page sends at once would otherwise all renew the row,
    // each waiting on the row lock of the one before.
    if (renew) this.rememberWritten(sid);
    const read = renew ? this.renewingSessionRead : this.sessionRead;
    read.execute({ sid, now: new Date(this.now()) }).then(([row]) => {
      if (!row) return callback(undefined, null);
      const sess = row.sess as LoadedSession;
      Object.defineProperty(sess, READ, {
        value: { owner: ownerOf(row), renewed: renew },
        enumerable: false,
      });
      callback(undefined, sess);
    }, callback);
  }

  /** express-session builds req.session from what `get` answered: what was read with it goes on the request. */
  override createSession(req: Request, sess: session.SessionData): session.Session & session.SessionData {
    const read = (sess as LoadedSession)[READ];
    req.sessionOwner = read?.owner;
    req.sessionRenewed = read?.renewed === true;
    return super.createSession(req, sess);
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
      // The row's expiry was just written: renewing it in the next minute would write it again for nothing.
      .then(() => this.rememberWritten(sid))
      .then(() => this.pruneNowAndThen())
      .then(
        () => callback?.(),
        (err: unknown) => callback?.(err),
      );
  }

  private writtenRecently(sid: string): boolean {
    const last = this.written.get(sid);
    return last !== undefined && this.now() - last < RENEW_EVERY_MS;
  }

  private rememberWritten(sid: string): void {
    this.written.delete(sid);
    this.written.set(sid, this.now());
    if (this.written.size > RENEWED_REMEMBERED) this.written.delete(this.written.keys().next().value!);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.written.delete(sid);
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
