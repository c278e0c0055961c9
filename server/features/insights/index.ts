export { createInsightsRoutes } from './insights.routes';
