import { createSocket } from 'node:dgram';
import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { verifiedVendor } from '../accounts/accounts.test-helpers.ts';

/** A real DNS server in-process: the records a vendor would have created at their provider. */
const records = new Map<string, string>();
const dns = dns2.createServer({
  udp: true,
  handle: (request, send) => {
    const response = dns2.Packet.createResponseFromRequest(request);
    const q = request.questions[0];
    const target = q ? records.get(q.name.toLowerCase()) : undefined;
    if (q && target) {
      const answer = {
        name: q.name,
        type: dns2.Packet.TYPE.CNAME,
        class: dns2.Packet.CLASS.IN,
        ttl: 60,
        domain: target,
      };
      response.answers.push(answer as unknown as (typeof response.answers)[number]);
    }
    send(response);
  },
});

const freeUdpPort = () =>
  new Promise<number>((resolve) => {
    const s = createSocket('udp4');
    s.bind(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

let t: TestApp;
beforeAll(async () => {
  const port = await freeUdpPort();
  await dns.listen({ udp: { port, address: '127.0.0.1' } });
  t = await createTestApp({ DNS_RESOLVER: `127.0.0.1:${port}` });
});
afterAll(async () => {
  await t?.close();
  await dns.close();
});

describe('custom domains (enterprise)', () => {
  it('gives the CNAME to create, refuses to verify until DNS points at the shop, then routes the domain', async () => {
    const { auth } = await verifiedVendor(t, 'ent');
    const headers = { ...auth, host: 'localhost:4000' };
    const [cat] = (await t.app.inject({ url: '/api/store/shop/category/' })).json().data;
    const store = (
      await t.app.inject({
        method: 'POST',
        url: '/api/store/shop/shop/create-store/',
        headers,
        payload: { store_name: 'Sagar Ceramics', store_category_id: cat.id, phone_number: '9812345678' },
      })
    ).json().data;
    await t.app.inject({
      method: 'POST',
      url: '/api/store/create-store-address/',
      headers,
      payload: {
        store_id: store.id,
        address_line_1: '4 MG Road',
        city: 'Khurja',
        state: 'Uttar Pradesh',
        postal_code: '203131',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/store/create-store-plan/',
      headers,
      payload: { store_id: store.id, plan: 'enterprise' },
    });
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/store/create-store-domain/',
      headers,
      payload: { store_id: store.id, domain_name: 'shop.sagarceramics.in', domain_type: 'custom' },
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data.dns_record).toEqual({
      type: 'CNAME',
      name: 'shop.sagarceramics.in',
      value: 'sagar-ceramics.localhost',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/store/create-store-setting/',
      headers,
      payload: { store_id: store.id, online_status: 'PUBLISHED', payment_methods: ['COD'] },
    });

    const early = await t.app.inject({
      method: 'POST',
      url: '/api/store/verify-store-domain/',
      headers,
      payload: { store_id: store.id },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.reason).toBe('DNS_NOT_POINTING');
    expect(
      (await t.app.inject({ url: '/api/store/stores/home/', headers: { host: 'shop.sagarceramics.in' } }))
        .statusCode,
    ).toBe(404);

    records.set('shop.sagarceramics.in', 'sagar-ceramics.localhost');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/store/verify-store-domain/',
      headers,
      payload: { store_id: store.id },
    });
    expect(verified.statusCode).toBe(200);
    const home = await t.app.inject({
      url: '/api/store/stores/home/',
      headers: { host: 'shop.sagarceramics.in' },
    });
    expect(home.statusCode).toBe(200);
    expect(home.json().data.store).toMatchObject({
      store_name: 'Sagar Ceramics',
      store_url: 'http://shop.sagarceramics.in/',
    });
  });

  it('refuses domains of the platform itself and malformed names', async () => {
    const { auth } = await verifiedVendor(t, 'ent2');
    const headers = { ...auth };
    const check = async (domain: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/store/check-domain-available/',
          headers,
          payload: { domain, domain_type: 'custom' },
        })
      ).json().data;
    expect(await check('evil.localhost')).toMatchObject({ status: false, reason: 'RESERVED' });
    expect(await check('not a domain')).toMatchObject({ status: false, reason: 'INVALID' });
    expect(await check('shop.example.in')).toMatchObject({ status: true });
  });
});
