import { schema, withStore } from '@haat/db';
import { demoShopsExist } from '@haat/db/seed';
import { and, eq, gt, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoShops, type TestApp } from '../test/harness.ts';
import { keepDemoCurrent } from './demo-upkeep.ts';

/*
 * A later start of the embedded demo (issue 18's cold start): the server answers first, and the demo seed brings
 * the existing shops up to date afterwards, letting requests in between shops.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;

function recordingLog() {
  const info: { obj: object; msg?: string }[] = [];
  const error: { obj: object; msg?: string }[] = [];
  return {
    info,
    error,
    log: {
      info: (obj: object, msg?: string) => void info.push({ obj, msg }),
      error: (obj: object, msg?: string) => void error.push({ obj, msg }),
    },
  };
}

describe('keeping the demo current after the server answers', () => {
  it('knows when every demo shop exists, and when one is missing', async () => {
    expect(await demoShopsExist(t.owner)).toBe(true);
    const { a } = await demoShops(t.owner);
    await t.owner
      .update(schema.stores)
      .set({ slug: `${a.slug}-gone` })
      .where(eq(schema.stores.id, a.id));
    try {
      expect(await demoShopsExist(t.owner)).toBe(false);
    } finally {
      await t.owner.update(schema.stores).set({ slug: a.slug }).where(eq(schema.stores.id, a.id));
    }
    expect(await demoShopsExist(t.owner)).toBe(true);
  });

  it('moves a deal that ran out back to live, creates nothing, and lets the event loop turn between shops', async () => {
    const { a, open } = await demoShops(t.owner);
    const now = Date.now();
    // A live deal of the shop, moved ten days into the past: as if the demo had not been started for ten days.
    const expired = await withStore(t.owner, a.id, async (tx) => {
      const [live] = await tx
        .select({ id: schema.deals.id, startsAt: schema.deals.startsAt, endsAt: schema.deals.endsAt })
        .from(schema.deals)
        .where(
          and(
            eq(schema.deals.storeId, a.id),
            lte(schema.deals.startsAt, new Date(now)),
            gt(schema.deals.endsAt, new Date(now)),
          ),
        )
        .limit(1);
      if (!live) throw new Error('the demo shop has no live deal');
      const back = (d: Date) => new Date(d.getTime() - 10 * DAY - (live.endsAt.getTime() - now));
      await tx
        .update(schema.deals)
        .set({ startsAt: back(live.startsAt), endsAt: back(live.endsAt) })
        .where(and(eq(schema.deals.storeId, a.id), eq(schema.deals.id, live.id)));
      return live.id;
    });
    const storesBefore = await t.owner.$count(schema.stores);

    // A request arriving meanwhile is read on a turn of the event loop: count the turns while the seed runs.
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const { log, info, error } = recordingLog();
    await keepDemoCurrent(t.owner, log);
    running = false;

    expect(error).toEqual([]);
    expect(info).toHaveLength(1);
    expect(info[0]?.msg).toBe('demo shops kept current');
    expect(info[0]?.obj).toMatchObject({ createdStores: 0, refreshedDeals: expect.any(Number) });
    expect(
      (info[0]?.obj as { refreshedDeals?: number } | undefined)?.refreshedDeals ?? 0,
    ).toBeGreaterThanOrEqual(1);
    expect(await t.owner.$count(schema.stores)).toBe(storesBefore);
    expect(turns).toBeGreaterThanOrEqual(open.length);

    const [deal] = await withStore(t.owner, a.id, (tx) =>
      tx
        .select({ startsAt: schema.deals.startsAt, endsAt: schema.deals.endsAt })
        .from(schema.deals)
        .where(and(eq(schema.deals.storeId, a.id), eq(schema.deals.id, expired))),
    );
    expect(deal?.startsAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(deal?.endsAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('logs a failure instead of ending the server', async () => {
    const { log, info, error } = recordingLog();
    const broken = {
      insert: () => {
        throw new Error('database gone');
      },
    } as unknown as TestApp['owner'];
    await keepDemoCurrent(broken, log);
    expect(info).toEqual([]);
    expect(error.map((e) => e.msg)).toEqual(['keeping the demo shops current failed']);
  });
});
