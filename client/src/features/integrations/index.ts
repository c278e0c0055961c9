// The integrations feature's public face: what other features may use (issue 15's import rule).
export { IntegrationsPanel } from './components/integrations-panel';
export { hasConnection, needingReconnect, useIntegrations } from './api/get-integrations';
export { IMPORT_TEXTS, useImportReviews } from './api/import-reviews';
