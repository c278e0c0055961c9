// API keys and the public API: what routes/, app.ts and jobs.ts mount.
export { createApiKeysRoutes } from './api-keys.routes';
export { createPublicApiRouter } from './public-api.routes';
export { publicApiServiceFor } from './public-api.service';
