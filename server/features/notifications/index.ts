// In-app and email notifications: the routes and jobs, and what the bell says of the domain's events.
export { createNotificationsPublicRoutes, createNotificationsRoutes } from './notifications.routes';
export { createNotificationJobs } from './notifications.jobs';
export { notificationSubscribers } from './notification-subscribers';
/** When a user read their notifications, for the data export. */
export { readAtBy, readMarkOf } from './notifications.repository';
