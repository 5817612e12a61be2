import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { verifiedVendor } from '../accounts/accounts.test-helpers.ts';
import { reverseGeocode } from './geocode.ts';

/** A geocoder on this machine answering like BigDataCloud's reverse-geocode-client. */
let geocoder: Server;
const seen: string[] = [];
let withGeocoder: TestApp;
let without: TestApp;
beforeAll(async () => {
  geocoder = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        city: '',
        locality: 'Indore',
        principalSubdivision: 'Madhya Pradesh',
        countryName: 'India',
        postcode: '452001',
      }),
    );
  });
  await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
  const { port } = geocoder.address() as AddressInfo;
  withGeocoder = await createTestApp({
    GEOCODER_URL: `http://127.0.0.1:${port}/data/reverse-geocode-client`,
  });
  without = await createTestApp();
});
afterAll(async () => {
  await withGeocoder?.close();
  await without?.close();
  await new Promise((r) => geocoder.close(r));
});

describe('GET /api/store/geocode/reverse/', () => {
  it('says so when the geocoder does not answer', async () => {
    const deps = { config: { GEOCODER_URL: 'http://127.0.0.1:9/' } } as unknown as Parameters<
      typeof reverseGeocode
    >[0];
    await expect(reverseGeocode(deps, 22.7, 75.8)).rejects.toThrow('the lookup service did not answer');
  });

  it('turns a point into city, state, country and PIN through the configured geocoder', async () => {
    const v = await verifiedVendor(withGeocoder);
    const res = await v.call('GET', '/api/store/geocode/reverse/?latitude=22.7196&longitude=75.8577');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      city: 'Indore',
      state: 'Madhya Pradesh',
      country: 'India',
      postal_code: '452001',
    });
    expect(seen.at(-1)).toContain('latitude=22.7196');
  });

  it('says clearly when no geocoder is set up, and checks its input and the caller', async () => {
    const v = await verifiedVendor(without);
    const res = await v.call('GET', '/api/store/geocode/reverse/?latitude=22.7&longitude=75.8');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: 'We could not look up your address (address lookup is not set up). Please type it in.',
      error: { reason: 'GEOCODER_UNAVAILABLE' },
    });
    expect((await v.call('GET', '/api/store/geocode/reverse/?latitude=95&longitude=75')).statusCode).toBe(
      400,
    );
    expect(
      (await without.app.inject({ url: '/api/store/geocode/reverse/?latitude=1&longitude=1' })).statusCode,
    ).toBe(401);
  });
});
