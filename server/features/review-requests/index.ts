// Review requests: the routes, the service the public API uses, and the sending rules and timeline delivery
// and the review page share.
export { createReviewRequestsRoutes } from './review-requests.routes';
export {
  REQUEST_ACTION_MESSAGES,
  reviewRequestsServiceFor,
  type ReviewRequestsService,
} from './review-requests.service';
export { matchImportedReviewsToContacts } from './contact-policy.repository';
export { requestSubscribers } from './request-subscribers';
export { recordRequestEvents } from './request-events';
export { reminderKeyPattern } from './sending-schedule';
// The sending rules store, for app.ts (the auth service reads a new account's defaults through it).
export { createRequestSettingsRepository } from './request-settings.repository';
