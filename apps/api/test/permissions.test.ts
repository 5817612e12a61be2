import { can, type ShopRole, STAFF_ROLES, type StaffRole } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVendor } from '../src/modules/accounts/accounts.test-helpers.ts';
import { staffMember } from '../src/modules/staff/staff.test-helpers.ts';
import { ROUTE_OPERATIONS } from '../src/plugins/permissions.ts';
import { routeTable } from '../src/plugins/route-table.ts';
import { createTestApp, demoShops, type TestApp } from './harness.ts';

/*
 * The permission table, generated from the server's own route list: every back-office route has an operation,
 * and every role is refused exactly the operations SHOP_PERMISSIONS does not give it (403 naming the role), for
 * every route, whatever it sends; allowed calls are never refused for the role.
 */

/** Back-office routes anyone may call: the sign-in and the invite link. */
const PUBLIC = [
  'POST /api/admin/admin-login/',
  'GET /api/admin/staff-invite/',
  'POST /api/admin/staff-invite/accept/',
];

let t: TestApp;
let shops: Awaited<ReturnType<typeof demoShops>>;
const staff = {} as Record<StaffRole, Awaited<ReturnType<typeof staffMember>>>;

beforeAll(async () => {
  t = await createTestApp();
  shops = await demoShops(t.owner);
  const owner = await demoVendor(t, shops.a);
  for (const role of STAFF_ROLES) staff[role] = await staffMember(t, owner, shops.a, role);
}, 60_000);
afterAll(() => t?.close());

const adminRoutes = () =>
  routeTable(t.app)
    .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`)
    .filter((r) => !PUBLIC.includes(r));

/** The operation a call with an empty body needs (a status move without a status counts as a cancel). */
const operationFor = (route: string) => {
  const rule = ROUTE_OPERATIONS[route];
  return typeof rule === 'function' ? rule({ body: {} } as FastifyRequest) : rule;
};

describe('the permission table', () => {
  it('names an operation for every back-office route', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !(r in ROUTE_OPERATIONS))).toEqual([]);
  });

  it('refuses each role exactly what it may not do, on every route', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of adminRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const op = operationFor(route);
      for (const role of STAFF_ROLES) {
        const res = await staff[role].call(
          method as 'GET',
          path.replace(/:(id|kind)\b/, '00000000-0000-4000-8000-000000000000'),
          ['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined,
        );
        const forbidden = res.statusCode === 403 && res.json().error?.reason === 'ROLE_FORBIDDEN';
        const allowed = op ? can(role as ShopRole, op) : false;
        if (forbidden) refused++;
        if (forbidden === allowed || res.statusCode >= 500) {
          wrong.push(`${route} as ${role}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        if (forbidden) expect(res.json().message).toContain(role.charAt(0) + role.slice(1).toLowerCase());
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(50);
  }, 120_000);
});
