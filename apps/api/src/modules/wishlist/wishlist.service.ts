import {
  paiseToRupees,
  stockStatus,
  type WishlistData,
  type WishlistItem,
  type WishlistSaveBody,
  type WishlistSaved,
} from '@haat/contracts';
import { withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { sameShopperElsewhere } from '../accounts/index.ts';
import * as repo from './wishlist.repository.ts';

type Ctx = Pick<ShopContext, 'deps' | 'actor' | 'store'>;

/**
 * Saves a product of this shop (and the option chosen, if any) to the customer's wishlist, with what it costs now
 * (for "₹200 less than when you saved it"). Only an active product; a variant must be one of the product's. A
 * product without options is saved without a variant. Saving again keeps one row with the new variant and price.
 */
export async function saveToWishlist(
  { deps, actor, store }: Ctx,
  body: WishlistSaveBody,
): Promise<WishlistSaved & { inserted: boolean }> {
  return withStore(deps.db, store.id, async (tx) => {
    const product = await repo.productToSave(tx, body.product_id);
    if (!product) throw notFound('Product not found');
    const variantId = product.hasVariants ? (body.variant_id ?? null) : null;
    let pricePaise = product.effectivePricePaise;
    if (variantId) {
      const price = await repo.variantPrice(tx, product.id, variantId);
      if (price === null) {
        throw badRequest('Please choose one of the product’s options', [
          { path: 'variant_id', message: 'This option is not one of the product’s' },
        ]);
      }
      pricePaise = price;
    }
    const row = await repo.saveItem(tx, {
      storeId: store.id,
      customerId: actor.userId,
      productId: product.id,
      variantId,
      pricePaise,
    });
    return {
      id: row.id,
      product_id: row.productId,
      variant_id: row.variantId,
      price_at_save: paiseToRupees(row.priceAtSavePaise),
      inserted: row.inserted,
    };
  });
}

/** Removes a saved product of this shop; 404 when it was not saved here (another shop's rows are not seen). */
export async function removeFromWishlist({ deps, actor, store }: Ctx, productId: string) {
  const gone = await withStore(deps.db, store.id, (tx) => repo.removeItem(tx, actor.userId, productId));
  if (!gone) throw notFound('This product is not in your wishlist');
}

/** The product ids saved at this shop: what the hearts on cards and the product page show filled. */
export async function savedHere({ deps, actor, store }: Ctx) {
  return withStore(deps.db, store.id, (tx) => repo.savedProductIds(tx, actor.userId));
}

export function toWishlistItem(r: repo.WishlistRow): WishlistItem {
  const nowPaise = r.variantPricePaise ?? r.effectivePricePaise;
  const quantity = r.variantQuantity ?? r.quantity;
  const available = r.status === 'ACTIVE';
  return {
    id: r.itemId,
    product_id: r.id,
    variant_id: r.variantId,
    product_name: r.name,
    variant_label: r.variantLabel,
    thumbnail: r.variantImage ?? r.images[0] ?? null,
    price_now: paiseToRupees(nowPaise),
    price_at_save: paiseToRupees(r.priceAtSavePaise),
    price_drop: paiseToRupees(Math.max(0, r.priceAtSavePaise - nowPaise)),
    stock_status: available
      ? stockStatus(quantity, r.variantThreshold ?? r.lowStockThreshold)
      : 'OUT_OF_STOCK',
    quantity: available ? Math.max(0, quantity) : 0,
    available,
    saved_at: r.savedAt.toISOString(),
  };
}

/**
 * The wishlist across shops (decision 0029): this shop's saved products, then those saved at every other shop the
 * shopper's Haat account is linked to, read shop by shop under each shop's row-level security and only through the
 * customer rows linked to this customer's own account. Shops with nothing saved are left out (this one is always
 * first, even empty).
 */
export async function listWishlist({ deps, actor, store }: Ctx): Promise<WishlistData> {
  const here = { userId: actor.userId, storeId: store.id, shopName: store.storeName, slug: store.slug };
  const elsewhere = await sameShopperElsewhere(deps.db, actor.userId, store.id);
  return { shops: await wishlistsAt(deps, [here, ...elsewhere], store.id) };
}

/** The marketplace account's wishlist (decision 0036): what the shopper saved at every shop of their Haat account. */
export async function wishlistAtEveryShop(deps: Deps, userId: string) {
  return wishlistsAt(deps, await sameShopperElsewhere(deps.db, userId, null), null);
}

/** The saved products of these customer rows, shop by shop; a shop with none is left out unless it is `current`. */
async function wishlistsAt(
  deps: Deps,
  list: { userId: string; storeId: string; shopName: string; slug: string }[],
  currentStoreId: string | null,
) {
  const shops: WishlistData['shops'] = [];
  for (const shop of list) {
    const rows = await withStore(deps.db, shop.storeId, (tx) => repo.listItems(tx, shop.userId));
    const current = shop.storeId === currentStoreId;
    if (!rows.length && !current) continue;
    shops.push({
      store_id: shop.storeId,
      slug: shop.slug,
      shop_name: shop.shopName,
      current,
      items: rows.map(toWishlistItem),
    });
  }
  return shops;
}
