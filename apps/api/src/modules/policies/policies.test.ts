import { POLICY_KINDS, type ShopPolicy } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { demoVendor, verifiedCustomer, verifiedVendor } from '../accounts/accounts.test-helpers.ts';

/** Issue 17 #9: every shop has Privacy, Terms, Refund, Shipping and Returns pages, editable in Settings. */
const { t, shops } = await demoSuite();
let storeName: string;
beforeAll(async () => {
  const [row] = await t.owner.select().from(schema.stores).where(eq(schema.stores.id, shops.a.id));
  storeName = row?.storeName ?? '';
});

const read = (slug: string, kind: string) =>
  t.app.inject({ url: `/api/store/store-policy/${kind}/`, headers: { 'store-origin': slug } });
const policyRows = (storeId: string) =>
  withStore(t.deps.db, storeId, (tx) => tx.select().from(schema.storePolicies));
const OWN =
  'Refunds reach you within 3 working days.\n\n- UPI refunds the same day.\n- Cash orders by bank transfer.';

describe('GET store-policy/{kind}/ (shoppers)', () => {
  it('answers every kind from the template, filled with the shop name and contacts', async () => {
    for (const kind of POLICY_KINDS) {
      const res = await read(shops.a.slug, kind);
      expect(res.statusCode, kind).toBe(200);
      const p = res.json().data as ShopPolicy;
      expect(p).toMatchObject({ kind, is_template: true, updated_at: null });
      expect(p.body).toContain(storeName);
      expect(p.body).not.toMatch(/<[a-z]/i);
    }
    const privacy = (await read(shops.a.slug, 'privacy')).json().data as ShopPolicy;
    expect(privacy.title).toBe('Privacy Policy');
    expect(privacy.body).toMatch(/\+91 \d{5} \d{5}/);
  });

  it('refuses an unknown kind naming it, an unknown shop, and a closed one', async () => {
    const bad = await read(shops.a.slug, 'cookies');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('kind');
    expect((await read('no-such-shop-here', 'terms')).statusCode).toBe(404);
    expect((await read(shops.byStatus('SUSPENDED').slug, 'terms')).statusCode).toBe(403);
  });
});

describe('store-setting/policies/ (the vendor in Settings)', () => {
  it('lists the five pages, saves the refund policy that shoppers then read, and resets it to the template', async () => {
    const vendor = await demoVendor(t, shops.a);
    const list = await vendor.call('GET', '/api/admin/store-setting/policies/');
    expect(list.statusCode).toBe(200);
    expect((list.json().data as ShopPolicy[]).map((p) => p.kind)).toEqual([...POLICY_KINDS]);

    const saved = await vendor.call('PUT', '/api/admin/store-setting/policies/refund/', {
      body: `  ${OWN}  `,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ kind: 'refund', body: OWN, is_template: false });
    expect((await read(shops.a.slug, 'refund')).json().data).toMatchObject({ body: OWN, is_template: false });
    // Other pages and other shops are untouched.
    expect((await read(shops.a.slug, 'terms')).json().data.is_template).toBe(true);
    expect((await read(shops.b.slug, 'refund')).json().data.is_template).toBe(true);
    const audit = await withStore(t.deps.db, shops.a.id, (tx) =>
      tx
        .select()
        .from(schema.auditEvents)
        .where(
          and(eq(schema.auditEvents.entity, 'SETTINGS'), eq(schema.auditEvents.entityId, 'policy:refund')),
        ),
    );
    expect(audit.map((a) => a.summary)).toContain('Changed the Refund Policy');

    const reset = await vendor.call('DELETE', '/api/admin/store-setting/policies/refund/');
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ kind: 'refund', is_template: true, updated_at: null });
    expect((await read(shops.a.slug, 'refund')).json().data.body).toContain(storeName);
    expect((await policyRows(shops.a.id)).filter((r) => r.kind === 'refund')).toEqual([]);
  });

  it('refuses empty text, HTML, text over 20,000 characters and a wrong kind, naming the field; nothing is saved', async () => {
    const vendor = await demoVendor(t, shops.a);
    const put = (body: unknown, kind = 'terms') =>
      vendor.call('PUT', `/api/admin/store-setting/policies/${kind}/`, body as object);
    for (const [body, words] of [
      [{ body: '   ' }, 'Policy text is required'],
      [{ body: 'Hello <script>alert(1)</script>' }, 'HTML tags'],
      [{ body: 'x'.repeat(20_001) }, 'at most 20,000'],
      [{}, 'Policy text is required'],
      [{ body: 'Fine', extra: 1 }, 'extra'],
    ] as const) {
      const res = await put(body);
      expect(res.statusCode, words).toBe(400);
      expect(JSON.stringify(res.json()), words).toContain(words);
      expect(JSON.stringify(res.json().issues ?? res.json()), words).toMatch(/body|extra/);
    }
    expect((await put({ body: 'Fine' }, 'cookies')).statusCode).toBe(400);
    expect((await policyRows(shops.a.id)).filter((r) => r.kind === 'terms')).toEqual([]);
  });

  it('needs the shop’s vendor: 401 without a token, 403 for a customer, 404 for another vendor; nothing changes', async () => {
    const url = '/api/admin/store-setting/policies/privacy/';
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          headers: { 'store-origin': shops.a.slug },
          payload: { body: 'Hijacked' },
        })
      ).statusCode,
    ).toBe(401);
    const shopper = await verifiedCustomer(t, shops.a.slug);
    expect((await shopper.call('PUT', url, { body: 'Hijacked' })).statusCode).toBe(403);
    expect((await shopper.call('GET', '/api/admin/store-setting/policies/')).statusCode).toBe(403);
    const stranger = await verifiedVendor(t, 'policy');
    for (const [method, payload] of [
      ['PUT', { body: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await stranger.call(method as 'PUT', url, payload, { 'store-origin': shops.a.slug });
      expect(res.statusCode, method).toBe(404);
    }
    // Shop B's vendor naming shop A in store-origin is refused too.
    const vendorB = await demoVendor(t, shops.b);
    expect((await vendorB.call('PUT', url, { body: 'Hijacked' }, shops.a.slug)).statusCode).toBe(404);
    expect((await policyRows(shops.a.id)).filter((r) => r.kind === 'privacy')).toEqual([]);
    expect((await read(shops.a.slug, 'privacy')).json().data.body).not.toContain('Hijacked');
  });
});
