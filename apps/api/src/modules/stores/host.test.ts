import { describe, expect, it } from 'vitest';
import { parseHost } from './host.ts';

describe('parseHost', () => {
  const d = 'localhost';
  it('gives the marketing face on the main domain, www and IPs', () => {
    expect(parseHost('localhost:3000', '/', d).face).toBe('marketing');
    expect(parseHost('www.localhost', '/', d).face).toBe('marketing');
    expect(parseHost('127.0.0.1:8080', '/', d).face).toBe('marketing');
  });
  it('names a shop from /store/{slug} on the main domain', () => {
    expect(parseHost('localhost:3000', '/store/Chai-Sutra/products', d)).toEqual({
      face: 'storefront',
      via: 'path',
      storeSlug: 'chai-sutra',
    });
  });
  it('gives the back office on admin.', () => {
    expect(parseHost('admin.localhost:3000', '/dashboard', d).face).toBe('backoffice');
  });
  it('names a shop from its subdomain', () => {
    expect(parseHost('chai-sutra.localhost:3000', '/', d)).toEqual({
      face: 'storefront',
      via: 'host',
      storeSlug: 'chai-sutra',
    });
  });
  it('treats any other host as a custom domain', () => {
    expect(parseHost('www.chaisutra.in', '/', 'haat.in')).toEqual({
      face: 'storefront',
      via: 'domain',
      domain: 'www.chaisutra.in',
      storeSlug: null,
    });
  });
});
