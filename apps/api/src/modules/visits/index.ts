/** The visits module's public face: other modules, the app and its plugins import only this (issue 41). */
export { visitDays } from './visits.repository.ts';
export { visitRoutes } from './visits.routes.ts';
