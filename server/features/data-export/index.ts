export { createDataExportRoutes } from './data-export.routes';
