/** The pincode module's public face: other modules, the app and its plugins import only this (issue 41). */
export { pincodeRoutes } from './pincode.routes.ts';
