// The integrations feature's public face: what other features may use (issue 15's import rule).
/** The Settings tab's panel, loaded with its tab: the Reviews page needs only the hooks below. */
export const loadIntegrationsPanel = () => import('./components/integrations-panel');
export { hasConnection, needingReconnect, useIntegrations } from './api/get-integrations';
export { IMPORT_TEXTS, useImportReviews } from './api/import-reviews';
