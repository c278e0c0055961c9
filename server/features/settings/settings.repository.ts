import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { sessions, teamMembers, users } from '../../db/schema';
import { enqueue } from '../../lib/queue/enqueue';
import { endAccessAfterCredentialChange } from '../auth';

export type UserRow = typeof users.$inferSelect;

export function createSettingsRepository(db: Database) {
  return {
    async findUser(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async updateProfile(
      id: number,
      changes: { firstName: string; companyName: string; email: string },
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        // The email is also the sign-in name (username), as at registration.
        .set({ ...changes, username: changes.email })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** The new hash, every live reset link spent and every other session of the user ended, together. */
    async changePassword(id: number, passwordHash: string, keepSessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
        await endAccessAfterCredentialChange(tx, id, keepSessionId);
      });
    },

    /**
     * The user and every session of theirs; their rows (locations, reviews, subscription...) cascade. A
     * client's team members' logins and sessions go too (a member has no business left to sign in to).
     * `alongside` runs first in the same transaction (the admin's check and audit entry). The account's
     * files are not rows: their removal is queued here and runs once this commits (settings.jobs.ts), so a
     * rolled-back deletion loses no file and a crash after the commit still removes them when a worker runs.
     */
    async deleteAccount(id: number, alongside?: (tx: Transaction) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        await alongside?.(tx);
        const memberIds = tx
          .select({ id: teamMembers.userId })
          .from(teamMembers)
          .where(eq(teamMembers.clientId, id));
        await tx.delete(sessions).where(inArray(sessions.userId, memberIds));
        await tx.delete(users).where(inArray(users.id, memberIds));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await tx.delete(users).where(eq(users.id, id));
        await enqueue(
          tx,
          'delete-account-files',
          { ownerId: id },
          { dedupeKey: `delete-account-files:${id}` },
        );
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
