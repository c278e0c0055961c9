export { createDashboardRoutes } from './dashboard.routes';
export { createDashboardTasks } from './dashboard.jobs';
