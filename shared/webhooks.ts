// The outgoing webhooks' words, without zod (the schemas are in shared/schemas/api-access.ts, which exports
// these too).

export const WEBHOOK_EVENTS = ['review.created', 'review.responded', 'review_request.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "Send test event" only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'review.created': 'A new review arrives (review page, Google or Facebook import)',
  'review.responded': 'A reply to a review is saved',
  'review_request.completed': 'A customer who was sent a request leaves their review',
};

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The header with the signature, in Stripe's form: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Reviewflow-Signature';
