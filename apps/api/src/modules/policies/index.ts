/** The policies module's public face: other modules, the app and its plugins import only this (issue 41). */
export { adminPolicyRoutes, storePolicyRoutes } from './policies.routes.ts';
