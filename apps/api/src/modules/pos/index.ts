/** The pos module's public face: other modules, the app and its plugins import only this (issue 41). */
export { posRoutes } from './pos.routes.ts';
