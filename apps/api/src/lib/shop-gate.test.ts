import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { shopGate } from './shop-gate.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('shopGate', () => {
  it("runs a shop's calls at most `limit` at once, the rest in order as slots free, other shops untouched", async () => {
    const gate = shopGate({ limit: 2, queue: 10, waitMs: 60_000, what: 'orders' });
    const started: number[] = [];
    const holds = [deferred(), deferred(), deferred(), deferred()];
    const calls = holds.map((h, i) =>
      gate.run('shop-a', async () => {
        started.push(i);
        await h.promise;
        return i;
      }),
    );
    const other = await gate.run('shop-b', async () => 'b');
    expect(other).toBe('b');
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.state('shop-a')).toEqual({ active: 2, waiting: 2 });
    holds[1]?.resolve();
    await calls[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const h of holds) h.resolve();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3]);
    expect(gate.state('shop-a')).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses with 429 and Retry-After when the queue is full, and frees the slot of a call that fails', async () => {
    const gate = shopGate({ limit: 1, queue: 1, waitMs: 60_000, what: 'orders' });
    const hold = deferred();
    const first = gate.run('shop-a', () => hold.promise);
    const second = gate.run('shop-a', async () => {
      throw new Error('no stock');
    });
    const refused = await gate.run('shop-a', async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(429);
    expect((refused as AppError).retryAfter).toBe(1);
    hold.resolve();
    await first;
    await expect(second).rejects.toThrow('no stock');
    expect(gate.state('shop-a')).toEqual({ active: 0, waiting: 0 });
  });
});
