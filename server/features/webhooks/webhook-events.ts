import type { CreatedReview, DomainEventOf, Subscribers } from '../../lib/events';
import { insertDeliveries, type EmitExecutor } from './webhooks.repository';

/**
 * The one way a change tells the client's webhook endpoints (issue 16). Each function takes the
 * transaction that wrote the change, so the delivery rows and their queue jobs commit or roll back with it.
 */

/** `review.created`: a review arrived (the public review page, or an import from Google or Facebook). */
async function emitReviewsCreated(tx: EmitExecutor, reviews: CreatedReview[]): Promise<void> {
  await insertDeliveries(
    tx,
    reviews.map((review) => ({
      ownerId: review.ownerId,
      event: 'review.created' as const,
      data: {
        review: {
          id: review.id,
          source: review.type,
          rating: review.rating,
          reviewerName: review.reviewerName,
          content: review.content,
        },
      },
    })),
  );
}

/** `review.responded`: the owner's reply to a review was saved (a first answer or an edit). */
async function emitReviewResponded(
  tx: EmitExecutor,
  reply: { ownerId: number; reviewId: number; content: string; publishedTo: string | null; edited: boolean },
): Promise<void> {
  await insertDeliveries(tx, [
    {
      ownerId: reply.ownerId,
      event: 'review.responded',
      data: {
        review: { id: reply.reviewId },
        response: { content: reply.content, publishedTo: reply.publishedTo, edited: reply.edited },
      },
    },
  ]);
}

/** `review_request.completed`: the customer a request went to left their review. */
async function emitRequestCompleted(
  tx: EmitExecutor,
  completed: DomainEventOf<'review_request.completed'>,
): Promise<void> {
  await insertDeliveries(tx, [
    {
      ownerId: completed.ownerId,
      event: 'review_request.completed',
      data: {
        reviewRequest: { id: completed.reviewRequestId, contactId: completed.contactId },
        review: { id: completed.reviewId, rating: completed.rating },
      },
    },
  ]);
}

/** What the client's endpoints are told of the events other features emit. */
export const webhookSubscribers: Subscribers = {
  'review.responded': emitReviewResponded,
  'reviews.created': (tx, { reviews }) => emitReviewsCreated(tx, reviews),
  'review_request.completed': emitRequestCompleted,
};
