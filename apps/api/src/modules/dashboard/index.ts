/** The dashboard module's public face: other modules, the app and its plugins import only this (issue 41). */
export { dashboardRoutes } from './dashboard.routes.ts';
