export { createLocationsRoutes } from './locations.routes';
