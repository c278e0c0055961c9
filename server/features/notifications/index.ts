// In-app and email notifications: the routes and jobs, and what other features record or announce.
export { createNotificationsPublicRoutes, createNotificationsRoutes } from './notifications.routes';
export { createNotificationJobs } from './notifications.jobs';
export { recordNotifications, type NewNotification } from './record-notifications';
export { announceNewReviews } from './announce-reviews';
export { notificationSubscribers } from './notification-subscribers';
/** When a user read their notifications, for the data export. */
export { readAtBy, readMarkOf } from './notifications.repository';
