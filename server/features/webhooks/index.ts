// Webhooks: the routes and jobs, and the events other features emit in their own transaction.
export { createWebhooksRoutes } from './webhooks.routes';
export { createWebhookJobHandlers } from './webhooks.jobs';
export {
  emitRequestCompleted,
  emitReviewsCreated,
  webhookSubscribers,
  type CreatedReview,
} from './webhook-events';
