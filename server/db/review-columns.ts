import { locations, reviews } from './schema';

/** A review as the API lists it, with its location's name (select from reviews joined to locations). */
export const reviewColumns = {
  id: reviews.id,
  type: reviews.type,
  rating: reviews.rating,
  content: reviews.content,
  videoUrl: reviews.videoUrl,
  contactId: reviews.contactId,
  locationId: reviews.locationId,
  locationName: locations.name,
  reviewRequestId: reviews.reviewRequestId,
  reviewerName: reviews.reviewerName,
  sourceUrl: reviews.sourceUrl,
  createdAt: reviews.createdAt,
  responseContent: reviews.responseContent,
  respondedAt: reviews.respondedAt,
  responsePublishedTo: reviews.responsePublishedTo,
  pendingReply: reviews.pendingReply,
  replyPublishState: reviews.replyPublishState,
  replyPublishError: reviews.replyPublishError,
  recommendation: reviews.recommendation,
  ratingAtReply: reviews.ratingAtReply,
  removedFromSiteAt: reviews.removedFromSiteAt,
};
