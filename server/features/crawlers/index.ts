export { createCrawlerRoutes } from './crawlers.routes';
