import type { Subscribers } from '../../lib/events';
import { announceFeedbackAnswer } from './announce-feedback-answer';
import { announceNewReviews } from './announce-reviews';
import { announceSiteChanges } from './announce-site-changes';
import { recordNotifications } from './notifications.repository';
import {
  reconnectNotification,
  replyFailedNotification,
  requestFailedNotifications,
} from './notification-texts';

/** What the bell (and the alert emails) say of the events other features emit. */
export const notificationSubscribers: Subscribers = {
  'reviews.created': (tx, { reviews }) => announceNewReviews(tx, reviews),
  'reply.failed': (tx, event) => recordNotifications(tx, [replyFailedNotification(event)]),
  'review_requests.failed': (tx, event) => recordNotifications(tx, requestFailedNotifications(event)),
  'integration.disconnected': (tx, event) => recordNotifications(tx, [reconnectNotification(event)]),
  'site.changes': (tx, event) => announceSiteChanges(tx, event),
  'feedback.answered': (tx, event) => announceFeedbackAnswer(tx, event),
};
