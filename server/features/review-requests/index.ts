// Review requests: the routes, the service the public API uses, and the sending rules, schedule and timeline
// that delivery and the review page follow.
export { createReviewRequestsRoutes } from './review-requests.routes';
export {
  REQUEST_ACTION_MESSAGES,
  reviewRequestsServiceFor,
  type ReviewRequestsService,
} from './review-requests.service';
export { matchImportedReviewsToContacts } from './contact-policy.repository';
export { requestSubscribers } from './request-subscribers';
export { recordRequestEvents } from './request-events.repository';
export {
  customerTimeZone,
  reminderKey,
  reminderKeyPattern,
  scheduleReminder,
  sendTimeFor,
} from './sending-schedule';
// The sending rules store: delivery follows them, and the auth service reads a new account's defaults.
export {
  createRequestSettingsRepository,
  sendingRules,
  type SendingRules,
} from './request-settings.repository';
