import {
  NEGATIVE_MAX_RATING,
  notificationTargets,
  reviewNotificationTitle,
  type NotificationKind,
} from '@shared/schemas/notifications';
import { PROVIDER_LABELS, PROVIDER_SITES } from '@shared/integrations';
import { ratingChangeText } from '@shared/review-state';
import type { CreatedReview, DomainEventOf, SiteChange } from '../../lib/events';
import { excerpt } from '../../lib/excerpt';

/** One line of the bell, as an event says it. */
export interface NewNotification {
  ownerId: number;
  kind: NotificationKind;
  title: string;
  body?: string;
  target: string;
  reviewId?: number | null;
  reviewRequestId?: number | null;
}

const QUOTE_MAX = 120;

/** The notification of a new review: negative (1-2 stars) or new, with who wrote it and how it starts. */
export function newReviewNotification(review: CreatedReview): NewNotification {
  const who = review.reviewerName.trim() || 'A customer';
  const quote = excerpt(review.content, QUOTE_MAX);
  return {
    ownerId: review.ownerId,
    kind: review.rating <= NEGATIVE_MAX_RATING ? 'review_negative' : 'review_new',
    title: reviewNotificationTitle(review.rating, review.type),
    body: quote ? `${who}: “${quote}”` : `${who} left a rating without text.`,
    target: notificationTargets.review(review.id),
    reviewId: review.id,
  };
}

/** A reply that will not reach its site without the owner. */
export function replyFailedNotification({
  ownerId,
  reviewId,
  reason,
}: DomainEventOf<'reply.failed'>): NewNotification {
  return {
    ownerId,
    kind: 'reply_failed',
    title: 'A reply was not published',
    body: `Not on the site: ${reason}. Open the review to try again, change or discard it.`,
    target: notificationTargets.review(reviewId),
    reviewId,
  };
}

/** A customer's answer on their feedback case's page: the business's turn. */
export function feedbackAnsweredNotification({
  ownerId,
  reviewId,
  customerName,
  body,
}: DomainEventOf<'feedback.answered'>): NewNotification {
  const quote = excerpt(body, QUOTE_MAX);
  return {
    ownerId,
    kind: 'feedback_answered',
    title: `${customerName} answered`,
    body: `“${quote}”`,
    target: notificationTargets.review(reviewId),
    reviewId,
  };
}

/** Each request that will not reach its customer, named by the contact when there is one. */
export function requestFailedNotifications({
  requests,
  reason,
}: DomainEventOf<'review_requests.failed'>): NewNotification[] {
  return requests.map((request) => ({
    ownerId: request.ownerId,
    kind: 'request_failed' as const,
    title: request.contactName
      ? `A review request to ${request.contactName} was not delivered`
      : 'A review request was not delivered',
    body: reason,
    target: notificationTargets.request(request.id),
    reviewRequestId: request.id,
  }));
}

/** A location's provider connection that needs the owner to connect it again. */
export function reconnectNotification({
  ownerId,
  provider,
  locationName,
}: DomainEventOf<'integration.disconnected'>): NewNotification {
  const label = PROVIDER_LABELS[provider];
  return {
    ownerId,
    kind: 'integration_reconnect',
    title: `Connect ${label} again`,
    body: `${label} stopped accepting the connection of ${locationName}, so its reviews are no longer imported and replies are not posted there.`,
    target: notificationTargets.integrations(),
  };
}

const who = (name: string) => name.trim() || 'A customer';
const possessive = (name: string) => (name.trim() ? `${name.trim()}’s` : 'A customer’s');

/** One change the sync found on Google or Facebook (issue 47, item 2), as the bell and the email say it. */
export function siteChangeText(
  change: SiteChange,
  provider: DomainEventOf<'site.changes'>['provider'],
): { kind: NotificationKind; title: string; body: string } {
  const site = PROVIDER_SITES[provider];
  switch (change.kind) {
    case 'reply_vanished':
      return {
        kind: 'reply_vanished',
        title: `Your reply to ${who(change.reviewerName)} is no longer on ${site}`,
        body: `It is kept in ReviewFlow. Open the review to post it on ${site} again.`,
      };
    case 'review_edited':
      return change.from === change.to
        ? {
            kind: 'review_edited',
            title: `${who(change.reviewerName)} edited their review after your reply`,
            body: `Still ${change.to}★ on ${site}. Read what changed.`,
          }
        : {
            kind: 'review_edited',
            title: ratingChangeText(change.from, change.to),
            body: `${who(change.reviewerName)} changed their ${site} review.`,
          };
    case 'review_removed':
      return {
        kind: 'review_removed',
        title: `A ${change.rating}★ ${site} review was removed`,
        body: `${possessive(change.reviewerName)} review is no longer on ${site}${change.answered ? ', and your reply went with it' : ''}.`,
      };
  }
}

/** The bell's lines for what the sync found changed on a site. */
export function siteChangeNotifications({
  ownerId,
  provider,
  changes,
}: DomainEventOf<'site.changes'>): (NewNotification & { body: string; reviewId: number })[] {
  return changes.map((change) => ({
    ownerId,
    ...siteChangeText(change, provider),
    target: notificationTargets.review(change.reviewId),
    reviewId: change.reviewId,
  }));
}
