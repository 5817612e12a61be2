import type { DeleteAccountResult, HaatAccount, MarketplaceAccount } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';
import { findUserById, forgetSessions } from '../accounts/index.ts';
import { addressesAtEveryShop } from '../checkout/index.ts';
import { wishlistAtEveryShop } from '../wishlist/index.ts';
import * as repo from './privacy.repository.ts';

/*
 * "Your Haat account" (issue 40, decision 0032): which shops hold the shopper's data, and deleting the account. The
 * session is one shop's (a token for shop A is refused at shop B), but the account spans every linked shop.
 */

async function shopperOf(deps: Deps, actor: Actor) {
  const user = await findUserById(deps.db, actor.userId);
  if (user?.role !== 'CUSTOMER' || user.erasedAt) throw notFound('Account not found');
  return user;
}

const fullName = (r: repo.ShopperRow) => `${r.firstName} ${r.lastName}`.trim() || null;

/** Each shop holding the shopper's data: what (email, name, phone, addresses, orders) and since when. */
export async function haatAccountOf(deps: Deps, actor: Actor): Promise<HaatAccount> {
  const user = await shopperOf(deps, actor);
  const rows = await repo.rowsOfShopper(deps.db, user);
  const shops: HaatAccount['shops'] = [];
  for (const r of rows) {
    const held = await withStore(deps.db, r.storeId, (tx) => repo.heldCounts(tx, r.storeId, r.userId));
    shops.push({
      store_name: r.storeName,
      slug: r.slug,
      this_shop: r.userId === user.id,
      email: r.email,
      name: fullName(r),
      phone: r.phone,
      ...held,
      shared_at: r.sharedAt?.toISOString() ?? null,
      since: r.createdAt.toISOString(),
    });
  }
  return { email: user.email, linked: !!user.shopperAccountId, shops };
}

/** The marketplace's account page (decision 0036): the shops holding the data, the addresses and wishlists there. */
export async function marketplaceAccountOf(deps: Deps, actor: Actor): Promise<MarketplaceAccount> {
  const account = await haatAccountOf(deps, actor);
  const addresses = await addressesAtEveryShop(deps, actor.userId);
  return { ...account, addresses, wishlist: await wishlistAtEveryShop(deps, actor.userId) };
}

/**
 * Deletes the shopper's Haat account once they typed its email: at every linked shop the customer row and its data
 * are erased or anonymised and the orders kept anonymised (repository), in one transaction; then every session
 * of every row ends at once on every instance.
 */
export async function deleteHaatAccount(
  deps: Deps,
  actor: Actor,
  confirmEmail: string,
): Promise<DeleteAccountResult> {
  const user = await shopperOf(deps, actor);
  if (confirmEmail !== user.email) {
    const message = `Type ${user.email} to confirm.`;
    throw badRequest(message, [{ path: 'confirm_email', message }]);
  }
  const rows = await repo.rowsOfShopper(deps.db, user);
  const emails = [...new Set([user.email, ...rows.map((r) => r.email)])];
  // The marketplace's row of the account (decision 0036) goes too, from either place.
  const ids = [
    ...new Set([user.id, ...rows.map((r) => r.userId), ...(await repo.rowsOfNoShop(deps.db, user))]),
  ];
  const ordersKept = await deps.db.transaction(async (tx) => {
    let kept = 0;
    for (const row of rows) {
      await repo.enterShop(tx, row.storeId);
      kept += await repo.eraseAtShop(tx, row, emails);
    }
    await repo.enterShop(tx, null);
    await repo.erasePlatform(tx, ids, user.shopperAccountId, emails);
    return kept;
  });
  for (const id of ids) forgetSessions(deps, id);
  return { shops: rows.length, orders_kept: ordersKept };
}
