/** The media module's public face: other modules, the app and its plugins import only this (issue 41). */
export { mediaRoutes } from './media.routes.ts';
export { uploadRoutes } from './uploads.routes.ts';
