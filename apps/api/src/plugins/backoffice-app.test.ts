import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/* The installable back office (decision 0035): the admin host serves its service worker and web app manifest, never
   cached by the browser, and links the manifest from its pages; a shop's and the marketing site's do neither. */

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'haat-web-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<html><head><title>Build Your Online Store</title><meta name="description" content="x" /><!--haat-head--></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dist, 'sw.js'), WORKER);
  writeFileSync(join(dist, 'app.webmanifest'), MANIFEST);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(() => t?.close());

const WORKER = 'self.addEventListener("fetch", () => {}); // build one\n';
const MANIFEST = JSON.stringify({ name: 'Haat Back Office', start_url: '/dashboard' });
const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

describe('the back office as an installable app', () => {
  it('serves the worker and the manifest on the admin host, asked for anew each time', async () => {
    const sw = await get('admin.localhost:3000', '/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toBe(WORKER);
    expect(sw.headers['content-type']).toContain('text/javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await get('admin.localhost:3000', '/app.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual(JSON.parse(MANIFEST));
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('serves the worker a deploy put in place, without a restart', async () => {
    const next = 'self.addEventListener("fetch", () => {}); // build two\n';
    writeFileSync(join(dist, 'sw.js'), next);
    try {
      expect((await get('admin.localhost:3000', '/sw.js')).body).toBe(next);
    } finally {
      writeFileSync(join(dist, 'sw.js'), WORKER);
    }
  });

  it('links the manifest from the admin host’s pages only', async () => {
    const admin = await get('admin.localhost:3000', '/dashboard');
    expect(admin.body).toContain('<link rel="manifest" href="/app.webmanifest" />');
    expect(admin.body).toContain('<meta name="theme-color" content="#0f172a" />');
    for (const host of ['localhost:3000', 'some-shop.localhost:3000']) {
      const page = await get(host, '/');
      expect(page.statusCode).toBeLessThan(500);
      expect(page.body).not.toContain('rel="manifest"');
      expect(page.body).not.toContain('/sw.js');
    }
  });

  it('answers neither file on a shop’s host or the marketing site: not found', async () => {
    for (const host of ['localhost:3000', 'some-shop.localhost:3000', 'shop.example.in']) {
      for (const url of ['/sw.js', '/app.webmanifest']) {
        const res = await get(host, url);
        expect(res.statusCode, `${host}${url}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
      }
    }
  });
});
