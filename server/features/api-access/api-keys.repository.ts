import { and, asc, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Channel } from '@shared/schemas/domain';
import { apiIdempotencyKeys, apiKeys, contacts, locations, templates, users } from '../../db/schema';
import { lockUserRow } from '../../db/user-row-lock';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** API keys, the Idempotency-Key answers and the few lookups the public API needs. */
export function createApiKeysRepository(db: Database) {
  return {
    list(ownerId: number): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.ownerId, ownerId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    /**
     * Inserts the key while the owner has fewer than `cap` live keys, else nothing (undefined): counted and
     * written in one transaction behind the owner's row lock, so parallel creations count in turn and cannot
     * all pass the same count.
     */
    async insertUnderCap(
      values: { ownerId: number; name: string; prefix: string; keyHash: string },
      cap: number,
    ): Promise<ApiKeyRow | undefined> {
      return db.transaction(async (tx) => {
        await lockUserRow(tx, values.ownerId);
        const [live] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.ownerId, values.ownerId), isNull(apiKeys.revokedAt)));
        if ((live?.n ?? 0) >= cap) return undefined;
        const [row] = await tx.insert(apiKeys).values(values).returning();
        return row!;
      });
    },

    /** Revokes the owner's key (again is harmless); undefined when the owner has no such key. */
    async revoke(ownerId: number, id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.ownerId, ownerId), eq(apiKeys.id, id)))
        .returning();
      return row;
    },

    /** The live key with this hash, of a client account that is not disabled. */
    async findActiveByHash(keyHash: string): Promise<{ id: number; ownerId: number } | undefined> {
      const [row] = await db
        .select({ id: apiKeys.id, ownerId: apiKeys.ownerId })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.ownerId))
        .where(
          and(
            eq(apiKeys.keyHash, keyHash),
            isNull(apiKeys.revokedAt),
            eq(users.role, 'client'),
            isNull(users.disabledAt),
          ),
        );
      return row;
    },

    /** Last used: written at most once a minute per key, so a busy integration does not rewrite the row per call. */
    async touch(id: number): Promise<void> {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(
          and(
            eq(apiKeys.id, id),
            or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
          ),
        );
    },

    /** The owner's first location: where an API request goes when it names none. */
    async firstLocationId(ownerId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(eq(locations.ownerId, ownerId))
        .orderBy(asc(locations.id))
        .limit(1);
      return row?.id;
    },

    async hasLocation(ownerId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.ownerId, ownerId), eq(locations.id, id)));
      return row !== undefined;
    },

    async findTemplateChannel(ownerId: number, id: number): Promise<Channel | undefined> {
      const [row] = await db
        .select({ channel: templates.channel })
        .from(templates)
        .where(and(eq(templates.ownerId, ownerId), eq(templates.id, id)));
      return row?.channel;
    },

    /** The owner's contact with this email (any case), else with this phone. */
    async findContact(ownerId: number, email: string | null, phone: string | null) {
      const matches = [
        ...(email ? [sql`lower(${contacts.email}) = lower(${email})`] : []),
        ...(phone ? [eq(contacts.phone, phone)] : []),
      ];
      if (matches.length === 0) return undefined;
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), or(...matches)))
        .orderBy(
          email ? sql`(lower(${contacts.email}) = lower(${email})) desc nulls last` : asc(contacts.id),
          asc(contacts.id),
        )
        .limit(1);
      return row;
    },

    /**
     * Takes an Idempotency-Key for a first call: true when this call inserted it (and must run), false when
     * it exists already (the stored row tells what to answer).
     */
    async claimIdempotencyKey(ownerId: number, key: string, requestHash: string): Promise<boolean> {
      const rows = await db
        .insert(apiIdempotencyKeys)
        .values({ ownerId, key, requestHash })
        .onConflictDoNothing()
        .returning({ id: apiIdempotencyKeys.id });
      return rows.length > 0;
    },

    async findIdempotencyKey(ownerId: number, key: string) {
      const [row] = await db
        .select()
        .from(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.ownerId, ownerId), eq(apiIdempotencyKeys.key, key)));
      return row;
    },

    async completeIdempotencyKey(ownerId: number, key: string, status: number, body: unknown): Promise<void> {
      await db
        .update(apiIdempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(eq(apiIdempotencyKeys.ownerId, ownerId), eq(apiIdempotencyKeys.key, key)));
    },

    /** A call that failed on our side leaves no answer behind: the client may retry with the same key. */
    async releaseIdempotencyKey(ownerId: number, key: string): Promise<void> {
      await db
        .delete(apiIdempotencyKeys)
        .where(and(eq(apiIdempotencyKeys.ownerId, ownerId), eq(apiIdempotencyKeys.key, key)));
    },

    /** Keys older than a day are forgotten (Stripe keeps them 24 hours too). */
    async pruneIdempotencyKeys(before: Date): Promise<number> {
      const rows = await db
        .delete(apiIdempotencyKeys)
        .where(lt(apiIdempotencyKeys.createdAt, before))
        .returning({ id: apiIdempotencyKeys.id });
      return rows.length;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
