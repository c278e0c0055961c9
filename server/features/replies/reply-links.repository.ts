import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inScope, type Scope } from '../../db/scope';
import { replyLinks, reviews, users } from '../../db/schema';

const linkColumns = {
  id: replyLinks.id,
  reviewId: replyLinks.reviewId,
  content: replyLinks.content,
  expiresAt: replyLinks.expiresAt,
  usedAt: replyLinks.usedAt,
  undoneAt: replyLinks.undoneAt,
};

export interface ReplyLinkRow {
  id: number;
  reviewId: number;
  content: string;
  expiresAt: Date;
  usedAt: Date | null;
  undoneAt: Date | null;
  /** The review's client: the link acts for them. */
  ownerId: number;
}

/** The "Publish this reply" links of alert emails: each used once, and undone at most once. */
export function createReplyLinksRepository(db: Database) {
  return {
    async create(link: { reviewId: number; content: string; expiresAt: Date }) {
      const [row] = await db.insert(replyLinks).values(link).returning(linkColumns);
      return row!;
    },

    /** The link with its review's client, while that client's account is open: else nothing. */
    async find(id: number): Promise<ReplyLinkRow | undefined> {
      const [row] = await db
        .select({ ...linkColumns, ownerId: reviews.ownerId })
        .from(replyLinks)
        .innerJoin(reviews, eq(reviews.id, replyLinks.reviewId))
        .innerJoin(users, and(eq(users.id, reviews.ownerId), isNull(users.disabledAt)))
        .where(eq(replyLinks.id, id));
      return row;
    },

    /** Marks the link used, once and before it expires: of two presses at the same moment one publishes. */
    async claim(id: number, now: Date) {
      const [row] = await db
        .update(replyLinks)
        .set({ usedAt: now })
        .where(and(eq(replyLinks.id, id), isNull(replyLinks.usedAt), gt(replyLinks.expiresAt, now)))
        .returning(linkColumns);
      return row;
    },

    /** Gives a claimed link back when its reply could not be published, so the button still works. */
    async release(id: number, usedAt: Date) {
      await db
        .update(replyLinks)
        .set({ usedAt: null })
        .where(and(eq(replyLinks.id, id), eq(replyLinks.usedAt, usedAt)));
    },

    /** Marks the link's reply undone, once, if it was used after `usedSince` (the undo window's start). */
    async markUndone(id: number, now: Date, usedSince: Date) {
      const [row] = await db
        .update(replyLinks)
        .set({ undoneAt: now })
        .where(
          and(
            eq(replyLinks.id, id),
            isNull(replyLinks.undoneAt),
            isNotNull(replyLinks.usedAt),
            gt(replyLinks.usedAt, usedSince),
          ),
        )
        .returning(linkColumns);
      return row;
    },

    /**
     * The words the newest open link offers for a review in `scope` (unused, or its reply taken back again):
     * "Edit in ReviewFlow" starts from them.
     */
    async draftOf(scope: Scope, reviewId: number, now: Date): Promise<string | undefined> {
      const [row] = await db
        .select({ content: replyLinks.content })
        .from(replyLinks)
        .innerJoin(reviews, eq(reviews.id, replyLinks.reviewId))
        .where(
          and(
            eq(replyLinks.reviewId, reviewId),
            inScope(scope, { ownerId: reviews.ownerId, locationId: reviews.locationId }),
            or(isNull(replyLinks.usedAt), isNotNull(replyLinks.undoneAt)),
            gt(replyLinks.expiresAt, now),
          ),
        )
        .orderBy(desc(replyLinks.id))
        .limit(1);
      return row?.content;
    },

    /** Links that expired long ago open nothing any more: their rows go. */
    async prune(before: Date): Promise<number> {
      const rows = await db
        .delete(replyLinks)
        .where(lt(replyLinks.expiresAt, before))
        .returning({ id: sql`1` });
      return rows.length;
    },
  };
}

export type ReplyLinksRepository = ReturnType<typeof createReplyLinksRepository>;
