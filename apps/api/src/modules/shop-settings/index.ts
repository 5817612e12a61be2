/** The shop-settings module's public face: other modules, the app and its plugins import only this (issue 41). */
export { shopSettingsRoutes } from './shop-settings.routes.ts';
