import { describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { staffMember } from '../staff/staff.test-helpers.ts';

/*
 * Order Management's statistics by role (issue 42 item 19): the counts are for everyone who looks up orders, the
 * revenue only for roles with the sales figures (the `money` operation): a Cashier or a Packer gets null.
 */

const { t, shops, vendor } = await demoSuite();

describe('Order Management statistics by role', () => {
  it('gives the owner and a manager the revenue, a cashier and a packer the counts without it', async () => {
    const owner = (await vendor.call('GET', '/api/admin/order/?limit=1')).json().data.order_stats;
    expect(typeof owner.total_revenue).toBe('number');
    expect(owner.total_revenue).toBeGreaterThan(0);
    for (const role of ['MANAGER', 'CASHIER', 'PACKER'] as const) {
      const member = await staffMember(t, vendor, shops.a, role);
      const res = await member.call('GET', '/api/admin/order/?limit=1');
      expect(res.statusCode, res.body).toBe(200);
      const stats = res.json().data.order_stats;
      expect(stats.total_order, role).toBe(owner.total_order);
      expect(stats.total_deliverd, role).toBe(owner.total_deliverd);
      if (role === 'MANAGER') {
        expect(stats.total_revenue).toBe(owner.total_revenue);
      } else {
        expect(stats.total_revenue, role).toBeNull();
        expect(res.body, role).not.toContain(`:${owner.total_revenue}`);
      }
    }
  });
});
