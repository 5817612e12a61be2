/** The inventory module's public face: other modules, the app and its plugins import only this (issue 41). */
export { inventoryRoutes } from './inventory.routes.ts';
export { stockFigures } from './inventory.service.ts';
