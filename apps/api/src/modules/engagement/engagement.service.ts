import type { SaleNotifyData } from '@haat/contracts';
import { withStore } from '@haat/db';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { type Actor, clientIp } from '../../plugins/auth.ts';
import type { StoreRow } from '../stores/stores.repository.ts';
import * as repo from './engagement.repository.ts';

/**
 * Anyone may subscribe any address, so every sign-up box (Notify Me, a shop's newsletter, the platform's) is
 * limited per client address: 5 in 10 minutes and 20 a day each, enough for a family behind one router, too
 * little to turn a shop into a mailing cannon.
 */
export const SUBSCRIPTION_LIMITS = { perTenMinutes: 5, perDay: 20 } as const;

export const limitSubscriptions = (
  deps: Deps,
  req: FastifyRequest,
  what: 'sale-notify' | 'shop-newsletter' | 'newsletter',
) =>
  enforceLimits(
    deps,
    [
      { key: `${what}:ip:${clientIp(req)}`, max: SUBSCRIPTION_LIMITS.perTenMinutes, windowSeconds: 600 },
      { key: `${what}:ip-day:${clientIp(req)}`, max: SUBSCRIPTION_LIMITS.perDay, windowSeconds: 86_400 },
    ],
    'Too many sign-ups from your network. Please wait a few minutes and try again.',
  );

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Notify Me on an upcoming sale. A signed-in customer of this shop is subscribed with their account email;
 * anyone else must give one. Only a sale of this shop that has not started can be subscribed to; subscribing
 * the same address again is not an error.
 */
export async function subscribeToSale(
  deps: Deps,
  store: StoreRow,
  actor: Actor | null,
  dealId: string,
  givenEmail: string | undefined,
): Promise<SaleNotifyData> {
  const customerId = actor?.role === 'CUSTOMER' && actor.storeId === store.id ? actor.userId : null;
  const accountEmail = customerId ? await repo.accountEmail(deps.db, customerId) : null;
  const email = accountEmail ?? (givenEmail ? normalise(givenEmail) : null);
  if (!email) {
    throw badRequest('Please enter your email address so we can tell you when the sale starts', [
      { path: 'email', message: 'Please enter your email address' },
    ]);
  }
  if (!isUuid(dealId)) throw notFound('Sale not found');
  return withStore(deps.db, store.id, async (tx) => {
    const deal = await repo.findDeal(tx, dealId);
    if (!deal) throw notFound('Sale not found');
    if (deal.ended) throw conflict('This sale has already ended', 'SALE_ENDED');
    if (deal.started) throw conflict('This sale has already started: the offer is live now', 'SALE_STARTED');
    const added = await repo.addSaleSubscription(tx, {
      storeId: store.id,
      dealId: deal.id,
      email,
      customerId: accountEmail ? customerId : null,
    });
    return {
      deal_id: deal.id,
      email,
      starts_at: deal.startsAt.toISOString(),
      already_subscribed: !added,
    };
  });
}

/** The shop footer's newsletter: one row per shop and address. */
export async function subscribeToShopNewsletter(deps: Deps, store: StoreRow, givenEmail: string) {
  const email = normalise(givenEmail);
  const added = await withStore(deps.db, store.id, (tx) => repo.addShopNewsletter(tx, store.id, email));
  if (!added) throw conflict('This email is already subscribed', 'ALREADY_SUBSCRIBED');
  return { email };
}
