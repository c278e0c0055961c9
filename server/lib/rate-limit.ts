import { sql } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { ApiErrorBody } from '@shared/schemas/api-error';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

/** express-rate-limit's store on our database, so every server process counts the same hits. */
export class DatabaseRateLimitStore implements Store {
  private windowMs = 60_000;

  constructor(
    private readonly db: Database,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db
      .select()
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${this.key(key)} and ${rateLimits.resetAt} > now()`);
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const resetAt = new Date(Date.now() + this.windowMs);
    // One statement: a window that has run out starts again at 1.
    const [row] = await this.db
      .insert(rateLimits)
      .values({ key: this.key(key), hits: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    return { totalHits: row?.hits ?? 1, resetTime: row?.resetAt ?? resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(sql`${rateLimits.key} = ${this.key(key)}`);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(sql`${rateLimits.key} = ${this.key(key)}`);
  }
}

/** The answer of a limiter that counts by address (public pages, the widget): it names no feature. */
export const TOO_MANY_FROM_CONNECTION = 'Too many requests from this connection. Please try again later.';

interface LimiterOptions {
  db: Database;
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  /** What is counted (default: the client's address), e.g. the signed-in user. */
  key?: (req: Request) => string;
}

/** A limiter answering 429 `{ message }` with the standard RateLimit headers. */
export function createRateLimiter({
  db,
  name,
  limit,
  windowMs,
  message,
  key,
}: LimiterOptions): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(key ? { keyGenerator: key } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, name),
    handler: (_req, res) => {
      res.status(429).json({ message, code: 'rate_limited' } satisfies ApiErrorBody);
    },
  });
}

/** Counters whose window or pause ended more than a day ago tell nothing more: the clean-up deletes them. */
export async function pruneRateLimits(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.resetAt} < ${before}`)
    .returning({ key: rateLimits.key });
  return rows.length;
}

/**
 * A quota of bytes per key and window (uploads per address, per link), in the same table as the hit
 * counters. Counted in KiB, so a 32-bit counter holds terabytes.
 */
export function createByteQuota(db: Database, name: string, limitBytes: number, windowMs: number) {
  const keyOf = (key: string) => `${name}:${key}`;
  return {
    limitBytes,
    /** Bytes counted in the current window. */
    async used(key: string): Promise<number> {
      const [row] = await db
        .select()
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${keyOf(key)} and ${rateLimits.resetAt} > now()`);
      return (row?.hits ?? 0) * 1024;
    },
    async add(key: string, bytes: number): Promise<void> {
      const kib = Math.ceil(bytes / 1024);
      const resetAt = new Date(Date.now() + windowMs);
      await db
        .insert(rateLimits)
        .values({ key: keyOf(key), hits: kib, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then ${kib} else ${rateLimits.hits} + ${kib} end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        });
    },
  };
}
