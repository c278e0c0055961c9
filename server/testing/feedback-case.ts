import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { feedbackCases } from '../db/schema';
import { openCase } from '../features/feedback-cases/feedback-cases.repository';
import { createContact, createReview } from './factories';

/**
 * A 2★ private review from a known contact with its open case, as a customer's submit through their request
 * link leaves them (the submit itself is covered by feedback-cases.api.test.ts).
 */
export async function createFeedbackCase(
  db: Database,
  ownerId: number,
  options: { contactId?: number; locationId?: number | null; rating?: number } = {},
) {
  const contactId = options.contactId ?? (await createContact(db, ownerId)).id;
  const review = await createReview(db, ownerId, {
    rating: options.rating ?? 2,
    content: 'The order was late',
    contactId,
    locationId: options.locationId ?? null,
  });
  await openCase(db, { ownerId, reviewId: review.id, contactId });
  const [feedbackCase] = await db.select().from(feedbackCases).where(eq(feedbackCases.reviewId, review.id));
  return { review, feedbackCase: feedbackCase! };
}
