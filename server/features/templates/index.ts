export { createTemplatesRoutes } from './templates.routes';
