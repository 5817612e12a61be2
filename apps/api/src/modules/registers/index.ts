/** The registers module's public face (issue 38): other modules, the app and its plugins import only this. */
export { holdCashDrawer } from './cash-drawer.ts';
export { registerRoutes } from './registers.routes.ts';
