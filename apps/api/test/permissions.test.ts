import {
  can,
  SHOP_OPERATIONS,
  type ShopOperation,
  type ShopRole,
  STAFF_ROLES,
  type StaffRole,
} from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoVendor } from '../src/modules/accounts/accounts.test-helpers.ts';
import { platformOperator } from '../src/modules/platform/platform.test-helpers.ts';
import { staffMember } from '../src/modules/staff/staff.test-helpers.ts';
import { ROUTE_OPERATIONS } from '../src/plugins/permissions.ts';
import { routeTable } from '../src/plugins/route-table.ts';
import { demoSuite } from './demo-suite.ts';

/*
 * The permission table, generated from the server's own route list: every back-office route has an operation,
 * and every role is refused exactly the operations SHOP_PERMISSIONS does not give it (403 naming the role), for
 * every route, whatever it sends; allowed calls are never refused for the role. The platform operator (role
 * OPERATOR in every shop) is one of the roles: it may read and nothing else (decision 0021).
 */

/** Back-office routes anyone may call: the sign-in and the invite link. */
const PUBLIC = [
  'POST /api/admin/admin-login/',
  'GET /api/admin/staff-invite/',
  'POST /api/admin/staff-invite/accept/',
];

const { t, shops } = await demoSuite();
const staff = {} as Record<StaffRole | 'OPERATOR', Awaited<ReturnType<typeof staffMember>>['call']>;
const ROLES = [...STAFF_ROLES, 'OPERATOR'] as const;

beforeAll(async () => {
  const owner = await demoVendor(t, shops.a);
  for (const role of STAFF_ROLES) staff[role] = (await staffMember(t, owner, shops.a, role)).call;
  const operator = await platformOperator(t);
  staff.OPERATOR = (method, url, payload, slug = shops.a.slug) => operator.call(method, url, payload, slug);
}, 60_000);

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

/** Every operation a route can need, whatever its body says (a status move: each status). */
const operationsOf = (route: string): ShopOperation[] => {
  const rule = ROUTE_OPERATIONS[route];
  if (typeof rule !== 'function') return rule ? [rule] : [];
  const statuses = [undefined, 'PENDING', 'CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'];
  return [
    ...new Set(
      statuses.concat(['RETURNED', 'RTO']).map((status) => rule({ body: { status } } as FastifyRequest)),
    ),
  ];
};

describe('the permission table', () => {
  it('names an operation for every back-office route', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => !(r in ROUTE_OPERATIONS))).toEqual([]);
  });

  it('gives the operator only reads: no route that writes needs an operation the operator may do', () => {
    const writes = Object.keys(ROUTE_OPERATIONS).filter((r) => !r.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(30);
    const readOnly = writes.filter((r) => operationsOf(r).some((op) => can('OPERATOR', op)));
    expect(readOnly, 'write routes mapped to an operation the operator has').toEqual([]);
    // And it is refused the writing operations outright, and settings and staff, which hold payment details.
    for (const op of [
      'refunds',
      'settings',
      'staff',
      'products.edit',
      'orders.manage',
      'orders.fulfil',
      'pos',
    ])
      expect(can('OPERATOR', op as ShopOperation), op).toBe(false);
    expect(Object.keys(SHOP_OPERATIONS).filter((op) => can('OPERATOR', op as ShopOperation))).toEqual([
      'dashboard',
      'products.view',
      'orders.view',
      'money',
      'audit',
    ]);
  });

  it('refuses each role exactly what it may not do, on every route', async () => {
    const wrong: string[] = [];
    let refused = 0;
    for (const route of adminRoutes()) {
      const [method, path] = route.split(' ') as [string, string];
      const op = operationFor(route);
      for (const role of ROLES) {
        const res = await staff[role](
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
        if (forbidden)
          expect(res.json().message).toContain(
            role === 'OPERATOR'
              ? "The platform operator can only look at a shop's back office"
              : role.charAt(0) + role.slice(1).toLowerCase(),
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(refused).toBeGreaterThan(50);
  }, 180_000);
});
