/** The staff module's public face: other modules, the app and its plugins import only this (issue 41). */
export { staffRoutes } from './staff.routes.ts';
export { requireShopFor } from './staff.service.ts';
