/**
 * What a user reads when a failure carries no message of its own: one text for the app's toasts and the
 * public review page alike. A module of its own so the public page's bundle takes nothing else with it.
 */
export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';
