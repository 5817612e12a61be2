import { type CheckoutHold, STOCK_HOLD_MINUTES } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { ShopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { pgError, retryOnDeadlock } from '../../lib/pg-errors.ts';
import * as cart from '../cart/index.ts';
import { STOCK_SHORT } from '../orders/index.ts';

/**
 * Starting checkout holds the units of the shopper's selected cart lines for STOCK_HOLD_MINUTES (decision 0030):
 * line by line in the order sales lock stock (product, then variant), each through hold_stock, which locks the
 * variant's row and refuses units other shoppers hold. All or nothing: a line that cannot be held rolls the others
 * back and answers 409 naming it (HELD: there, but held by other shoppers; OUT_OF_STOCK: not there). Holding again
 * what is already held keeps the hold and its expiry, so reopening checkout does not restart the countdown; holds of
 * lines no longer selected end.
 */
export async function holdCheckout(ctx: ShopContext): Promise<CheckoutHold> {
  const { store } = ctx;
  const customerId = cart.requireCustomer(ctx.actor, store);
  const now = ctx.now();
  const until = new Date(now.getTime() + STOCK_HOLD_MINUTES * 60_000);
  return retryOnDeadlock(() =>
    withStore(ctx.deps.db, store.id, async (tx) => {
      const lines = await cart.linesToHold(tx, customerId);
      await cart.releaseOtherHolds(
        tx,
        customerId,
        lines.map((l) => l.variantId),
      );
      let ends: Date | null = null;
      for (const l of lines) {
        const at = await cart
          .holdUnits(
            tx,
            { storeId: store.id, customerId, variantId: l.variantId, quantity: l.quantity },
            now,
            until,
          )
          .catch((e) => {
            throw notHeld(e, l);
          });
        if (!ends || at < ends) ends = at;
      }
      return {
        hold_expires_at: ends ? ends.toISOString() : null,
        held_units: lines.reduce((n, l) => n + l.quantity, 0),
      };
    }),
  );
}

/** Why a line could not be held: the shop has too few, or other shoppers hold them; else the error itself. */
function notHeld(e: unknown, l: cart.LineToHold) {
  const pg = pgError(e);
  if (pg?.code !== STOCK_SHORT && pg?.code !== cart.HELD_BY_OTHERS) return e;
  const left = Number(pg.hint ?? 0);
  const name = l.variantLabel ? `${l.name} (${l.variantLabel})` : l.name;
  const held = pg.code === cart.HELD_BY_OTHERS;
  const message = held
    ? left === 0
      ? `${name} is held by another shopper at checkout. Try again in a few minutes, or remove it from your cart.`
      : `Only ${left} of ${name} can be ordered now: other shoppers hold the rest at checkout. Lower the quantity or try again in a few minutes.`
    : left === 0
      ? `${name} is out of stock. Remove it from your cart to continue.`
      : `Only ${left} of ${name} left. Lower the quantity to continue.`;
  return new AppError(409, 'CONFLICT', message, {
    reason: held ? 'HELD' : 'OUT_OF_STOCK',
    issues: [{ path: `cart_item.${l.lineId}`, message }],
  });
}
