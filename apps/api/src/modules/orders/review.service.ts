import { schema, withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

import { requireCustomer } from '../cart/index.ts';

import { findUser } from './order-parties.repository.ts';
import * as repo from './orders.repository.ts';

/**
 * A customer's review of a product they received: only after a delivered order that contains it (so every
 * review here is a verified purchase), one per product. The product's rating counters move by trigger.
 */
export async function writeReview(
  { deps, actor, store }: ShopContext,
  productId: string,
  v: { rating: number; description: string; order_id?: string },
) {
  const customerId = requireCustomer(actor, store);
  if (!isUuid(productId)) throw notFound('Product not found');
  return withStore(deps.db, store.id, async (tx) => {
    const product = await repo.currentStock(tx, productId);
    if (!product) throw notFound('Product not found');
    const purchase = await repo.deliveredPurchase(tx, customerId, productId, v.order_id);
    if (!purchase) {
      throw new AppError(
        403,
        'FORBIDDEN',
        'You can review a product after your order with it is delivered.',
        {
          reason: 'NOT_PURCHASED',
        },
      );
    }
    const user = await findUser(tx, customerId);
    const name = user
      ? `${user.firstName} ${user.lastName.slice(0, 1)}${user.lastName ? '.' : ''}`.trim()
      : 'Customer';
    const rows = await tx
      .insert(schema.reviews)
      .values({
        storeId: store.id,
        productId,
        customerId,
        name,
        rating: v.rating,
        description: v.description || null,
        isVerifiedCustomer: true,
      })
      .onConflictDoNothing()
      .returning();
    const row = rows[0];
    if (!row)
      throw new AppError(409, 'CONFLICT', 'You have already reviewed this product.', {
        reason: 'ALREADY_REVIEWED',
      });
    return {
      id: row.id,
      name: row.name,
      start_rating: row.rating,
      description: row.description,
      is_verified_customer: row.isVerifiedCustomer,
      created_at: row.createdAt.toISOString(),
    };
  });
}
