import { notificationSubscribers } from './features/notifications';
import { webhookSubscribers } from './features/webhooks';
import type { Subscribers } from './lib/events';

/** Who reacts to what happened, in this order: the client's webhooks, then the bell. */
export const domainSubscribers: Subscribers[] = [webhookSubscribers, notificationSubscribers];
