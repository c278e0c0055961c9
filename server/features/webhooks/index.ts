// Webhooks: the routes and jobs, and what the client's endpoints are told of the domain's events.
export { createWebhooksRoutes } from './webhooks.routes';
export { createWebhookJobHandlers } from './webhooks.jobs';
export { webhookSubscribers } from './webhook-events';
