import { schema, withStore } from '@haat/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer } from '../accounts/accounts.test-helpers.ts';

const { t, shops, vendor } = await demoSuite();
let vendorB: Awaited<ReturnType<typeof demoVendor>>;
let ownerId: string;
let couponId: string;
const code = `AUDIT${Date.now() % 100000}`;
const coupon = (value: number) => ({
  code,
  kind: 'PERCENT',
  value,
  min_order: 0,
  starts_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2030-01-01T00:00:00.000Z',
  active: true,
});

beforeAll(async () => {
  vendorB = await demoVendor(t, shops.b);
  const [s] = await t.owner.select().from(schema.stores).where(eq(schema.stores.id, shops.a.id));
  ownerId = s?.ownerId ?? '';
  couponId = (await vendor.call('POST', '/api/admin/coupon/', coupon(10))).json().data.id;
  await vendor.call('PUT', `/api/admin/coupon/${couponId}/`, coupon(15));
});

const URL = '/api/admin/audit-trail/';
const istToday = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

describe('the audit trail', () => {
  it('lists the changes newest first, with who, when and the values before and after', async () => {
    const res = await vendor.call('GET', `${URL}?entity=COUPON&search=${code}`);
    expect(res.statusCode).toBe(200);
    const { results, count, count_capped } = res.json().data;
    expect(count).toBe(2);
    expect(count_capped).toBe(false);
    expect(results.map((r: { action: string }) => r.action)).toEqual(['UPDATE', 'CREATE']);
    expect(results[0]).toMatchObject({
      entity: 'COUPON',
      entity_id: couponId,
      actor_id: ownerId,
      before: { value: 10 },
      after: { value: 15 },
    });
    expect(results[0].actor_name).not.toBe('System');
    expect(Date.now() - Date.parse(results[0].created_at)).toBeLessThan(120_000);
  });

  it("reads one thing's changes (the product's History tab and the order page use it)", async () => {
    const res = await vendor.call('GET', `${URL}?entity_id=${couponId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.results as { entity_id: string; action: string }[];
    expect(rows.map((r) => [r.entity_id, r.action])).toEqual([
      [couponId, 'UPDATE'],
      [couponId, 'CREATE'],
    ]);
    const other = await vendorB.call('GET', `${URL}?entity_id=${couponId}`);
    expect(other.json().data.results).toEqual([]);
    const bad = await vendor.call('GET', `${URL}?entity_id=coupon-1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('entity_id');
  });

  it('filters by person, action and IST date range, and pages on the server', async () => {
    const day = istToday();
    const mine = (await vendor.call('GET', `${URL}?actor_id=${ownerId}&from=${day}&to=${day}&limit=1`)).json()
      .data;
    expect(mine.results).toHaveLength(1);
    expect(mine.count).toBeGreaterThanOrEqual(3);
    const second = (
      await vendor.call('GET', `${URL}?actor_id=${ownerId}&from=${day}&to=${day}&limit=1&offset=1`)
    ).json().data;
    expect(second.results[0].id).not.toBe(mine.results[0].id);
    expect(second.count).toBe(mine.count);
    const created = (await vendor.call('GET', `${URL}?action=CREATE&search=${code}`)).json().data;
    expect(created.results.map((r: { action: string }) => r.action)).toEqual(['CREATE']);
    const before = (await vendor.call('GET', `${URL}?to=2020-01-01&search=${code}`)).json().data;
    expect(before).toMatchObject({ results: [], count: 0 });
  });

  it('records a sign-in to the back office in the shop', async () => {
    const res = await vendor.call('GET', `${URL}?entity=SIGN_IN&actor_id=${ownerId}`);
    expect(res.json().data.results[0]).toMatchObject({ action: 'SIGN_IN', actor_id: ownerId });
  });

  it('leaves out sign-ins and rows where nothing changed when asked (sign_ins=hide, unchanged=hide)', async () => {
    const same = `no-op probe ${Date.now()}`;
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.insert(schema.auditEvents).values([
        {
          storeId: shops.a.id,
          entity: 'SETTINGS',
          action: 'UPDATE',
          summary: same,
          before: { a: 1 },
          after: { a: 1 },
        },
        {
          storeId: shops.a.id,
          entity: 'SETTINGS',
          action: 'UPDATE',
          summary: `${same} real`,
          before: { a: 1 },
          after: { a: 2 },
        },
      ]),
    );
    const all = (await vendor.call('GET', `${URL}?search=${encodeURIComponent(same)}`)).json().data;
    expect(all.count).toBe(2);
    const changed = (
      await vendor.call('GET', `${URL}?search=${encodeURIComponent(same)}&unchanged=hide`)
    ).json().data;
    expect(changed.results.map((r: { summary: string }) => r.summary)).toEqual([`${same} real`]);
    expect(changed.count).toBe(1);

    const withSignIns = (await vendor.call('GET', `${URL}?actor_id=${ownerId}&limit=100`)).json().data;
    expect(withSignIns.results.some((r: { entity: string }) => r.entity === 'SIGN_IN')).toBe(true);
    const hidden = (await vendor.call('GET', `${URL}?actor_id=${ownerId}&limit=100&sign_ins=hide`)).json()
      .data;
    expect(hidden.results.length).toBeGreaterThan(0);
    expect(hidden.results.some((r: { entity: string }) => r.entity === 'SIGN_IN')).toBe(false);
    expect(hidden.count).toBeLessThan(withSignIns.count);
    const bad = await vendor.call('GET', `${URL}?sign_ins=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('sign_ins');
  });

  it('lists the people of the trail and exports the filtered rows as CSV', async () => {
    const people = (await vendor.call('GET', `${URL}people/`)).json().data;
    expect(people.map((p: { id: string }) => p.id)).toContain(ownerId);
    const csv = await vendor.call('GET', `${URL}export.csv?entity=COUPON&search=${code}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`${shops.a.slug}-audit-trail-`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('created_at,person,kind,action,summary,entity_id,before,after');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('UPDATE');
    expect(lines[1]).toContain('""value"":15');
  });

  it('refuses bad filters naming the field', async () => {
    for (const [query, field] of [
      ['entity=NOPE', 'entity'],
      ['action=burn', 'action'],
      ['actor_id=12', 'actor_id'],
      ['from=2026-13-01', 'from'],
      ['from=2026-02-02&to=2026-02-01', 'to'],
      ['limit=500', 'limit'],
    ] as const) {
      const res = await vendor.call('GET', `${URL}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().success).toBe(false);
      expect(JSON.stringify(res.json().error.issues), query).toContain(field);
    }
    const csv = await vendor.call('GET', `${URL}export.csv?entity=NOPE`);
    expect(csv.statusCode).toBe(400);
  });

  it('needs a sign-in and the shop’s vendor; another shop answers 404', async () => {
    for (const url of [URL, `${URL}people/`, `${URL}export.csv`]) {
      const anon = await t.app.inject({ url, headers: { 'store-origin': shops.a.slug } });
      expect(anon.statusCode, url).toBe(401);
      const customer = await verifiedCustomer(t, shops.a.slug);
      expect((await customer.call('GET', url)).statusCode, url).toBe(403);
      expect((await vendor.call('GET', url, undefined, shops.b.slug)).statusCode, url).toBe(404);
    }
  });

  it('shows each shop only its own rows', async () => {
    const theirs = (await vendorB.call('GET', `${URL}?search=${code}&limit=100`)).json().data;
    expect(theirs).toMatchObject({ results: [], count: 0 });
    const byId = (await vendorB.call('GET', `${URL}?search=${couponId}`)).json().data;
    expect(byId.count).toBe(0);
  });

  it('is append-only for the application: it can add and read rows, never change or delete them', async () => {
    const app = t.appDb;
    await withStore(app, shops.a.id, (tx) =>
      tx.insert(schema.auditEvents).values({
        storeId: shops.a.id,
        entity: 'SETTINGS',
        action: 'UPDATE',
        summary: 'append-only probe',
      }),
    );
    const probe = eq(schema.auditEvents.summary, 'append-only probe');
    const refusal = (job: Promise<unknown>) =>
      job.then(
        () => 'allowed',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(
      await refusal(
        withStore(app, shops.a.id, (tx) =>
          tx.update(schema.auditEvents).set({ summary: 'rewritten' }).where(probe),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await refusal(withStore(app, shops.a.id, (tx) => tx.delete(schema.auditEvents).where(probe))),
    ).toMatch(/permission denied/);
    const rows = await withStore(app, shops.a.id, (tx) => tx.select().from(schema.auditEvents).where(probe));
    expect(rows).toHaveLength(1);
  });

  it('counts at most 1,000 matches and says so, so a huge trail answers at once', async () => {
    await withStore(t.owner, shops.a.id, (tx) =>
      tx.execute(sql`insert into audit_events (store_id, entity, action, summary)
                     select ${shops.a.id}::uuid, 'IMPORT', 'IMPORT', 'cap probe ' || g from generate_series(1, 1001) g`),
    );
    const page = (await vendor.call('GET', `${URL}?search=cap%20probe&limit=100&offset=900`)).json().data;
    expect(page).toMatchObject({ count: 1000, count_capped: true });
    expect(page.results).toHaveLength(100);
    expect(page.results[0].actor_name).toBe('System');
  });
});
