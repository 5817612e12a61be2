import { codProblem, type DeliveryCheck, type PinPlace, rupeesToPaise } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import {
  deliveryChargePaise,
  expectedDelivery,
  listDeliveryOptions,
  toDeliveryOption,
} from '../cart/index.ts';
import { getProduct } from '../catalog/index.ts';
import { checkoutCod } from '../cod/index.ts';
import { findSettings, requiresPrepayment } from '../orders/index.ts';
import type { StoreRow } from '../stores/index.ts';
import { findPin, pinDirectory } from './pin-directory.ts';

/** Where a PIN code is; 404 for a well-formed PIN code India Post's directory does not list. */
export function lookupPin(pin: string): PinPlace {
  const place = findPin(pinDirectory(), pin);
  if (!place) throw notFound(`PIN code ${pin} is not in India Post's directory. Check the number.`);
  return { pin, ...place };
}

/** Who asks at which shop, and when ("Check delivery" is open to anyone; a signed-in customer's flags count). */
export interface DeliveryCheckContext {
  deps: Deps;
  store: StoreRow;
  actor: Actor | null;
  now: () => Date;
}

const INDIA_OFFSET_MS = 330 * 60_000;
/** A day count from now on India's calendar, as YYYY-MM-DD (Sundays skipped, as for an order's expected date). */
const indiaDate = (now: Date, days: number) =>
  expectedDelivery(new Date(now.getTime() + INDIA_OFFSET_MS), days)
    .toISOString()
    .slice(0, 10);

/** What one unit of the product (or the chosen variant) costs now, in paise; 404 for a variant it does not have. */
async function unitPricePaise(ctx: DeliveryCheckContext, productId: string, variantId: string | undefined) {
  const product = await getProduct(ctx.deps, ctx.store, productId);
  if (variantId) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (!variant) throw notFound('Variant not found');
    return { product, paise: rupeesToPaise(variant.price_now) };
  }
  return { product, paise: rupeesToPaise(product.discount_price ?? product.product_price) };
}

/**
 * "Check delivery" for a PIN code on a product page, by the rules checkout applies: the shop's active delivery
 * options priced for this product (cart's deliveryChargePaise) with their dates in India, and whether cash on
 * delivery is offered there for this amount (cod's checkoutCod and the contracts' codProblem, as at checkout, with
 * the first option's charge as checkout preselects it).
 */
export async function checkDelivery(
  ctx: DeliveryCheckContext,
  q: { pin: string; product_id: string; variant_id?: string | undefined },
): Promise<DeliveryCheck> {
  const place = lookupPin(q.pin);
  const { product, paise } = await unitPricePaise(ctx, q.product_id, q.variant_id);
  const { actor, store } = ctx;
  const customerId = actor?.role === 'CUSTOMER' && actor.storeId === store.id ? actor.userId : null;
  const [rows, settings, prepay] = await withStore(ctx.deps.db, store.id, (tx) =>
    Promise.all([
      listDeliveryOptions(tx),
      findSettings(tx),
      customerId ? requiresPrepayment(tx, customerId) : Promise.resolve(false),
    ]),
  );
  const now = ctx.now();
  const options = rows.map((o) => {
    const view = toDeliveryOption(o, deliveryChargePaise(o, paise, product.free_shipping));
    return {
      id: view.id,
      delivery_name: view.delivery_name,
      delivery_charge: view.delivery_charge,
      is_free: view.is_free,
      min_days: view.min_days,
      max_days: view.max_days,
      earliest: indiaDate(now, o.minDays),
      latest: indiaDate(now, o.maxDays),
    };
  });
  const cod = checkoutCod(settings, prepay, [{ id: q.pin, postalCode: q.pin, state: place.state }]);
  const first = options[0];
  const reason = !first
    ? 'This shop does not deliver to this PIN code'
    : !cod
      ? 'This shop does not take cash on delivery'
      : codProblem(cod, q.pin, paise + rupeesToPaise(first.delivery_charge));
  return {
    ...place,
    delivers: options.length > 0,
    options,
    cod: { available: reason === null, reason, fee: cod?.fee ?? 0 },
  };
}
