import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, jobs, locations, reviewRequests, reviews, users } from '../../db/schema';
import { recordRequestEvents, reminderKeyPattern } from '../review-requests';
import type { ReviewType } from '@shared/schemas/domain';
import type { Language } from '@shared/i18n/languages';
import { savedLanguageSql } from '../../db/customer-language';

/** What a link leads to: a personal review request, or a location's permanent (QR poster) link. */
export interface ResolvedLink {
  kind: 'request' | 'location';
  ownerId: number;
  locationId: number;
  locationName: string;
  googleReviewUrl: string | null;
  facebookPageUrl: string | null;
  googleConnectedReviewUrl: string | null;
  facebookConnectedReviewUrl: string | null;
  companyName: string;
  ownerFirstName: string;
  /** Requests only. */
  requestId: number | null;
  requestStatus: string | null;
  contactId: number | null;
  contactName: string | null;
  /** The rating of the review this request already has, if any. */
  submittedRating: number | null;
  /** The contact's language, else the location's default (db/customer-language.ts); null: the browser's. */
  savedLanguage: Language | null;
}

export interface NewPublicReview {
  ownerId: number;
  locationId: number;
  type: ReviewType;
  rating: number;
  content: string;
  reviewerName: string;
  contactId: number | null;
  reviewRequestId: number | null;
  offeredLinks: { google: string | null; facebook: string | null };
}

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const linkColumns = {
  ownerId: locations.ownerId,
  locationId: locations.id,
  locationName: locations.name,
  googleReviewUrl: locations.googleReviewUrl,
  facebookPageUrl: locations.facebookPageUrl,
  googleConnectedReviewUrl: locations.googleConnectedReviewUrl,
  facebookConnectedReviewUrl: locations.facebookConnectedReviewUrl,
  companyName: users.companyName,
  ownerFirstName: users.firstName,
};

/** Statuses a customer opening the page moves to 'opened'; never backwards from opened or completed. */
const OPENABLE = ['queued', 'sent', 'outbox', 'delivered'] as const;

export function createPublicReviewRepository(db: Database) {
  return {
    /** One query per kind; a disabled client's links lead nowhere. */
    async resolveLink(link: string, executor: Executor = db): Promise<ResolvedLink | undefined> {
      const [request] = await executor
        .select({
          ...linkColumns,
          requestId: reviewRequests.id,
          requestStatus: reviewRequests.status,
          contactId: reviewRequests.contactId,
          contactName: contacts.name,
          submittedRating: reviews.rating,
          savedLanguage: savedLanguageSql,
        })
        .from(reviewRequests)
        .innerJoin(locations, eq(locations.id, reviewRequests.locationId))
        .innerJoin(users, eq(users.id, reviewRequests.ownerId))
        .leftJoin(contacts, eq(contacts.id, reviewRequests.contactId))
        .leftJoin(reviews, eq(reviews.reviewRequestId, reviewRequests.id))
        .where(and(eq(reviewRequests.uniqueLink, link), isNull(users.disabledAt)));
      if (request) return { kind: 'request', ...request };

      const [location] = await executor
        .select({ ...linkColumns, savedLanguage: locations.defaultLanguage })
        .from(locations)
        .innerJoin(users, eq(users.id, locations.ownerId))
        .where(and(eq(locations.publicLink, link), isNull(users.disabledAt)));
      if (!location) return undefined;
      return {
        kind: 'location',
        ...location,
        requestId: null,
        requestStatus: null,
        contactId: null,
        contactName: null,
        submittedRating: null,
      };
    },

    async markOpened(requestId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const opened = await tx
          .update(reviewRequests)
          .set({ status: 'opened', openedAt: sql`coalesce(${reviewRequests.openedAt}, now())` })
          .where(and(eq(reviewRequests.id, requestId), inArray(reviewRequests.status, [...OPENABLE])))
          .returning({ ownerId: reviewRequests.ownerId });
        await recordRequestEvents(
          tx,
          opened.map((r) => ({ ownerId: r.ownerId, reviewRequestId: requestId, kind: 'opened' as const })),
        );
      });
    },

    /** Inserts unless this request already has its review (the partial unique index decides). */
    async insertReview(review: NewPublicReview, executor: Executor = db): Promise<number | undefined> {
      const [row] = await executor
        .insert(reviews)
        .values(review)
        .onConflictDoNothing({
          target: reviews.reviewRequestId,
          where: sql.raw('review_request_id is not null'),
        })
        .returning({ id: reviews.id });
      return row?.id;
    },

    async setVideoUrl(reviewId: number, videoUrl: string, executor: Executor = db): Promise<void> {
      await executor.update(reviews).set({ videoUrl }).where(eq(reviews.id, reviewId));
    },

    /** The review is in: the request is completed and its pending reminders are dropped, on its timeline. */
    async markCompleted(requestId: number, executor: Executor = db): Promise<void> {
      const [request] = await executor
        .update(reviewRequests)
        .set({
          status: 'completed',
          completedAt: sql`coalesce(${reviewRequests.completedAt}, now())`,
          openedAt: sql`coalesce(${reviewRequests.openedAt}, now())`,
        })
        .where(eq(reviewRequests.id, requestId))
        .returning({ ownerId: reviewRequests.ownerId });
      if (!request) return;
      const dropped = await executor
        .delete(jobs)
        .where(and(eq(jobs.status, 'pending'), like(jobs.dedupeKey, reminderKeyPattern(requestId))))
        .returning({ id: jobs.id });
      await recordRequestEvents(executor, [
        { ownerId: request.ownerId, reviewRequestId: requestId, kind: 'completed' },
        ...(dropped.length > 0
          ? [
              {
                ownerId: request.ownerId,
                reviewRequestId: requestId,
                kind: 'reminder_cancelled' as const,
                detail: 'The customer left their review',
              },
            ]
          : []),
      ]);
    },

    /** The owner's own video review, or undefined (another client's is simply not found). */

    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx as unknown as Executor));
    },
  };
}

export type PublicReviewRepository = ReturnType<typeof createPublicReviewRepository>;
