export { createDashboardRoutes } from './dashboard.routes';
