import { envelope, type OtherShopAddress, otherShopAddress } from '@haat/contracts';
import { withStore } from '@haat/db';
import { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import { errorReplies, storeOriginHeaders, type ZodApp } from '../../lib/route-schemas.ts';
import type { Actor } from '../../plugins/auth.ts';
import { requireShopCustomer } from '../../plugins/auth.ts';

import { sameShopperElsewhere } from '../accounts/index.ts';
import type { StoreRow } from '../stores/index.ts';
import * as repo from './checkout.repository.ts';

/** At most this many addresses from other shops are offered. */
const OFFERED = 20;

const sameKey = (a: { fullName: string; addressLine1: string; addressLine2: string; postalCode: string }) =>
  [a.fullName, a.addressLine1, a.addressLine2, a.postalCode].map((v) => v.trim().toLowerCase()).join('|');

/**
 * The shopper's delivery addresses saved at the other shops of their Haat account (decision 0029), read shop by
 * shop under each shop's row-level security and only for the rows linked to this shopper's own account; those
 * already in this shop's book are left out. Choosing one at checkout saves it here (POST /address/).
 */
export async function otherShopAddresses(deps: Deps, actor: Actor, store: StoreRow) {
  const elsewhere = await sameShopperElsewhere(deps.db, actor.userId, store.id);
  if (!elsewhere.length) return [];
  const seen = new Set(
    (await withStore(deps.db, store.id, (tx) => repo.listAddresses(tx, actor.userId))).map(sameKey),
  );
  return addressesAt(deps, elsewhere, seen);
}

/** The marketplace account's addresses (decision 0036): those saved at every shop of the shopper's Haat account. */
export async function addressesAtEveryShop(deps: Deps, userId: string) {
  return addressesAt(deps, await sameShopperElsewhere(deps.db, userId, null), new Set());
}

/** The addresses of these customer rows, each shop's under its row-level security, once each and not `seen`. */
async function addressesAt(
  deps: Deps,
  elsewhere: Awaited<ReturnType<typeof sameShopperElsewhere>>,
  seen: Set<string>,
) {
  const offered: OtherShopAddress[] = [];
  for (const shop of elsewhere) {
    const rows = await withStore(deps.db, shop.storeId, (tx) => repo.listAddresses(tx, shop.userId));
    for (const r of rows) {
      if (seen.has(sameKey(r)) || offered.length >= OFFERED) continue;
      seen.add(sameKey(r));
      offered.push({
        full_name: r.fullName,
        phone_number: r.phoneNumber,
        address_line1: r.addressLine1,
        address_line2: r.addressLine2,
        city: r.city,
        state: r.state,
        postal_code: r.postalCode,
        country: r.country,
        shop_name: shop.shopName,
      });
    }
  }
  return offered;
}

/** GET /address/other-shops/: addresses kept once and offered at every shop of the shopper's Haat account. */
export function otherShopAddressRoutes(app: ZodApp, deps: Deps) {
  app.get('/address/other-shops/', {
    schema: {
      tags: ['checkout'],
      summary: "The customer's addresses saved at their other shops (one Haat shopper account), to use here",
      headers: storeOriginHeaders,
      response: { 200: envelope(z.array(otherShopAddress)), ...errorReplies },
    },
    handler: async (req) => {
      const { store, actor } = await requireShopCustomer(deps, req);
      return ok(await otherShopAddresses(deps, actor, store), 'Addresses from your other shops fetched');
    },
  });
}
