export { mediaApiRoutes, mediaSiteRoutes } from './media.routes.ts';
