export {
  createWidgetPublicRoutes,
  createWidgetRoutes,
  createWidgetWallRoutes,
  openToEveryOrigin,
} from './widget.routes';
