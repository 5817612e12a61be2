/**
 * Helpers for the component tests (`*.dom.test.tsx`, happy-dom): the app's router at an address, the real
 * Tailwind rules for the classes on screen (so a test can ask what shows at 360 px and what at 1366 px), and a
 * query client per test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { HostInfo } from '@haat/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { compile } from 'tailwindcss';
import { afterEach, beforeEach, vi } from 'vitest';
import { HostProvider } from '../app/host.tsx';
import * as queryEngine from '../lib/query/engine.ts';
import { AppQueryClient, installQueryCore, QueryClientProvider } from '../lib/query.ts';
import { BrowserRouter } from '../lib/router.tsx';
import { SelectedShopProvider } from '../lib/selected-shop.tsx';
import { SessionProvider } from '../lib/session/session-context.tsx';
import { SESSION_KEY } from '../lib/session/session-storage.ts';

installQueryCore(queryEngine);

// happy-dom leaves out two properties browsers have: a select's `size` and an option's `defaultSelected`. Without
// them react-hook-form takes every registered select for one the person already changed and keeps its first option
// instead of the form's default value (a BANK expense opened as CASH), which no browser does.
for (const [proto, name, get] of [
  [HTMLSelectElement.prototype, 'size', (el: Element) => Number(el.getAttribute('size') ?? 0)],
  [HTMLOptionElement.prototype, 'defaultSelected', (el: Element) => el.hasAttribute('selected')],
] as const)
  if (!(name in proto))
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: Element) {
        return get(this);
      },
    });

const require = createRequire(import.meta.url);
const tailwindDir = dirname(require.resolve('tailwindcss/package.json'));

/** Renders `ui` in the app's BrowserRouter at `url` (path and query), with a fresh query client. */
export function renderAt(url: string, ui: ReactNode) {
  window.history.replaceState(null, '', url);
  const client = new AppQueryClient({ defaultOptions: { queries: { retry: false } } }, { mount: false });
  return render(
    <QueryClientProvider client={client}>
      <BrowserRouter>{ui}</BrowserRouter>
    </QueryClientProvider>,
  );
}

/** The address the app is at now: its query as an object. */
export const searchNow = () => Object.fromEntries(new URLSearchParams(window.location.search));

/**
 * Sets the viewport's width and puts Tailwind's own rules for every class on the page into the document
 * (compiled by Tailwind from its theme and utilities), so getComputedStyle answers as a browser would.
 */
export async function styleAt(width: number) {
  (
    window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height: 900,
  });
  const classes = new Set<string>();
  for (const el of document.querySelectorAll('[class]'))
    for (const c of (el.getAttribute('class') ?? '').split(/\s+/)) if (c) classes.add(c);
  const compiler = await compile('@import "tailwindcss/theme.css"; @import "tailwindcss/utilities.css";', {
    base: tailwindDir,
    loadStylesheet: async (id: string) => {
      const path = `${tailwindDir}/${id.replace(/^tailwindcss\//, '')}`;
      return { content: readFileSync(path, 'utf8'), base: tailwindDir, path };
    },
  });
  document.getElementById('tailwind')?.remove();
  const style = document.createElement('style');
  style.id = 'tailwind';
  style.textContent = compiler.build([...classes]);
  document.head.append(style);
}

/** Whether `el` is displayed: neither it nor an ancestor has display: none. */
export function isDisplayed(el: Element | null): boolean {
  for (let node = el; node; node = node.parentElement)
    if (window.getComputedStyle(node).display === 'none') return false;
  return !!el;
}

/** One request the app made to the fake API: method, path (no query) and parsed JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The API as the tests see it: `routes` answers by "METHOD /path" with data (sent in the `{ success, data }`
 * envelope), or with `[status, envelope]`; anything else answers an empty list. Every request is recorded.
 * This stands in for the network only: the screens, forms and schemas under test are the real ones.
 */
export function fakeApi(routes: Record<string, unknown | ((body: unknown) => unknown)>) {
  const sent: SentRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? (route as (b: unknown) => unknown)(body) : route;
    const [status, envelope] =
      Array.isArray(answer) && typeof answer[0] === 'number' && answer.length === 2
        ? (answer as [number, unknown])
        : [200, { success: true, data: answer ?? [] }];
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return sent;
}

export const TEST_SHOP = {
  id: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  slug: 'chai-corner',
  store_name: 'Chai Corner',
};

/** TEST_SHOP's storefront, reached on its own host or under /store/{slug} on the main domain. */
export const shopHost = (via: 'host' | 'path' = 'host'): HostInfo => ({
  face: 'storefront',
  storeSlug: TEST_SHOP.slug,
  via,
  platformDomain: 'haat.test',
  store: null,
  storeStatus: 'PUBLISHED',
});

/** Saves a sign-in of a customer of TEST_SHOP (Kavya Menon), as the app keeps it: a shopper's pages see them. */
export function saveShopperSession(extra: { guest?: boolean } = {}) {
  window.localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({
      accessToken: 'test-token',
      refreshToken: 'test-refresh',
      expiresAt: Date.now() + 15 * 60_000,
      role_type: 'CUSTOMER',
      firstName: 'Kavya',
      lastName: 'Menon',
      userId: '0b7e3f1a-2c4d-4e6f-8a1b-3c5d7e9f1a2b',
      email: 'kavya@example.in',
      storeId: TEST_SHOP.id,
      storeSlug: TEST_SHOP.slug,
      stores: [],
      // Remembered: an unremembered one needs the browser-session cookie.
      remember: true,
      ...extra,
    }),
  );
}

/** Renders `ui` in the back office as the owner of TEST_SHOP (a saved sign-in), at `url`. */
export function renderInBackOffice(ui: ReactNode, url = '/') {
  window.localStorage.setItem(
    SESSION_KEY,
    JSON.stringify({
      accessToken: 'test-token',
      refreshToken: 'test-refresh',
      expiresAt: Date.now() + 15 * 60_000,
      role_type: 'VENDOR',
      firstName: 'Asha',
      lastName: 'Rao',
      userId: '0b7e3f1a-2c4d-4e6f-8a1b-3c5d7e9f1a2b',
      email: 'asha@example.in',
      storeId: null,
      storeSlug: null,
      stores: [{ ...TEST_SHOP, online_status: 'PUBLISHED' }],
      remember: true,
    }),
  );
  const host: HostInfo = {
    face: 'backoffice',
    storeSlug: null,
    via: null,
    platformDomain: 'haat.test',
    store: null,
    storeStatus: null,
  };
  return renderAt(
    url,
    <HostProvider initial={host} fallback={() => null}>
      <SessionProvider>
        <SelectedShopProvider>{ui}</SelectedShopProvider>
      </SessionProvider>
    </HostProvider>,
  );
}

/**
 * The names of the files a component hands to the browser (a download link's click), collected afresh for each
 * test; the page itself stays where it is. At the top of a test file: `const saved = capturedDownloads();`.
 */
export function capturedDownloads() {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    URL.createObjectURL = () => 'blob:download';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return saved;
}
