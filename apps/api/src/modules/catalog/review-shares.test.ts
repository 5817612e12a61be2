import { wholeShares } from '@haat/contracts';
import { schema, withStore } from '@haat/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSuite } from '../../../test/demo-suite.ts';
import { storeIdOf } from '../../../test/harness.ts';

const { t, shops } = await demoSuite();
beforeAll(async () => {});

describe('review shares add up to 100 (issue 17 #12)', () => {
  it('splits 5 and 6 of 11 into 45 % and 55 %, and odd splits into whole shares summing to 100', () => {
    expect(wholeShares([5, 6, 0, 0, 0])).toEqual([45, 55, 0, 0, 0]);
    expect(wholeShares([1, 1, 1, 0, 0])).toEqual([34, 33, 33, 0, 0]);
    expect(wholeShares([0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0]);
    for (const counts of [
      [7, 3, 2, 1, 1],
      [1, 2, 3, 4, 5],
      [13, 0, 0, 0, 6],
    ]) {
      expect(wholeShares(counts).reduce((a, b) => a + b)).toBe(100);
    }
  });

  it('the analytics call answers whole shares that add up to 100 for 5 five-star and 6 four-star reviews', async () => {
    const storeId = (await storeIdOf(t.owner, shops.a.slug)) as string;
    const productId = await withStore(t.owner, storeId, async (tx) => {
      // The owner connection bypasses row-level security on PostgreSQL: name the shop.
      const [p] = await tx
        .select({ id: schema.products.id })
        .from(schema.products)
        .where(eq(schema.products.storeId, storeId))
        .limit(1);
      if (!p) throw new Error('no product');
      await tx.delete(schema.reviews).where(eq(schema.reviews.productId, p.id));
      await tx.insert(schema.reviews).values(
        [5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4].map((rating, i) => ({
          storeId,
          productId: p.id,
          name: `Shopper ${i}`,
          rating,
        })),
      );
      return p.id;
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/store/stores/product/${productId}/product-reviews-analytic/`,
      headers: { host: 'localhost:4000', 'store-origin': shops.a.slug },
    });
    const a = res.json().data;
    expect(a.total_reviews).toBe(11);
    expect(a.five_star_percentage).toBe(45);
    expect(a.four_star_percentage).toBe(55);
    expect(
      a.five_star_percentage +
        a.four_star_percentage +
        a.three_star_percentage +
        a.two_star_percentage +
        a.one_star_percentage,
    ).toBe(100);
  });
});
