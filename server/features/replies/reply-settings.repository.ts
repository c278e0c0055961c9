import { eq, sql } from 'drizzle-orm';
import { DEFAULT_REPLY_SETTINGS, type ReplySettings } from '@shared/schemas/reply-settings';
import type { Database } from '../../db/client';
import { replySettings, users } from '../../db/schema';

/** The tone and signature of a client's suggested replies, and the business they are written for. */
export function createReplySettingsRepository(db: Database) {
  return {
    /** The client's settings, or the defaults until they save their own. */
    async get(ownerId: number): Promise<ReplySettings> {
      const [row] = await db.select().from(replySettings).where(eq(replySettings.ownerId, ownerId));
      return row ? { tone: row.tone, signature: row.signature } : DEFAULT_REPLY_SETTINGS;
    },

    async save(ownerId: number, settings: ReplySettings): Promise<ReplySettings> {
      const values = { tone: settings.tone, signature: settings.signature };
      const [row] = await db
        .insert(replySettings)
        .values({ ownerId, ...values })
        .onConflictDoUpdate({ target: replySettings.ownerId, set: { ...values, updatedAt: sql`now()` } })
        .returning();
      return { tone: row!.tone, signature: row!.signature };
    },

    /** The company name of the client's profile ('' when none was given). */
    async businessName(ownerId: number): Promise<string> {
      const [row] = await db.select({ name: users.companyName }).from(users).where(eq(users.id, ownerId));
      return row?.name ?? '';
    },
  };
}

export type ReplySettingsRepository = ReturnType<typeof createReplySettingsRepository>;
