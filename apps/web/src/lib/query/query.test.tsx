import { hashKey as tanstackHash } from '@tanstack/query-core';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets fresh modules: whether the engine is here is the module's own state (core.ts).
type Lib = typeof import('../query.ts');
let lib: Lib;
beforeEach(async () => {
  vi.resetModules();
  lib = await import('../query.ts');
});

const newClient = () =>
  new lib.AppQueryClient(
    { defaultOptions: { queries: { staleTime: 30_000, retry: false } } },
    { mount: false },
  );

function Show({
  id,
  initial,
  enabled,
}: {
  id: string;
  initial?: () => string | undefined;
  enabled?: boolean;
}) {
  const q = lib.useQuery({
    queryKey: ['thing', { id, shop: 'a' }],
    queryFn: async () => 'fetched',
    initialData: initial,
    initialDataUpdatedAt: 1_000,
    enabled,
  });
  return <i>{`${q.status}/${q.fetchStatus}/${q.isLoading}/${q.data ?? '-'}`}</i>;
}

const render = (client: InstanceType<Lib['AppQueryClient']>, node: React.ReactNode) =>
  renderToString(<lib.QueryClientProvider client={client}>{node}</lib.QueryClientProvider>);

describe('before the engine has loaded', () => {
  it('answers a query from its initial data, handing it out once per key, and marks the others pending', () => {
    const client = newClient();
    const initial = vi.fn(() => 'sent with the page');
    const html = render(
      client,
      <>
        <Show id="1" initial={initial} />
        <Show id="1" initial={initial} />
        <Show id="2" />
        <Show id="3" enabled={false} />
      </>,
    );
    expect(html).toContain(
      'success/idle/false/sent with the page</i><i>success/idle/false/sent with the page',
    );
    expect(html).toContain('pending/fetching/true/-');
    expect(html).toContain('pending/idle/false/-');
    expect(initial).toHaveBeenCalledTimes(1);
    expect(client.real()).toBeNull();
  });

  it('keeps what a mutation callback sets and reads it back', () => {
    const client = newClient();
    client.setQueryData(['cart', 'a'], { lines: 2 });
    expect(client.getQueryData(['cart', 'a'])).toEqual({ lines: 2 });
    client.setQueryData(['cart', 'a'], (old: { lines: number } | undefined) => ({
      lines: (old?.lines ?? 0) + 1,
    }));
    expect(client.getQueryData(['cart', 'a'])).toEqual({ lines: 3 });
  });
});

describe('when the engine arrives', () => {
  it("puts what was handed out into TanStack's cache as of when it was sent, and the hooks go on from it", async () => {
    const client = newClient();
    render(client, <Show id="1" initial={() => 'sent with the page'} />);
    await lib.loadQueryCore();
    const real = client.real();
    const query = real?.getQueryCache().find({ queryKey: ['thing', { shop: 'a', id: '1' }] });
    expect(query?.state.data).toBe('sent with the page');
    expect(query?.state.dataUpdatedAt).toBe(1_000);
    // The same key renders from the cache now, through TanStack's observer; initial data is not asked again.
    const again = vi.fn(() => 'asked again');
    expect(render(client, <Show id="1" initial={again} />)).toContain('/sent with the page');
    expect(again).not.toHaveBeenCalled();
  });

  it('counts what was invalidated before it as stale', async () => {
    const client = newClient();
    client.setQueryData(['cart', 'a'], { lines: 1 });
    await client.invalidateQueries();
    const real = await client.load();
    expect(real.getQueryCache().find({ queryKey: ['cart', 'a'] })?.state.isInvalidated).toBe(true);
    expect(real.getQueryData(['cart', 'a'])).toEqual({ lines: 1 });
  });

  it('runs a mutation started before it, once it is here', async () => {
    const client = newClient();
    const seen: unknown[] = [];
    let mutate: ((v: number) => Promise<unknown>) | undefined;
    function Add() {
      const m = lib.useMutation({ mutationFn: async (n: number) => n * 2, onSuccess: (d) => seen.push(d) });
      mutate = m.mutateAsync;
      return <i>{m.status}</i>;
    }
    expect(render(client, <Add />)).toContain('idle');
    await expect(mutate?.(21)).resolves.toBe(42);
    expect(seen).toEqual([42]);
  });
});

it("hashes keys as TanStack does (objects' keys in any order)", async () => {
  const { hashKey } = await import('./client.ts');
  const key = ['listing', 'shop', { sort: 'price', page: 2, q: { b: 1, a: [1, { d: 1, c: 2 }] } }];
  expect(hashKey(key)).toBe(tanstackHash(key));
  expect(hashKey(['x', { b: 1, a: 2 }])).toBe(hashKey(['x', { a: 2, b: 1 }]));
});
