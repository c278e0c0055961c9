// Account settings: the routes, the jobs and the account deletion the admin area also runs.
export { createSettingsRoutes } from './settings.routes';
export { createSettingsJobHandlers } from './settings.jobs';
export { accountDeletionFor, type CancelSubscription, type DeleteAccount } from './settings.service';
