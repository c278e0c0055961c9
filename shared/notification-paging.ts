/**
 * The bell's page sizes. Their own module, free of zod, so the app's shell pages notifications without loading
 * the schemas (issue 13); shared/schemas/notifications.ts re-exports them.
 */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;
