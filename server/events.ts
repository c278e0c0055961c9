import { auditSubscribers } from './features/admin';
import { feedbackSubscribers } from './features/feedback-cases';
import { notificationSubscribers } from './features/notifications';
import { pushSubscribers } from './features/push';
import { requestSubscribers } from './features/review-requests';
import { webhookSubscribers } from './features/webhooks';
import type { Subscribers } from './lib/events';

/**
 * Who reacts to what happened, in this order: the client's webhooks, the bell and alerts, pushes to phones,
 * the review requests' policy, feedback cases, the audit log.
 */
export const domainSubscribers: Subscribers[] = [
  webhookSubscribers,
  notificationSubscribers,
  pushSubscribers,
  requestSubscribers,
  feedbackSubscribers,
  auditSubscribers,
];
