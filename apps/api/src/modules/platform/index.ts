/** The platform module's public face: other modules, the app and its plugins import only this (issue 41). */
export { platformRoutes } from './platform.routes.ts';
