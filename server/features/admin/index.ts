// The admin area's public face (docs/conventions.md, "A feature is a sealed module").
export { createAdminRoutes, createPlansRoutes } from './admin.routes';
export { auditSubscribers } from './audit-subscribers';
