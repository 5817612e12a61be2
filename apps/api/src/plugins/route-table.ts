import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
  /** The route's declared schemas (zod: params, querystring, headers, body, response by status). */
  schema?: FastifySchema;
}

const tables = new WeakMap<object, RouteEntry[]>();

/**
 * Records every route as it is registered (Fastify's onRoute hook), so tests can go over the server's own route
 * table and a new route cannot be left out of them. Call before any route is registered.
 */
export function recordRoutes(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) table.push({ method, url: route.url, schema: route.schema });
  });
}

/** The routes an app registered, in registration order. */
export const routeTable = (app: FastifyInstance): readonly RouteEntry[] => tables.get(app) ?? [];
